import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { CONTENT_TYPES } from '@portal/contract/console';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect as baseExpect } from './fixtures.ts';

/** Issue 21 items 15 and 18: the console in words (audit, payments, export scope, notice type) and tables that fit. */

const expect = baseExpect.configure({ timeout: 20_000 });

const english = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
};

/** An order paid at the sandbox cashier and approved by staff. */
async function approvedOrder(request: APIRequestContext, mobile: string): Promise<{ id: number; orderNo: string }> {
  const m = await data<{ token: string; randomKey: string; memberId: number }>(
    await request.post('/api/dev/login', { data: { mobile } }),
  );
  const o = await data<{ id: number; orderNo: string }>(
    await request.post('/api/dev/order', { data: { mobile, kind: 'individual', persons: 1, withShipping: true } }),
  );
  const headers = { authorization: `Bearer ${m.token}`, memberid: String(m.memberId) };
  const pay = await data<{ paymentNo?: string; paid: boolean }>(
    await request.post('/api/pay/getPayInfo', { headers, data: signBody({ id: o.id, payType: 1 }, m.randomKey) }),
  );
  if (!pay.paid) baseExpect((await request.post(`/sandbox/pay/${pay.paymentNo}/pay`)).ok()).toBeTruthy();
  await baseExpect
    .poll(
      async () =>
        (
          await data<{ order: { state: number } }>(
            await request.get(`/api/order/findOrderAndOrderDetails?id=${o.id}`, { headers }),
          )
        ).order.state,
    )
    .toBe(115);
  const { token } = await data<{ token: string }>(
    await request.post('/api/dev/staff-login', { data: { role: 'admin' } }),
  );
  await data(
    await request.post('/api/console/orders/transition', {
      headers: { 'x-staff-token': token },
      data: { ids: [o.id], action: 'approve' },
    }),
  );
  return o;
}

test('the console speaks in words: audit actions and changes, payments, notice types (zh and en)', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const o = await approvedOrder(request, '13800000715');
  const admin = await consoleAs(browser, baseURL!, 'admin');

  await admin.goto('/console/audit');
  const row = admin
    .getByRole('row')
    .filter({ hasText: String(o.id) })
    .first();
  await expect(row).toContainText('审核通过');
  await expect(row).toContainText('订单 ' + String(o.id));
  await expect(row).toContainText('状态: 已支付 → 待制作');
  await expect(row).not.toContainText('order.approve');
  await expect(row).not.toContainText('{');
  await shot(admin, 'console-audit-words-zh');

  await admin.goto(`/console/orders/${o.id}`);
  const payment = admin.getByRole('row').filter({ hasText: '¥' }).filter({ hasText: '已支付' }).first();
  await expect(payment).toContainText('支付宝');
  await expect(admin.getByRole('cell', { name: 'alipay' })).toHaveCount(0);
  await shot(admin, 'console-order-payment-words-zh');

  await admin.goto('/console/content');
  await admin.getByRole('tab', { name: '公告' }).click();
  await expect(admin.getByRole('cell', { name: '重要通知（首页弹窗）' }).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: '网站公告（首页公告栏）' }).first()).toBeVisible();
  await shot(admin, 'console-notices-words-zh');

  await english(admin);
  await admin.goto('/console/audit');
  const en = admin
    .getByRole('row')
    .filter({ hasText: String(o.id) })
    .first();
  await expect(en).toContainText('Approved');
  await expect(en).toContainText('State: Paid → To be made');
  await shot(admin, 'console-audit-words-en');
  await admin.goto(`/console/orders/${o.id}`);
  await expect(admin.getByRole('row').filter({ hasText: 'Alipay' }).first()).toContainText('Paid');
  await shot(admin, 'console-order-payment-words-en');
});

test('the operation log fits 1366 px: no column wraps a name one character a line, long changes are cut with the whole text in a tooltip', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const o = await approvedOrder(request, '13800000716');
  // An editor's change to a notice: a long body before and after (the entries that pushed the table wide).
  const { token } = await data<{ token: string }>(
    await request.post('/api/dev/staff-login', { data: { role: 'admin' } }),
  );
  const staff = { 'x-staff-token': token };
  const notice = (
    await data<Record<string, unknown>[]>(await request.get('/api/console/content/notices', { headers: staff }))
  )[0]!;
  const values = Object.fromEntries(CONTENT_TYPES.notices.map((f) => [f.name, notice[f.name]]));
  values.contentZh = `<p>${'毕业生图像采集工作的重要通知，请各位同学仔细阅读。'.repeat(12)}</p>`;
  await data(await request.post('/api/console/content/notices', { headers: staff, data: { id: notice.id, values } }));
  // Put the notice back at once (a second long entry): journeys share a server per worker, and the
  // home journeys read this notice's text.
  values.contentZh = notice.contentZh;
  await data(await request.post('/api/console/content/notices', { headers: staff, data: { id: notice.id, values } }));
  const admin = await consoleAs(browser, baseURL!, 'admin');
  await admin.setViewportSize({ width: 1366, height: 768 });
  await admin.goto('/console/audit');
  const row = admin
    .getByRole('row')
    .filter({ hasText: '审核通过' })
    .filter({ hasText: String(o.id) })
    .first();
  await expect(row).toBeVisible();
  // The table is no wider than its container (no overflow past the page).
  const fits = await admin
    .locator('.ant-table-content table')
    .first()
    .evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0) + 1);
  baseExpect(fits).toBe(true);
  // 管理员 (the demo admin's name) stands on one line.
  const who = row.getByRole('cell').nth(1);
  const whoBox = await who.locator('span').first().boundingBox();
  baseExpect(whoBox!.height).toBeLessThan(30);
  baseExpect(whoBox!.width).toBeGreaterThan(40);
  const change = row.getByText('状态: 已支付 → 待制作');
  await change.hover();
  await expect(admin.getByRole('tooltip').filter({ hasText: '状态: 已支付 → 待制作' })).toBeVisible();
  await shot(admin, 'console-audit-1366-zh');
  await english(admin);
  await expect(admin.getByRole('row').filter({ hasText: 'Approved' }).first()).toBeVisible();
  await shot(admin, 'console-audit-1366-en');
});

test('an editor writes a notice in the rich-text editor, sees it as the portal will, and it is saved as clean HTML', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const editor = await consoleAs(browser, baseURL!, 'editor');
  await editor.goto('/console/content');
  await editor.getByRole('tab', { name: '公告' }).click();
  await editor.getByRole('button', { name: /新\s?增/ }).click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByLabel('类型').click();
  await editor.getByTitle('网站公告（首页公告栏）').click();
  await dialog.getByLabel('标题（中文）').fill('寒假期间照片审核安排');
  await dialog.getByLabel('标题（英文）').fill('Photo review over the winter break');
  const zh = dialog.getByRole('textbox', { name: '内容（中文）' });
  await zh.click();
  await zh.pressSequentially('审核照常进行，');
  await dialog.getByRole('button', { name: '加粗' }).first().click();
  await zh.pressSequentially('请勿重复提交');
  // A picture uploaded from the toolbar: stored by the server, shown in the text and the preview.
  const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: '审核流程.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('img', { name: '审核流程' })).toHaveCount(2);
  const en = dialog.getByRole('textbox', { name: '内容（英文）' });
  await en.click();
  await en.pressSequentially('Reviews go on as usual.');
  // The preview is the portal's safe rendering: the bold text is bold, no tags shown.
  await expect(dialog.locator('strong', { hasText: '请勿重复提交' })).toHaveCount(2);
  await expect(dialog).not.toContainText('<strong>');
  await shot(editor, 'console-rich-notice-zh');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(dialog).toBeHidden();
  const { token } = await data<{ token: string }>(
    await request.post('/api/dev/staff-login', { data: { role: 'editor' } }),
  );
  const rows = await data<{ id: number; titleZh: string; contentZh: string; type: number }[]>(
    await request.get('/api/console/content/notices', { headers: { 'x-staff-token': token } }),
  );
  const saved = rows.find((r) => r.titleZh === '寒假期间照片审核安排')!;
  baseExpect(saved.type).toBe(2);
  baseExpect(saved.contentZh).toMatch(
    /^<p>审核照常进行，<strong>请勿重复提交<\/strong><\/p><img src="\/api\/baseinfo\/content_image\/content-[0-9a-f]{32}\.png" alt="审核流程" \/>(<p><\/p>)?$/,
  );
  const src = /src="([^"]+)"/.exec(saved.contentZh)![1]!;
  const img = await request.get(src);
  baseExpect([img.status(), img.headers()['content-type']]).toEqual([200, 'image/png']);
  await english(editor);
  await editor.getByRole('tab', { name: 'Notices' }).click();
  await editor
    .getByRole('row')
    .filter({ hasText: '寒假期间照片审核安排' })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(editor.getByRole('dialog').getByRole('textbox', { name: 'Content (Chinese)' })).toContainText(
    '审核照常进行，请勿重复提交',
  );
  await expect(
    editor.getByRole('dialog').getByRole('button', { name: 'Insert a picture (JPEG or PNG)' }).first(),
  ).toBeVisible();
  await editor.waitForTimeout(500); // the dialog's opening animation, for the screenshot
  await shot(editor, 'console-rich-notice-en');
  // The journeys share a server per worker: the portal's notice tab shows the newest notice first,
  // so this one is taken down again rather than left in front of the season's notice.
  await data(
    await request.post('/api/console/content/notices/delete', {
      headers: { 'x-staff-token': token },
      data: { id: saved.id },
    }),
  );
});

test('the dashboard counts the items of refused photos, in words', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const mobile = '13800000717';
  const m = await data<{ token: string; memberId: number }>(await request.post('/api/dev/login', { data: { mobile } }));
  const blurred = fs.readFileSync('apps/server/test/fixtures/photos/blurred.jpg');
  for (let i = 0; i < 3; i++) {
    const r = await request.post('/api/img/upload', {
      headers: { authorization: `Bearer ${m.token}`, memberid: String(m.memberId) },
      multipart: { flow: 'task', file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: blurred } },
      timeout: 120_000,
    });
    baseExpect(((await r.json()) as { code: number }).code).toBe(-1);
  }
  const admin = await consoleAs(browser, baseURL!, 'admin');
  await admin.goto('/console/dashboard');
  const card = admin.locator('.ant-card').filter({ hasText: '照片检测未通过项' });
  await expect(card.getByRole('row').filter({ hasText: '清晰度' }).first()).toContainText('3');
  await expect(card).not.toContainText('definition');
  await shot(admin, 'console-dashboard-failing-zh');
  await english(admin);
  const en = admin.locator('.ant-card').filter({ hasText: 'Failing photo-check items' });
  await expect(en.getByRole('row').filter({ hasText: 'Sharpness' }).first()).toContainText('3');
  await shot(admin, 'console-dashboard-failing-en');
});
