import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memberSession, testApp } from '../../../test/helpers.ts';
import { configuredPool } from './state.ts';
import { failingWorkerMarker } from '../../../test/fixtures/failing-check-worker-marker.ts';

// The app's pool is replaced here by one with a worker that fails at start while the marker exists.
const workerUrl = new URL('../../../test/fixtures/failing-check-worker.ts', import.meta.url).href;
const photo = readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/photos/compliant-1.jpg'));
let app: FastifyInstance;
afterAll(async () => {
  rmSync(failingWorkerMarker, { force: true });
  await app?.close();
  await app?.ctx.photos.pool.close();
});

describe('readiness and uploads while no check worker can start', () => {
  it('answers not ready and refuses uploads plainly, then is ready again once a worker starts', async () => {
    app = await testApp();
    const pool = (app.ctx.photos.pool = configuredPool(app.ctx.config, {
      workerUrl,
      retry: { firstMs: 50, maxMs: 200 },
    }));
    writeFileSync(failingWorkerMarker, '');
    const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).statusCode).toBe(200);

    const s = await memberSession(app);
    const boundary = '----poolBoundary';
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/api/img/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${s.token}`,
          memberid: String(s.memberId),
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 503, msg: '照片检测暂不可用，请稍后再试' });
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ msg: '照片检测暂不可用，请稍后再试' });

    rmSync(failingWorkerMarker);
    const end = Date.now() + 20_000;
    while (!pool.available && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect((await ready()).statusCode).toBe(200);
  }, 60_000);
});
