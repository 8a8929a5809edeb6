import { test, expect, loginAs } from './fixtures.ts';

// A shortened idle timeout for this file's server (browser and server read the same setting).
test.use({ serverEnv: { INACTIVITY_SECONDS: '3' } });

test('after the idle timeout the session is cleared, home reloads with the message, the server refuses the token', async ({
  page,
}) => {
  const s = await loginAs(page, '13912340001', { name: '发呆的人' });
  await page.goto('/home');
  await expect(page.getByRole('button', { name: /个人中心/ })).toBeVisible();
  // The reason waits in a dialog for the student's return (a toast was gone before they were back).
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('由于长时间未操作，请重新登录', { timeout: 15_000 });
  await page.waitForTimeout(4_000);
  await expect(dialog).toContainText('由于长时间未操作，请重新登录');
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/inactivity-dialog.png` });
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  const r = await page.request.get('/api/member/getMemberInfo', {
    headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) },
  });
  expect(((await r.json()) as { code: number }).code).toBe(700);
});
