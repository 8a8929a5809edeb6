import type { Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';

test.use({ serverEnv: { PAY_SANDBOX_NOTIFY_DELAY_MS: '300' } });

let seq = 0;
const newMobile = () =>
  `1390${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );

async function devOrder(page: Page, body: Record<string, unknown>): Promise<{ id: number; orderNo: string }> {
  const r = await page.request.post('/api/dev/order', { data: body });
  const json = (await r.json()) as { code: number; data: { id: number; orderNo: string } };
  expect(json.code).toBe(200);
  return json.data;
}

async function openPayPage(page: Page, opts: { amountFen?: number; extra?: string } = {}) {
  const mobile = newMobile();
  await loginAs(page, mobile);
  const order = await devOrder(page, {
    mobile,
    kind: 'individual',
    ...(opts.amountFen !== undefined ? { amountFen: opts.amountFen } : {}),
  });
  await page.goto(`/home/submitPhoto/completionPayment?id=${order.id}&type=1&pollMs=500${opts.extra ?? ''}`);
  await expect(page.getByTestId('pay-order-no')).toHaveText(order.orderNo);
  return order;
}

async function startQr(page: Page): Promise<string> {
  await page.getByLabel('微信扫码支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  const img = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(img).toBeVisible();
  return (await img.getAttribute('data-qr-payload'))!;
}

test('pays an individual order by QR in the sandbox cashier', async ({ page, context }) => {
  await openPayPage(page);
  await expect(page.getByTestId('pay-amount')).toHaveText('¥ 45.00');
  await page.screenshot({ path: 'test-results/screens/payments-completion.png', fullPage: true });
  const payload = await startQr(page);
  expect(payload).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pay\/P\d+$/);
  await expect(page.getByTestId('pay-qr-countdown')).toContainText('秒后失效');
  await page.screenshot({ path: 'test-results/screens/payments-qr-dialog.png', fullPage: true });
  const phone = await context.newPage();
  await phone.goto(payload);
  await expect(phone.getByTestId('sandbox-amount')).toHaveText('¥ 45.00');
  await phone.screenshot({ path: 'test-results/screens/payments-sandbox-cashier.png', fullPage: true });
  await phone.getByRole('button', { name: '支付 / Pay' }).click();
  await expect(phone.getByTestId('sandbox-result')).toContainText('支付成功');
  // The QR ends on the same success page as the page payment (not a toast and the list).
  await expect(page).toHaveURL(/\/home\/submitPhoto\/pay\?id=\d+&type=1&kind=individual$/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByTestId('pay-success-order')).toBeVisible();
  await page.getByRole('button', { name: '查看我的订单' }).click();
  await expect(page).toHaveURL(/\/home\/myOrder$/);
});

test('a failed QR payment shows 支付失败 and offers a new code; the order stays unpaid', async ({ page, context }) => {
  await openPayPage(page);
  const payload = await startQr(page);
  const phone = await context.newPage();
  await phone.goto(payload);
  await phone.getByRole('button', { name: '支付失败 / Fail' }).click();
  await expect(phone.getByTestId('sandbox-result')).toContainText('支付失败');
  await expect(page.getByTestId('pay-qr-mask')).toContainText('支付失败，请重新支付');
  await page.screenshot({ path: 'test-results/screens/payments-qr-failed.png', fullPage: true });
  await page.getByRole('button', { name: '重新获取二维码' }).click();
  const img = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(img).not.toHaveAttribute('data-qr-payload', payload);
  await expect(page.getByTestId('pay-qr-mask')).toHaveCount(0);
  await expect(page).toHaveURL(/completionPayment/);
});

test('the QR expires after its countdown and a new one can be fetched', async ({ page }) => {
  await openPayPage(page, { extra: '&qrSeconds=2' });
  const first = await startQr(page);
  await expect(page.getByTestId('pay-qr-mask')).toContainText('二维码已失效', { timeout: 5000 });
  await page.screenshot({ path: 'test-results/screens/payments-qr-expired.png', fullPage: true });
  await page.getByRole('button', { name: '重新获取二维码' }).click();
  await expect(page.getByTestId('pay-qr-countdown')).toBeVisible();
  const second = await page
    .getByTestId('pay-qr-dialog')
    .locator('img[data-qr-payload]')
    .getAttribute('data-qr-payload');
  expect(second).not.toBe(first);
});

test('pays by page redirect and returns to the success page; then requests and cancels a refund', async ({ page }) => {
  const order = await openPayPage(page);
  await page.getByLabel('支付宝网页支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=page$/);
  await page.getByRole('button', { name: '支付 / Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/submitPhoto/pay\\?id=${order.id}&type=1`));
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page.getByTestId('pay-success-order')).toContainText(order.orderNo);
  await page.screenshot({ path: 'test-results/screens/payments-success.png', fullPage: true });

  await page.getByRole('button', { name: '申请退款' }).click();
  await expect(page.getByText('您确定申请退款吗？')).toBeVisible();
  await page.getByLabel('退款原因').click();
  await page.getByTitle('不再需要').click();
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.getByText('退款申请已提交')).toBeVisible();
  await expect(page.getByTestId('refund-status')).toHaveText('退款审核中');
  await page.screenshot({ path: 'test-results/screens/payments-refund-pending.png', fullPage: true });
  await page.getByRole('button', { name: '取消退款' }).click();
  await expect(page.getByText('已取消退款')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请退款' })).toBeVisible();
});

test('a zero-amount order counts as paid without a provider', async ({ page }) => {
  await openPayPage(page, { amountFen: 0 });
  await expect(page.getByTestId('pay-amount')).toHaveText('¥ 0.00');
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/submitPhoto\/pay\?id=\d+/);
});
