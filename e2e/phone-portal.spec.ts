import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { test, expect, apiData } from './fixtures.ts';

/**
 * The phone portal (issue 34) on an iPhone and an Android profile, always in Chromium with touch:
 * log in through the SMS-code form, the order list, an order, fixing a refused photo, tracking
 * the parcel and requesting a refund. Screens in zh and en go to test-results/screens.
 */
test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000', PAY_SANDBOX_NOTIFY_DELAY_MS: '200' } });
test.describe.configure({ timeout: 240_000 });

const PHOTOS = 'apps/server/test/fixtures/photos';
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/phone-${name}.png`, fullPage: true });
const phone = (name: 'iPhone 13' | 'Pixel 7') => {
  // The profile's own browser type (WebKit for the iPhone) is dropped: every journey runs in Chromium.
  const { defaultBrowserType: _, ...profile } = devices[name];
  return profile;
};

let seq = 0;
const newMobile = () => `137${String(Date.now() % 100000).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;

async function data<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await r.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${r.url()}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A member with a complete profile (demo hook), whose session the browser does not have. */
async function member(request: APIRequestContext, mobile: string) {
  return data<{ token: string; randomKey: string; memberId: number }>(
    await request.post('/api/dev/login', { data: { mobile, name: '王同学', mail: `${mobile}@example.com` } }),
  );
}

/** A paid individual order (state 115), moved on by staff through `actions`. */
async function paidOrder(request: APIRequestContext, mobile: string, actions: Record<string, unknown>[] = []) {
  const m = await member(request, mobile);
  const o = await data<{ id: number; orderNo: string }>(
    await request.post('/api/dev/order', { data: { mobile, kind: 'individual', persons: 1, withShipping: true } }),
  );
  const headers = { authorization: `Bearer ${m.token}`, memberid: String(m.memberId) };
  const pay = await data<{ paymentNo?: string; paid: boolean }>(
    await request.post('/api/pay/getPayInfo', { headers, data: signBody({ id: o.id, payType: 1 }, m.randomKey) }),
  );
  if (!pay.paid) expect((await request.post(`/sandbox/pay/${pay.paymentNo}/pay`)).ok()).toBeTruthy();
  const state = async () =>
    (
      await data<{ order: { state: number } }>(
        await request.get(`/api/order/findOrderAndOrderDetails?id=${o.id}`, { headers }),
      )
    ).order.state;
  await expect.poll(state).toBe(115);
  const { token } = await data<{ token: string }>(
    await request.post('/api/dev/staff-login', { data: { role: 'admin' } }),
  );
  for (const body of actions)
    await data(
      await request.post('/api/console/orders/transition', {
        headers: { 'x-staff-token': token },
        data: { ids: [o.id], ...body },
      }),
    );
  return { ...o, state };
}

/** Logs in through the phone's own form: image code from the demo hook, SMS code from the outbox. */
async function logInByForm(page: Page, mobile: string) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/login/getImageCode'));
  await page.goto('/phoneModify');
  await expect(page).toHaveURL(/\/phoneModify\/login$/);
  const token = ((await (await captcha).json()) as { data: { imageCodeToken: string } }).data.imageCodeToken;
  const { answer } = await apiData<{ answer: string }>(page, `/api/dev/captcha?token=${token}`);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('图形验证码', { exact: true }).fill(answer);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await expect(page.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
  await expect
    .poll(async () => (await apiData<unknown[]>(page, `/api/dev/outbox?to=${mobile}`)).length)
    .toBeGreaterThan(0);
  const [{ code }] = await apiData<{ code: string }[]>(page, `/api/dev/outbox?to=${mobile}`);
  await page.getByLabel('手机验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).tap();
}

async function english(page: Page) {
  await page.getByRole('button', { name: 'Switch to English' }).tap();
}

test.describe('iPhone', () => {
  test.use(phone('iPhone 13'));

  test('logs in by SMS code, sees the empty list, tracks a shipped parcel and asks for a refund', async ({ page }) => {
    const mobile = newMobile();
    await member(page.request, mobile);
    // Validation speaks the desktop's words.
    await page.goto('/phoneModify/login');
    await page.getByRole('button', { name: '获取验证码' }).tap();
    await expect(page.getByText('请先输入手机号和图形验证码')).toBeVisible();
    await shot(page, 'login-zh');
    await logInByForm(page, mobile);
    await expect(page).toHaveURL(/\/phoneModify\/orders$/);
    await expect(page.getByRole('heading', { name: '还没有订单' })).toBeVisible();
    await shot(page, 'orders-empty-zh');
    await english(page);
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await shot(page, 'orders-empty-en');
    await page.getByRole('button', { name: '切换到中文' }).tap();

    // A shipped order: its state in words, tracking with the carrier and a copyable waybill.
    const shipped = await paidOrder(page.request, mobile, [
      { action: 'approve' },
      { action: 'produce' },
      { action: 'ship', carrier: 'EMS', waybillNos: ['EM100200300CN'] },
    ]);
    await page.reload();
    const card = page.getByTestId(`order-${shipped.orderNo}`);
    await expect(card.getByTestId('order-state')).toHaveText('已发货');
    await shot(page, 'orders-zh');
    await card.getByRole('button', { name: '查看物流' }).tap();
    await expect(page.getByRole('heading', { name: '物流信息' })).toBeVisible();
    await expect(page.getByTestId('copy-value')).toHaveText('EM100200300CN');
    await shot(page, 'track-zh');
    await english(page);
    await expect(page.getByRole('heading', { name: 'Parcel tracking' })).toBeVisible();
    await shot(page, 'track-en');
    await page.getByRole('button', { name: '切换到中文' }).tap();

    // A paid order waiting for review: refund with a reason, after 您确定申请退款吗？
    const paid = await paidOrder(page.request, mobile);
    await page.goto('/phoneModify/orders');
    await page.getByTestId(`order-${paid.orderNo}`).getByRole('button', { name: '申请退款' }).tap();
    await expect(page.getByRole('heading', { name: '申请退款' })).toBeVisible();
    await page.getByRole('button', { name: '提交退款申请' }).tap();
    await expect(page.getByText('请选择退款原因')).toBeVisible();
    await page.getByText('不再需要').tap();
    await shot(page, 'refund-zh');
    await page.getByRole('button', { name: '提交退款申请' }).tap();
    await expect(page.getByText('您确定申请退款吗？')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).tap();
    await expect(page).toHaveURL(new RegExp(`/phoneModify/orders/${paid.id}$`));
    await expect(page.getByText('待审核', { exact: true })).toBeVisible();
    await shot(page, 'order-refund-zh');
  });
});

test.describe('Android', () => {
  test.use(phone('Pixel 7'));

  test('fixes a photo the review refused: the reason per person, a new photo, and the order back in review', async ({
    page,
  }) => {
    const mobile = newMobile();
    const refused = await paidOrder(page.request, mobile, [{ action: 'reject', reason: '背景不是纯色' }]);
    await logInByForm(page, mobile);
    await expect(page).toHaveURL(/\/phoneModify\/orders$/);
    const card = page.getByTestId(`order-${refused.orderNo}`);
    await expect(card.getByTestId('order-state')).toHaveText('已驳回');
    await card.getByRole('button', { name: '修改照片' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: '背景不是纯色' })).toBeVisible();
    await shot(page, 'order-refused-zh');
    await english(page);
    await expect(page.getByRole('heading', { name: 'Order details' })).toBeVisible();
    await shot(page, 'order-refused-en');
    await page.getByRole('button', { name: '切换到中文' }).tap();
    await page.getByRole('button', { name: /重新拍照/ }).tap();

    // A photo the check refuses: why, in the check's words, and the corrected one when the machine could.
    await page.getByTestId('camera-input').setInputFiles(`${PHOTOS}/red-behind-compliant.jpg`);
    const refusal = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '照片未通过检测' }) });
    await expect(refusal).toBeVisible({ timeout: 60_000 });
    await expect(refusal.getByRole('heading', { level: 2 })).toHaveText('照片未通过检测');
    await expect(refusal.getByRole('listitem').first()).toBeVisible();
    if (await refusal.getByRole('button', { name: '使用修正后的照片' }).count()) {
      await expect(refusal.getByText('系统已自动修正了这张照片。请对比后使用修正后的照片，或重新拍摄。')).toBeVisible();
      await expect(refusal.getByAltText('您的照片')).toBeVisible();
      await expect(refusal.getByAltText('修正后的照片')).toBeVisible();
      await expect
        .poll(() => refusal.getByAltText('修正后的照片').evaluate((i) => (i as HTMLImageElement).naturalWidth), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      await expect(refusal.getByRole('button', { name: '重新拍摄' })).toBeVisible();
    } else await expect(refusal.getByText('请按以上项目调整后重新拍摄。')).toBeVisible();
    await shot(page, 'fix-refused-zh');

    // Taken with the camera input: a photo that passes the check.
    await page.getByTestId('camera-input').setInputFiles(`${PHOTOS}/compliant-3.jpg`);
    await expect(page.getByRole('heading', { name: '照片检测通过' })).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('邮箱').fill('wang@example.com');
    await shot(page, 'fix-zh');
    await page.getByRole('button', { name: '提交审核' }).tap();
    await expect(page).toHaveURL(new RegExp(`/phoneModify/orders/${refused.id}$`));
    // Back in review, as on the desktop: the order left 125.
    await expect.poll(refused.state).not.toBe(125);
    await expect(page.getByTestId('order-state')).not.toHaveText('已驳回');
  });
});
