import { test, expect, loginAs, apiData } from './fixtures.ts';
import { consoleAs, data } from './console-kit.ts';

/**
 * Issue 36: a refusal made in the console reaches the student as an unread message under the
 * header's bell and as an SMS in the demo outbox naming the person and the reason; the console's
 * order page lists the order's notices.
 */

// Quiet hours off and a quick sender, so the journey does not depend on the time of day.
test.use({ serverEnv: { NOTICE_QUIET_HOURS: '0-0', NOTICE_SEND_SECONDS: '1' } });

test('a refusal in the console becomes an unread message and an SMS', async ({ page, browser, baseURL }) => {
  const mobile = '13600000036';
  await loginAs(page, mobile, { name: '赵敏', isFirst: false });
  const order = await data<{ id: number; orderNo: string }>(
    await page.request.post('/api/dev/order', { data: { mobile, kind: 'individual', state: 116, withShipping: true } }),
  );
  const { token } = await data<{ token: string }>(
    await page.request.post('/api/dev/staff-login', { data: { role: 'reviewer' } }),
  );
  const refused = await page.request.post('/api/console/orders/transition', {
    headers: { 'x-staff-token': token },
    data: { ids: [order.id], action: 'reject', reason: '背景不是纯色' },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(200);

  await page.goto('/home');
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toHaveAccessibleName('站内信，1 条未读');
  await bell.click();
  const item = page.getByTestId('notice-item').first();
  await expect(item).toContainText('照片未通过审核');
  await expect(item).toContainText(`您的订单${order.orderNo}中测试学生1的照片未通过审核，原因：背景不是纯色。`);
  await page.screenshot({ path: 'test-results/screens/notices-bell-zh.png', fullPage: true });

  await page.goto('/home/messages');
  await expect(page.getByRole('heading', { name: '我的消息' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notices-page-zh.png', fullPage: true });
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('heading', { name: 'My messages' })).toBeVisible();
  await expect(page.getByTestId('notice-item').first()).toContainText('Photo not accepted by the reviewer');
  await page.screenshot({ path: 'test-results/screens/notices-page-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByTestId('notice-bell')).toHaveAccessibleName('Messages');

  // The SMS, sent by the notice sender after the refusal's commit, is in the demo outbox.
  await expect
    .poll(async () => (await apiData<{ text: string }[]>(page, `/api/dev/outbox?to=${mobile}`)).map((r) => r.text), {
      timeout: 20_000,
    })
    .toContainEqual(expect.stringContaining('测试学生1的照片未通过审核，原因：背景不是纯色'));

  await page.goto('/personalInf');
  await expect(page.getByLabel('Parcel signed for (in-portal message)')).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/notices-prefs-en.png', fullPage: true });

  const staff = await consoleAs(browser, baseURL!, 'reviewer');
  await staff.goto(`/console/orders/${order.id}`);
  const notices = staff.getByTestId('order-notices');
  await expect(notices).toContainText('照片未通过审核');
  await expect(notices).toContainText('站内信');
  await expect(notices.getByText('已发送').first()).toBeVisible();
  await staff.screenshot({ path: 'test-results/screens/notices-console-zh.png', fullPage: true });
});
