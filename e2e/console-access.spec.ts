import type { Page } from '@playwright/test';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect } from './fixtures.ts';

/** Issue 17: a staff account locked after wrong passwords, lifted by an admin; roles see only their own screens. */

/** One login through the form, waiting for its answer (a click while the last one is pending is ignored). */
async function submit(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/console/login'));
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  return (await (await answered).json()) as { code: number };
}

test('five wrong passwords lock the account; an admin lifts the lock on the staff page', async ({
  browser,
  baseURL,
  page,
}) => {
  const admin = await consoleAs(browser, baseURL!, 'admin');
  const { token } = await data<{ token: string }>(
    await admin.request.post('/api/dev/staff-login', { data: { role: 'admin' } }),
  );
  await data(
    await admin.request.post('/api/console/staff', {
      headers: { 'x-staff-token': token },
      data: { username: 'rev-lock', name: '审核锁', role: 'reviewer', password: 'right-pass-1' },
    }),
  );

  await page.goto('/console');
  for (let i = 0; i < 5; i++) expect((await submit(page, 'rev-lock', `wrong-pass-${i}`)).code).toBe(400);
  await expect(page.getByText('用户名或密码错误').last()).toBeVisible();
  // The right password is refused now, and the page says why until the next try.
  await submit(page, 'rev-lock', 'right-pass-1');
  const alert = page
    .locator('.ant-card')
    .getByRole('alert')
    .filter({ hasText: '登录失败次数过多，账号已锁定，请1分钟后再试或联系管理员解锁' });
  await expect(alert).toBeVisible();
  await shot(page, 'console-login-locked');

  await admin.goto('/console/staff');
  const row = admin.getByRole('row').filter({ hasText: 'rev-lock' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await shot(admin, 'console-staff-locked');
  await expect(row.getByText(/^锁定至 /)).toBeVisible();
  await row.getByRole('button', { name: '解除锁定' }).click();
  await admin.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(admin.getByText('已解除 审核锁 的登录锁定')).toBeVisible();
  await expect(row.getByText(/^锁定至 /)).toHaveCount(0);

  await submit(page, 'rev-lock', 'right-pass-1');
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(page.locator('.ant-card').getByRole('alert')).toHaveCount(0);
});

test("the content editor's menu has no order or photo screens, and the server refuses the photos too", async ({
  browser,
  baseURL,
}) => {
  const editor = await consoleAs(browser, baseURL!, 'editor');
  await editor.goto('/console/dashboard');
  const menu = editor.getByRole('navigation', { name: '后台菜单' });
  await expect(menu.getByText('内容管理')).toBeVisible();
  for (const hidden of ['订单查询', '照片审核', '制作与发货', '退款审核', '员工管理'])
    await expect(menu.getByText(hidden)).toHaveCount(0);
  await shot(editor, 'console-editor-menu');
  await editor.goto('/console/review');
  await expect(editor.getByText('无权访问此页面')).toBeVisible();
  const token = await editor.evaluate(() => sessionStorage.getItem('staffToken'));
  const r = await editor.request.get('/api/console/photos/1', { headers: { 'x-staff-token': token! } });
  expect((await r.json()).code).toBe(403);
});
