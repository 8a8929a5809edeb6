import type { APIRequestContext, Page } from '@playwright/test';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect, loginAs } from './fixtures.ts';

/**
 * Refunds as a member and finance see them (issue 21.2 and 21.18; issue 16 row 6): a request
 * with a reason reads as requested, finance reads the reason in its own language and confirms
 * every money action with the amount and the member; a second charge for one order goes back
 * by itself, and a failed automatic refund is put in front of a person.
 */
test.use({ serverEnv: { PAY_SANDBOX_NOTIFY_DELAY_MS: '200' } });
// Long journeys across the portal and two console tabs.
test.describe.configure({ timeout: 180_000 });

let seq = 0;
const newMobile = () =>
  `1391${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );
const switches = async (request: APIRequestContext, body: Record<string, unknown>) =>
  data(await request.post('/sandbox/switches', { data: body }));

async function toPayPage(page: Page, name: string) {
  const mobile = newMobile();
  await loginAs(page, mobile, { name });
  const order = await data<{ id: number; orderNo: string }>(
    await page.request.post('/api/dev/order', { data: { mobile, kind: 'individual' } }),
  );
  await page.goto(`/home/submitPhoto/completionPayment?id=${order.id}&type=1&pollMs=500`);
  await expect(page.getByTestId('pay-order-no')).toHaveText(order.orderNo);
  return order;
}

/** Pays by the page flow at the sandbox cashier and lands on the success page. */
async function payByPage(page: Page) {
  await page.getByLabel('支付宝网页支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=page$/);
  await page.getByRole('button', { name: '支付 / Pay' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
}

async function english(p: Page) {
  await p.evaluate(() => localStorage.setItem('lang', 'en'));
  await p.reload();
}

test('a refund request with a reason reads as requested; finance reads the reason and confirms amount and member', async ({
  page,
  browser,
  baseURL,
}) => {
  const order = await toPayPage(page, '李同学');
  await payByPage(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.getByRole('button', { name: '申请退款' }).click();
  const dialog = page.getByRole('dialog', { name: '您确定申请退款吗？' });
  await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(dialog.getByText('请选择退款原因').last()).toBeVisible();
  // OK without a reason shows the field's message and throws nothing.
  expect(errors).toEqual([]);
  // The reason is chosen once the select shows it: a click that lands while the list is still
  // opening is no choice, so pick again (opening the list when it is closed) until it holds.
  const reason = page.locator('.ant-select-item-option[title="信息填写错误"]');
  await expect(async () => {
    if (!(await reason.isVisible())) await dialog.getByLabel('退款原因').click();
    await reason.click({ timeout: 2_000 });
    await expect(dialog.getByTitle('信息填写错误')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel('补充说明（选填）').fill('学校填错了');
  await shot(page, 'refund-request-dialog');
  await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('退款申请已提交')).toBeVisible();
  await expect(page.getByText('退款成功')).toHaveCount(0);
  await expect(page.getByTestId('refund-status').first()).toHaveText('退款审核中');
  await shot(page, 'refund-requested');

  const fin = await consoleAs(browser, baseURL!, 'finance');
  await fin.goto('/console/refunds');
  const row = fin.getByRole('row').filter({ hasText: order.orderNo });
  await expect(row).toContainText('信息填写错误 — 学校填错了');
  await expect(row).toContainText('李同学');
  await row.getByRole('button', { name: /通\s?过|同\s?意/ }).click();
  const confirm = fin.getByTestId('refund-confirm');
  await expect(confirm).toContainText('¥45.00');
  await expect(confirm).toContainText('李同学');
  await expect(confirm).toContainText(order.orderNo);
  await shot(fin, 'refund-approve-confirm-zh');
  await confirm.getByRole('button', { name: '确认退款 ¥45.00' }).click();
  await expect(row).toHaveCount(0);
  await fin.getByLabel('状态').click();
  await fin.getByTitle('已退款').click();
  await expect(fin.getByRole('row').filter({ hasText: order.orderNo })).toContainText('已退款');

  await english(fin);
  await fin.getByLabel('State').click();
  await fin.getByTitle('Refunded').click();
  const enRow = fin.getByRole('row').filter({ hasText: order.orderNo });
  await expect(enRow).toContainText('Wrong details entered — 学校填错了');
  await fin.keyboard.press('Escape');
  await shot(fin, 'refunds-page-en');

  // The member's order now reads refunded (the audit's actor is checked in the server suite).
  await page.goto('/home/myOrder');
  await expect(page.getByRole('row').filter({ hasText: order.orderNo }).getByTestId('refund-status')).toHaveText(
    '已退款',
  );
});

test('a second charge is refunded by itself; a failed automatic refund needs a person, who refunds it again after a confirmation', async ({
  page,
  browser,
  baseURL,
}) => {
  await switches(page.request, { ignoreClose: true, failRefunds: 'SYSTEM_ERROR: sandbox refund outage' });
  try {
    const order = await toPayPage(page, '王同学');
    // The member opens a QR, does not pay it yet, and pays by the page instead.
    await page.getByLabel('微信扫码支付').check();
    await page.getByRole('button', { name: '立即支付' }).click();
    const qr = (await page
      .getByTestId('pay-qr-dialog')
      .locator('img[data-qr-payload]')
      .getAttribute('data-qr-payload'))!;
    await page.keyboard.press('Escape');
    await payByPage(page);
    // ...and then pays the old QR on the phone too.
    const oldNo = qr.split('/').pop()!;
    expect((await page.request.post(`/sandbox/pay/${oldNo}/pay`)).ok()).toBeTruthy();

    const fin = await consoleAs(browser, baseURL!, 'finance');
    await fin.goto('/console/refunds');
    await expect(fin.getByTestId('refunds-attention')).toContainText('1 笔自动退款失败，需要人工处理', {
      timeout: 15_000,
    });
    await fin.getByText('自动退款', { exact: true }).click();
    await fin.getByLabel('状态').click();
    await fin.getByTitle('退款失败').click();
    const row = fin.getByRole('row').filter({ hasText: order.orderNo });
    await expect(row).toContainText('需人工处理');
    await expect(row).toContainText(`重复付款自动退回（支付单号 ${oldNo}）`);
    await expect(row).toContainText('SYSTEM_ERROR: sandbox refund outage');
    await fin.keyboard.press('Escape');
    await shot(fin, 'refunds-automatic-zh');
    await switches(page.request, { failRefunds: null });
    await row.getByRole('button', { name: '重新退款' }).click();
    const confirm = fin.getByTestId('refund-confirm');
    await expect(confirm).toContainText('将通过微信支付向 王同学');
    await expect(confirm).toContainText('¥45.00');
    await shot(fin, 'refund-retry-confirm-zh');
    await confirm.getByRole('button', { name: '确认退款 ¥45.00' }).click();
    await expect(fin.getByTestId('refunds-attention')).toHaveCount(0);
    await fin.getByLabel('状态').click();
    await fin.getByTitle('已退款').click();
    await expect(fin.getByRole('row').filter({ hasText: order.orderNo })).toContainText('已退款');

    // The member's order stays paid by the charge that paid it.
    await page.goto('/home/myOrder');
    await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toContainText('已支付');

    await english(fin);
    await fin.getByText('Automatic refunds', { exact: true }).click();
    await expect(fin.getByRole('row').filter({ hasText: order.orderNo })).toContainText(
      'Second payment refunded automatically',
    );
    await shot(fin, 'refunds-automatic-en');
  } finally {
    await switches(page.request, { ignoreClose: false, failRefunds: null });
  }
});
