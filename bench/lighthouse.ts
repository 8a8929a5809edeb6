/**
 * Lighthouse (desktop preset) on the built portal in Debian's Chromium: performance and
 * accessibility of the home page and the login page. Aim: 90 or more for each.
 *
 *   npm run bench:lighthouse      (builds the web first; CHROME_PATH to use another Chromium)
 *
 * A first-time visitor is measured: a fresh browser profile, so the home page opens with
 * its important-notice dialog, as a student's first visit does.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '../e2e/server.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const AIM = 90;
const PAGES = [
  { name: 'home', path: '/home' },
  { name: 'login', path: '/login' },
];

interface Scores {
  page: string;
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failing: string[];
}

async function audit(url: string, port: number): Promise<Omit<Scores, 'page'>> {
  const r = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  if (!r) throw new Error(`no result for ${url}`);
  const { categories, audits } = r.lhr;
  const score = (c: string) => Math.round((categories[c]?.score ?? 0) * 100);
  // The accessibility audits that fail, so a low score says what to fix.
  const failing = (categories.accessibility?.auditRefs ?? [])
    .filter((a) => a.weight > 0 && audits[a.id]?.score === 0)
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: audits['first-contentful-paint']?.displayValue ?? '',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    tbt: audits['total-blocking-time']?.displayValue ?? '',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '',
    failing,
  };
}

async function main() {
  if (!fs.existsSync(CHROME)) {
    console.log(`no Chromium at ${CHROME}: skipped (node scripts/ensure-chromium.mjs installs it)`);
    return;
  }
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) {
    console.log('the web is not built: run `npm run build` first');
    process.exitCode = 1;
    return;
  }
  const server = await startServer({ LOG_LEVEL: 'error' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Scores[] = [];
  try {
    for (const p of PAGES) rows.push({ page: p.name, ...(await audit(server.url + p.path, chrome.port)) });
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('\nLighthouse, desktop preset (aim: performance and accessibility at least 90)');
  console.log('page     performance  accessibility   FCP      LCP      TBT      CLS   ratio to aim (perf / a11y)');
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(8)} ${String(r.performance).padStart(11)} ${String(r.accessibility).padStart(14)}   ${r.fcp.padEnd(8)} ${r.lcp.padEnd(8)} ${r.tbt.padEnd(8)} ${r.cls.padEnd(5)} ${(r.performance / AIM).toFixed(2)} / ${(r.accessibility / AIM).toFixed(2)}`,
    );
    if (r.failing.length) console.log(`         accessibility audits failing: ${r.failing.join(', ')}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
