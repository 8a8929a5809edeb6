import type { Page, Response } from '@playwright/test';
import { test, expect, apiData } from './fixtures.ts';

/** The image captcha on the login page (issue 32, item 6): a JPEG picture, read in demo mode through the hook. */

function nextCaptcha(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/api/login/getImageCode'));
}
async function answerOf(page: Page, res: Response): Promise<string> {
  const token = ((await res.json()) as { data: { imageCodeToken: string } }).data.imageCodeToken;
  return (await apiData<{ answer: string }>(page, `/api/dev/captcha?token=${token}`)).answer;
}
/** The picture as the browser decoded it. */
const shown = (page: Page, alt: string) =>
  page.getByRole('img', { name: alt }).evaluate((img: HTMLImageElement) => ({
    src: img.src.slice(0, 23),
    full: img.src,
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));

test('the login captcha is a JPEG picture that refreshes on click and is answered in either language', async ({
  page,
}) => {
  let cap = nextCaptcha(page);
  await page.goto('/login');
  await answerOf(page, await cap);
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  const first = await shown(page, '图形验证码');
  expect([first.src, first.width, first.height]).toEqual(['data:image/jpeg;base64,', 160, 50]);

  // Clicking the picture draws a new one.
  cap = nextCaptcha(page);
  await page.getByRole('button', { name: '看不清？点击图片换一张' }).click();
  const answer = await answerOf(page, await cap);
  await expect.poll(async () => (await shown(page, '图形验证码')).full).not.toBe(first.full);
  await page.screenshot({ path: 'test-results/screens/captcha-login-zh.png', fullPage: true });

  // Its answer (from the demo hook) pays for a code.
  await page.getByLabel('手机号').fill(`137${String(Date.now() % 100000000).padStart(8, '0')}`);
  await page.getByLabel('图形验证码').fill(answer.toLowerCase());
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  cap = nextCaptcha(page);
  await page.reload();
  await answerOf(page, await cap);
  await expect(page.getByRole('img', { name: 'Image code' })).toBeVisible();
  const en = await shown(page, 'Image code');
  expect([en.src, en.width, en.height]).toEqual(['data:image/jpeg;base64,', 160, 50]);
  await expect(page.getByRole('button', { name: 'Hard to read? Click the picture for a new one' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/captcha-login-en.png', fullPage: true });
});
