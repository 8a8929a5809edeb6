import path from 'node:path';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { test as base, expect, loginAs } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';
import { fakeCamera, haveRealworld, makeClip } from './camera-clips.ts';

// One server for the file; these journeys start their own browsers (each with its own fake camera).
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture (Playwright reads the pattern)
    async ({}, use) => {
      const s = await startServer();
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

// Screens go to test-results/screens (SCREENS_DIR elsewhere: a parallel run cleans test-results).
const shot = (name: string) => path.join(process.env.SCREENS_DIR ?? 'test-results/screens', name);

/** The browser of these journeys: the project's, without --disable-gpu (the face model runs on WebGL), with a fake camera. */
const browserWith = (clip: string) => ({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--enable-unsafe-swiftshader',
    ...fakeCamera(clip),
  ],
});

// A compliant photo and two the check refuses (too small in the frame; too dark), as webcam clips.
const clips = haveRealworld
  ? {
      compliant: await makeClip('obama-compliant.jpg'),
      far: await makeClip('kate-zoomed-out.jpg'),
      dark: await makeClip('damon-too-dark.jpg'),
    }
  : null;

/** A phone (Chromium's emulation of a Pixel 7: its screen, touch and user agent), sent to the phone portal. */
const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];

let seq = 0;
/**
 * On the phone portal: a member's order refused by the review, its photo fix page, and the camera
 * opened from its 拍照 button (the live capture, as on the desktop).
 */
async function openPhoneCamera(page: Page, lang: 'zh' | 'en' = 'zh') {
  const mobile = `136${String(Date.now() % 100000).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;
  const made = await page.request.post('/api/dev/order', {
    data: { mobile, kind: 'individual', persons: 1, withShipping: true, state: 125 },
  });
  const order = ((await made.json()) as { data: { id: number } }).data;
  if (lang === 'en') await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  // On the phone's own page first: the desktop home would hand a phone over to it mid-login.
  await page.goto('/phoneModify/login');
  await loginAs(page, mobile, { name: '王同学', mail: `${mobile}@example.com` });
  await page.goto(`/phoneModify/orders/${order.id}`);
  await page.getByRole('button', { name: lang === 'en' ? /^Take a new photo of / : /^为 .+ 重新拍照$/ }).tap();
  await page.getByRole('button', { name: lang === 'en' ? 'Take photo' : '拍照', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: lang === 'en' ? 'Take your photo' : '现场拍照' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-instruction]:not([data-instruction=""])')).toBeVisible({ timeout: 300_000 });
  return dialog;
}

/** Opens the photo step of the guide page and the camera on it. */
async function openCamera(page: Page, lang: 'zh' | 'en' = 'zh') {
  await loginAs(page, '13800000001');
  if (lang === 'en') await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/home/photoGuide');
  await page.getByRole('button', { name: lang === 'en' ? 'Take a photo' : '拍照' }).click();
  const dialog = page.getByRole('dialog', { name: lang === 'en' ? 'Take your photo' : '现场拍照' });
  await expect(dialog).toBeVisible();
  // The guidance runs once the model is in (loaded only now, from the portal itself).
  await expect(dialog.locator('[data-instruction]:not([data-instruction=""])')).toBeVisible({ timeout: 300_000 });
  return dialog;
}

test.describe('live capture, a compliant photo', () => {
  test.skip(!clips, 'the real-world photos (../shared/data/photos-realworld) are absent');
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await chromium.launch(browserWith(clips!.compliant));
  });
  test.afterAll(() => browser?.close());

  test('the shutter opens, the photo is taken, checked and accepted (desktop)', async ({ server }) => {
    test.setTimeout(900_000);
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(server.url).origin)) outside.push(r.url());
    });
    const dialog = await openCamera(page);
    const shutter = dialog.getByRole('button', { name: '拍照', exact: true });
    await expect(shutter).toBeEnabled({ timeout: 180_000 });
    await expect(dialog.getByRole('status')).toHaveText(/很好，保持不动，可以拍照了/);
    await page.screenshot({ path: shot('camera-ready-zh.png') });
    await shutter.click();
    await expect(dialog.getByRole('img', { name: '请确认照片' })).toBeVisible();
    await page.screenshot({ path: shot('camera-review-zh.png') });
    // The upload carries the capture token (its body is a stream the browser does not expose; the
    // server's capture-only test checks the token): the server answers it as any photo.
    const answered = page.waitForResponse((r) => r.url().includes('/api/img/upload'));
    await dialog.getByRole('button', { name: '使用这张照片' }).click();
    expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    await expect(page.getByText('照片可用,请继续填写')).toBeVisible({ timeout: 300_000 });
    await expect(page.getByRole('img', { name: '照片预览' })).toHaveAttribute('src', /\/api\/img\/view\//);
    // Nothing went anywhere but the portal (the model included).
    expect(outside.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    await context.close();
  });

  test('on the phone portal, in English: the instruction is text, the shutter opens', async ({ server }) => {
    test.setTimeout(900_000);
    const context = await browser.newContext({ ...phone, baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    const dialog = await openPhoneCamera(page, 'en');
    await expect(dialog.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled({ timeout: 180_000 });
    await expect(dialog.getByRole('status')).toHaveText(/Good: hold still, you can take the photo/);
    await page.screenshot({ path: shot('camera-ready-phone-en.png') });
    await context.close();
  });
});

test.describe('live capture, a photo too small in the frame', () => {
  test.skip(!clips, 'the real-world photos (../shared/data/photos-realworld) are absent');
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await chromium.launch(browserWith(clips!.far));
  });
  test.afterAll(() => browser?.close());

  test('the shutter stays closed and the student is told to come closer (zh, then en)', async ({ server }) => {
    test.setTimeout(900_000);
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const dialog = await openCamera(page);
    await expect(dialog.getByRole('status')).toHaveText(/请靠近一些/, { timeout: 180_000 });
    await expect(dialog.getByRole('button', { name: '拍照', exact: true })).toBeDisabled();
    await page.screenshot({ path: shot('camera-closer-zh.png') });
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    const en = page.getByRole('button', { name: 'Take a photo' });
    await en.click();
    const d = page.getByRole('dialog', { name: 'Take your photo' });
    await expect(d.getByRole('status')).toHaveText(/Come closer/, { timeout: 300_000 });
    await expect(d.getByRole('button', { name: 'Take photo', exact: true })).toBeDisabled();
    await page.screenshot({ path: shot('camera-closer-en.png') });
    await context.close();
  });
});

test.describe('live capture, a dark picture', () => {
  test.skip(!clips, 'the real-world photos (../shared/data/photos-realworld) are absent');
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await chromium.launch(browserWith(clips!.dark));
  });
  test.afterAll(() => browser?.close());

  test('on the phone portal the student is asked for more light and cannot shoot', async ({ server }) => {
    test.setTimeout(900_000);
    const context = await browser.newContext({ ...phone, baseURL: server.url, locale: 'zh-CN' });
    const page = await context.newPage();
    const dialog = await openPhoneCamera(page);
    await expect(dialog.getByRole('status')).toHaveText(/光线太暗/, { timeout: 180_000 });
    await expect(dialog.getByRole('button', { name: '拍照', exact: true })).toBeDisabled();
    await page.screenshot({ path: shot('camera-dark-phone-zh.png') });
    await context.close();
  });
});
