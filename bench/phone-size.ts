/**
 * The phone portal's first load: the JavaScript a phone downloads to show /phoneModify (the
 * login screen) and, logged in, the order list, each file's gzip size and the sum. Aim: at most
 * 150 KB gzip. Measured in Debian's Chromium with an iPhone profile against the built web.
 *
 *   npm run bench:phone-size      (builds the web first; WEB_DIST for another build folder)
 */
import zlib from 'node:zlib';
import { chromium, devices, type Page } from '@playwright/test';
import { startServer } from '../e2e/server.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const AIM_KB = 150;
const kb = (n: number) => (n / 1024).toFixed(1);

/** Opens `path` and sums the gzip size of every script the page fetched until the network was quiet. */
async function firstLoad(page: Page, url: string): Promise<{ files: [string, number][]; total: number }> {
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (!/\.m?js(\?|$)/.test(r.url())) return;
    pending.push(
      r.body().then((b) => {
        files.set(new URL(r.url()).pathname, zlib.gzipSync(b).length);
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  page.off('response', onResponse);
  const list = [...files.entries()].sort((a, b) => b[1] - a[1]);
  return { files: list, total: list.reduce((s, [, n]) => s + n, 0) };
}

async function main() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { defaultBrowserType: _, ...iphone } = devices['iPhone 13'];
    const rows: [string, Awaited<ReturnType<typeof firstLoad>>][] = [];
    {
      const ctx = await browser.newContext({ ...iphone, baseURL: server.url });
      rows.push(['login (/phoneModify)', await firstLoad(await ctx.newPage(), '/phoneModify')]);
      await ctx.close();
    }
    {
      const ctx = await browser.newContext({ ...iphone, baseURL: server.url });
      const page = await ctx.newPage();
      const r = await page.request.post('/api/dev/login', { data: { mobile: '13800000001' } });
      const d = ((await r.json()) as { data: Record<string, string | number | boolean> }).data;
      await ctx.addInitScript((s) => {
        for (const k of ['token', 'randomKey', 'memberId', 'isFirst']) sessionStorage.setItem(k, String(s[k]));
        localStorage.setItem('randomKey', String(s.randomKey));
        sessionStorage.setItem('isLogin', 'true');
      }, d);
      rows.push(['order list (/phoneModify/orders)', await firstLoad(page, '/phoneModify/orders')]);
      await ctx.close();
    }
    console.log(`\nPhone portal first load, JavaScript gzip (aim: at most ${AIM_KB} KB)`);
    for (const [name, r] of rows) {
      console.log(
        `${name}: ${kb(r.total)} KB in ${r.files.length} files (ratio to aim ${(r.total / 1024 / AIM_KB).toFixed(2)})`,
      );
      for (const [f, n] of r.files.slice(0, 8)) console.log(`  ${f.padEnd(52)} ${kb(n)} KB`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
