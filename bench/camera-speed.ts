/**
 * npm run bench:camera: the live camera's guidance in Debian's Chromium, fed a webcam clip made
 * from a real compliant photo, with the CPU throttled 4× (a mid-range phone): how long the face
 * model takes to load after the camera opens (first visit, then again after a reload, from the
 * browser's cache) and how many frames a second the guidance runs. Aims: load under 2 s warm,
 * at least 10 frames a second. The figures are the component's own (data-model-ms, data-fps).
 */
import { chromium, type Page } from '@playwright/test';
import { fakeCamera, haveRealworld, makeClip } from '../e2e/camera-clips.ts';
import { startServer } from '../e2e/server.ts';
import { loginAs } from '../e2e/fixtures.ts';

const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const SAMPLE_S = 6;
const LOAD_AIM_MS = 2000;
const FPS_AIM = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/** Opens the camera on the photo guide page; the model's load time once the guidance runs. */
async function openCamera(page: Page): Promise<number> {
  await page.goto('/home/photoGuide');
  await page.getByRole('button', { name: '拍照' }).click();
  const dialog = page.getByRole('dialog', { name: '现场拍照' });
  const timed = dialog.locator('[data-model-ms]:not([data-model-ms=""])');
  await timed.waitFor({ timeout: 300_000 });
  return Number(await timed.getAttribute('data-model-ms'));
}

async function framesPerSecond(page: Page): Promise<number> {
  const el = page.locator('[data-fps]');
  await page.waitForTimeout(1500);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLE_S * 2; i++) {
    samples.push(Number(await el.getAttribute('data-fps')));
    await page.waitForTimeout(500);
  }
  return median(samples);
}

async function main() {
  if (!haveRealworld) {
    console.log('camera speed: skipped (the real-world photos beside the repository are absent)');
    return;
  }
  const clip = await makeClip('obama-compliant.jpg');
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--enable-unsafe-swiftshader', ...fakeCamera(clip)],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
    const page = await context.newPage();
    await loginAs(page, '13800000991', { name: '压测', isFirst: false });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const cold = await openCamera(page);
    const fps = await framesPerSecond(page);
    // Again after a reload: the model and its runtime come from the browser's cache.
    await page.reload();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const warm = await openCamera(page);
    const r = (x: number) => x.toFixed(2);
    console.log(`live camera guidance in Chromium, CPU throttled ${THROTTLE}× (WebGL in software: no GPU here)`);
    console.log(
      `  model ready after the camera opens: first ${cold} ms, from cache ${warm} ms (aim < ${LOAD_AIM_MS} ms: ratio ${r(warm / LOAD_AIM_MS)})`,
    );
    console.log(`  guidance frames per second:        ${fps} (aim ≥ ${FPS_AIM}: ratio ${r(fps / FPS_AIM)})`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
