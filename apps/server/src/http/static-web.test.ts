import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { staticWebPlugin } from './static-web.ts';

// A built web folder with the three pages, each saying which it is.
async function appOver(files: string[]) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  for (const f of files) fs.writeFileSync(path.join(dist, f), `<title>${f}</title>`);
  const app = Fastify();
  await app.register(staticWebPlugin, { dist });
  app.setNotFoundHandler((req, reply) => app.sendAppShell(req.url, reply));
  await app.ready();
  return { app, dist };
}

describe('the app shell for each address', () => {
  const made: { app: Awaited<ReturnType<typeof appOver>>['app']; dist: string }[] = [];
  afterAll(async () => {
    for (const m of made) {
      await m.app.close();
      fs.rmSync(m.dist, { recursive: true, force: true });
    }
  });

  it('serves the phone portal at /phoneModify and its child paths, the portal and console elsewhere', async () => {
    const m = await appOver(['index.html', 'phone.html', 'console.html']);
    made.push(m);
    const page = async (url: string) => (await m.app.inject({ method: 'GET', url })).body;
    expect(await page('/phoneModify')).toBe('<title>phone.html</title>');
    expect(await page('/phoneModify/orders/12')).toBe('<title>phone.html</title>');
    expect(await page('/phoneModify?lang=en')).toBe('<title>phone.html</title>');
    expect(await page('/phoneModifyX')).toBe('<title>index.html</title>');
    expect(await page('/home/myOrder')).toBe('<title>index.html</title>');
    expect(await page('/console/orders')).toBe('<title>console.html</title>');
  });

  it('falls back to the portal page when a build has no phone page', async () => {
    const m = await appOver(['index.html', 'console.html']);
    made.push(m);
    const r = await m.app.inject({ method: 'GET', url: '/phoneModify/orders' });
    expect(r.body).toBe('<title>index.html</title>');
  });
});
