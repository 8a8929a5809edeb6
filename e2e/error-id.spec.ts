import type { Response } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/** Issue 40, item 6: a failed call's red toast names its request id, the one on its access line. */

const sent = (r: Response) => r.url().includes('/api/login/') && !r.url().includes('getImageCode');

test('a refused call shows its error id in the red toast, the x-request-id of the answer (zh and en)', async ({
  page,
}) => {
  let cap = page.waitForResponse((r) => r.url().includes('/api/login/getImageCode'));
  await page.goto('/login');
  await cap;
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await page.getByLabel('手机号').fill(`137${String(Date.now() % 100000000).padStart(8, '0')}`);
  await page.getByLabel('图形验证码').fill('zzzz');
  const answer = page.waitForResponse(sent);
  await page.getByRole('button', { name: /获取验证码/ }).click();
  const id = (await answer).headers()['x-request-id'];
  expect(id).toMatch(/^[0-9a-f]{10}-[0-9a-z]+$/);
  // The toast shows for one second: its words are checked first, then it is photographed.
  const toast = page.locator('.ant-message-error');
  await expect(toast).toContainText(`错误编号 ${id}`);
  await page.screenshot({ path: 'test-results/screens/error-id-zh.png' });

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  cap = page.waitForResponse((r) => r.url().includes('/api/login/getImageCode'));
  await page.reload();
  await cap;
  await expect(page.getByRole('img', { name: 'Image code' })).toBeVisible();
  await page.getByLabel('Image code').fill('zzzz');
  await page.getByLabel(/Mobile/).fill(`137${String((Date.now() + 7) % 100000000).padStart(8, '0')}`);
  const again = page.waitForResponse(sent);
  await page.getByRole('button', { name: /Get code|Send code/i }).click();
  const id2 = (await again).headers()['x-request-id'];
  await expect(page.locator('.ant-message-error')).toContainText(`Error ID ${id2}`);
  await page.screenshot({ path: 'test-results/screens/error-id-en.png' });
});
