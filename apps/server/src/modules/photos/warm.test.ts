import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memberSession, testApp } from '../../../test/helpers.ts';
import { photoCheckReady, warmPhotoCheck } from './photo-service.ts';

const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/photos');
let app: FastifyInstance;
afterAll(() => app?.close());

describe('the check models load when the server starts listening', () => {
  it('readiness answers 503 until the models are in, then 200; the first upload then pays no model load', async () => {
    app = await testApp();
    expect(photoCheckReady(app.ctx)).toBe(true); // a test app that never listens loads nothing
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const early = await fetch(`${base}/api/health/ready`);
    expect(early.status).toBe(503);
    expect(((await early.json()) as { msg: string }).msg).toBe('照片检测正在启动，请稍候');
    await warmPhotoCheck(app.ctx);
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);

    const s = await memberSession(app);
    const boundary = '----warmBoundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      readFileSync(path.join(dir, 'compliant-1.jpg')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = async () => {
      const t = performance.now();
      const r = await fetch(`${base}/api/img/upload`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${s.token}`,
          memberid: String(s.memberId),
        },
        body,
      });
      expect(((await r.json()) as { code: number }).code).toBe(200);
      return performance.now() - t;
    };
    const first = await send();
    const second = await send();
    console.log(`uploads after start: first ${first.toFixed(0)} ms, second ${second.toFixed(0)} ms`);
    // The first pays no model load: within a small factor of the second (the machine is shared, so no absolute bound).
    expect(first).toBeLessThan(second * 2 + 150);
  }, 120_000);
});
