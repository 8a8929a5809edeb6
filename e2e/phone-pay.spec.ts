import { devices, type Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';

/**
 * Paying on a phone in the sandbox, on an iPhone and an Android phone (touch, always Chromium):
 * WeChat Pay H5 and Alipay WAP in the phone's browser, WeChat Pay JSAPI inside WeChat (its browser's
 * user agent and a stand-in WeixinJSBridge that pays at the sandbox as WeChat's client would).
 */
test.use({ serverEnv: { PAY_SANDBOX_NOTIFY_DELAY_MS: '300' } });

/** A device profile without its browser (the projects here always run Debian's Chromium). */
function phone(name: 'iPhone 13' | 'Pixel 7') {
  const { defaultBrowserType: _browser, ...profile } = devices[name];
  return profile;
}
const PHONES = [
  { label: 'iPhone', device: phone('iPhone 13') },
  { label: 'Android', device: phone('Pixel 7') },
];
const inWechat = (ua: string) => `${ua} MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN`;

let seq = 0;
const newMobile = () =>
  `1370${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );

/** Logs in from a phone page that stays put (the desktop's /home sends a phone elsewhere mid-login). */
async function phoneLogin(page: Page, mobile: string) {
  await page.goto('/phoneModify/help');
  await loginAs(page, mobile);
}

/** A new member with an unpaid order of ¥ 45.00, on its phone pay page. */
async function openPayPage(page: Page): Promise<number> {
  const mobile = newMobile();
  await phoneLogin(page, mobile);
  const r = await page.request.post('/api/dev/order', { data: { mobile, kind: 'individual' } });
  const order = ((await r.json()) as { data: { id: number; orderNo: string } }).data;
  await page.goto(`/phoneModify/orders/${order.id}/pay`);
  await expect(page.getByRole('heading', { name: '支付订单' })).toBeVisible();
  await expect(page.getByTestId('pp-order-no')).toHaveText(order.orderNo);
  await expect(page.getByTestId('pp-amount')).toHaveText('¥ 45.00');
  return order.id;
}

/** On the return page: 支付完成 asks the server, which shows the payment succeeded. */
async function confirmPaid(page: Page, id: number) {
  await expect(page).toHaveURL(new RegExp(`/phoneModify/pay/return\\?id=${id}&paymentNo=P\\d+`));
  await expect(page.getByRole('heading', { name: '请确认支付结果' })).toBeVisible();
  await page.getByRole('button', { name: '支付完成' }).tap();
  await expect(page.getByTestId('pp-paid')).toContainText('支付成功');
  await expect(page.getByTestId('pp-paid')).toContainText('¥ 45.00');
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/phone-pay-${name}.png`, fullPage: true });

for (const { label, device } of PHONES) {
  test.describe(`${label}, in the phone's browser`, () => {
    test.use({ ...device });

    test('pays by WeChat Pay H5: the cashier, the return page, 支付完成, success', async ({ page }) => {
      const id = await openPayPage(page);
      await expect(page.getByTestId('pp-way-wechat')).toContainText('微信支付');
      await expect(page.getByTestId('pp-way-alipay')).toContainText('跳转支付宝完成支付');
      await shot(page, `${label}-choose`);
      await page.getByTestId('pp-way-wechat').tap();
      await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=h5&redirect_url=/);
      await expect(page.getByTestId('sandbox-amount')).toHaveText('¥ 45.00');
      await expect(page.getByTestId('sandbox-way')).toContainText('微信 H5 支付');
      await shot(page, `${label}-h5-cashier`);
      await page.getByRole('button', { name: '确认支付 / Pay' }).tap();
      // The cashier posts and the platform redirects: a full-page screenshot taken while that
      // navigation is under way can wait for a frame that never comes, so wait for the page first.
      await expect(page.getByRole('heading', { name: '请确认支付结果' })).toBeVisible();
      await shot(page, `${label}-return`);
      await confirmPaid(page, id);
      await shot(page, `${label}-paid`);
    });

    test('pays by Alipay WAP after a failed attempt and the way back from the return page', async ({ page }) => {
      const id = await openPayPage(page);
      await page.getByTestId('pp-way-alipay').tap();
      await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=wap/);
      await expect(page.getByTestId('sandbox-way')).toContainText('手机网站支付');
      await page.getByRole('button', { name: '支付失败 / Fail' }).tap();
      await expect(page.getByTestId('sandbox-result')).toContainText('支付失败');
      await page.getByRole('link', { name: '返回商户 / Back to the portal' }).tap();
      await page.getByRole('button', { name: '遇到问题' }).tap();
      await expect(page.getByTestId('pp-not-paid')).toContainText('支付失败，请重新支付');
      await shot(page, `${label}-return-failed`);
      await page.getByRole('link', { name: '返回重新支付' }).tap();
      await expect(page.getByTestId('pp-amount')).toHaveText('¥ 45.00');
      await page.getByTestId('pp-way-alipay').tap();
      await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=wap/);
      await page.getByRole('button', { name: '确认支付 / Pay' }).tap();
      await confirmPaid(page, id);
    });
  });

  test.describe(`${label}, inside WeChat`, () => {
    test.use({ ...device, userAgent: inWechat(device.userAgent) });

    test("pays by JSAPI through WeChat's authorisation and WeixinJSBridge; Alipay shows the guide", async ({
      page,
    }) => {
      // WeChat's client: the bridge pays at the (sandbox) platform, then answers ok.
      await page.addInitScript(() => {
        (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
          invoke(api: string, params: { package: string }, cb: (r: { err_msg: string }) => void) {
            sessionStorage.setItem('bridgeCall', JSON.stringify({ api, params }));
            const no = params.package.replace('prepay_id=sbx_', '');
            void fetch(`/sandbox/pay/${no}/pay`, {
              method: 'POST',
              headers: { accept: 'application/json', 'content-type': 'application/json' },
              body: JSON.stringify({ flow: 'jsapi' }),
            }).then(() => cb({ err_msg: 'get_brand_wcpay_request:ok' }));
          },
        };
      });
      const id = await openPayPage(page);
      await expect(page.getByTestId('pp-way-alipay')).toContainText('微信内无法打开支付宝');
      await page.getByTestId('pp-way-alipay').tap();
      await expect(page.getByRole('dialog', { name: '请在手机浏览器中打开' })).toBeVisible();
      await shot(page, `${label}-wechat-alipay-guide`);
      await page.getByRole('button', { name: '我知道了' }).tap();
      await shot(page, `${label}-wechat-choose`);
      await page.getByTestId('pp-way-wechat').tap();
      await confirmPaid(page, id);
      const call = JSON.parse((await page.evaluate(() => sessionStorage.getItem('bridgeCall')))!) as {
        api: string;
        params: Record<string, string>;
      };
      expect(call.api).toBe('getBrandWCPayRequest');
      expect(call.params).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=sbx_P\d+$/) });
      expect(call.params.paySign).toBeTruthy();
    });
  });
}

test.describe('English, on an iPhone', () => {
  test.use({ ...phone('iPhone 13') });
  test('the pay page and the return page in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    const mobile = newMobile();
    await phoneLogin(page, mobile);
    const r = await page.request.post('/api/dev/order', { data: { mobile, kind: 'individual' } });
    const { id } = ((await r.json()) as { data: { id: number } }).data;
    await page.goto(`/phoneModify/orders/${id}/pay`);
    await expect(page.getByRole('heading', { name: 'Pay for the order' })).toBeVisible();
    await expect(page.getByTestId('pp-way-alipay')).toContainText('Continue to Alipay');
    await shot(page, 'en-choose');
    await page.getByTestId('pp-way-wechat').tap();
    await page.getByRole('button', { name: '确认支付 / Pay' }).tap();
    await expect(page.getByRole('heading', { name: 'Confirm the payment' })).toBeVisible();
    await shot(page, 'en-return');
    await page.getByRole('button', { name: 'Payment done' }).tap();
    await expect(page.getByTestId('pp-paid')).toContainText('Payment succeeded');
    await shot(page, 'en-paid');
  });
});
