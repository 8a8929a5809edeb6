import { test, expect, loginAs } from './fixtures.ts';

// A shortened idle timeout for this file's server (browser and server read the same setting).
test.use({ serverEnv: { INACTIVITY_SECONDS: '3' } });

test('after the idle timeout the session is cleared, home reloads with the message, the server refuses the token', async ({
  page,
}) => {
  const s = await loginAs(page, '13912340001', { name: '发呆的人' });
  await page.goto('/home');
  await expect(page.getByRole('button', { name: /个人中心/ })).toBeVisible();
  await expect(page.getByText('由于长时间未操作，请重新登录')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  const r = await page.request.get('/api/member/getMemberInfo', {
    headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) },
  });
  expect(((await r.json()) as { code: number }).code).toBe(700);
});
