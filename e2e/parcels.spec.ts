import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect, loginAs } from './fixtures.ts';

// Kuaidi100 is the tracking party. Its API is out of reach here (subscriptions fail and are shown
// to staff); its pushes are played by this test, signed by the documented rule MD5(param + salt).
const SALT = 'e2e-salt-for-pushes';
test.use({
  serverEnv: {
    TRACKING_PROVIDER: 'kuaidi100',
    KUAIDI100_CUSTOMER: 'E2ECUSTOMER',
    KUAIDI100_KEY: 'e2e-auth-key',
    KUAIDI100_SALT: SALT,
    KUAIDI100_API_URL: 'http://127.0.0.1:9',
    KUAIDI100_CALLBACK_URL: 'https://photo.example.edu.cn/api/tracking/kuaidi100/callback',
  },
});

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
/** Beijing time, as Kuaidi100 writes it, some hours from now. */
const bj = (hours: number) =>
  new Date(Date.now() + (hours + 8) * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function push(
  request: APIRequestContext,
  waybill: string,
  state: string,
  data: { time: string; context: string; status: string }[],
) {
  const param = JSON.stringify({
    status: 'polling',
    message: '',
    lastResult: {
      message: 'ok',
      nu: waybill,
      com: 'ems',
      status: '200',
      state,
      ischeck: state === '3' ? '1' : '0',
      data: [...data].reverse().map((d) => ({ ...d, ftime: d.time })),
    },
  });
  const r = await request.post('/api/tracking/kuaidi100/callback', { form: { param, sign: md5(param + SALT) } });
  expect(await r.json()).toEqual({ result: true, returnCode: '200', message: '成功' });
}

/** A shipped order: made through the demo hook, paid at the sandbox cashier, approved, made and shipped by staff. */
async function shippedOrder(
  request: APIRequestContext,
  mobile: string,
  waybill: string,
): Promise<{ id: number; orderNo: string }> {
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
  if (!pay.paid) expect((await request.post(`/sandbox/pay/${pay.paymentNo}/pay`)).ok()).toBeTruthy();
  await expect
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
  const staff = { 'x-staff-token': token };
  for (const body of [
    { action: 'approve' },
    { action: 'produce' },
    { action: 'ship', carrier: 'EMS', waybillNos: [waybill] },
  ]) {
    await data(
      await request.post('/api/console/orders/transition', { headers: staff, data: { ids: [o.id], ...body } }),
    );
  }
  return o;
}

const JOURNEY = [
  { time: bj(2), context: '【北京市】北京邮区中心局 已收寄', status: '揽收' },
  { time: bj(14), context: '【上海市】快件已到达 上海邮区中心局', status: '在途' },
  { time: bj(22), context: '【上海市】上海市徐汇区漕河泾营业部安排投递，投递员：王师傅', status: '派件' },
  { time: bj(25), context: '【上海市】您的邮件已签收，签收人：本人', status: '签收' },
];

test("the student's trace shows the carrier's pushed events, newest first, in zh and en; the order is delivered", async ({
  page,
  request,
}) => {
  const mobile = '13800000241';
  const o = await shippedOrder(request, mobile, 'EA240000001CN');
  await push(request, 'EA240000001CN', '0', JOURNEY.slice(0, 2));
  await push(request, 'EA240000001CN', '3', JOURNEY);
  // The same push again (Kuaidi100 retries): nothing doubles.
  await push(request, 'EA240000001CN', '3', JOURNEY);

  await loginAs(page, mobile);
  await page.goto(`/home/logistics?id=${o.id}&type=1`);
  await expect(page.getByText('EA240000001CN')).toBeVisible();
  const events = page.getByTestId('trace-event');
  await expect(events.first()).toContainText('已签收');
  const texts = await events.allInnerTexts();
  const carrierTexts = texts.filter((t) => JOURNEY.some((j) => t.includes(j.context)));
  expect(carrierTexts.map((t) => JOURNEY.findIndex((j) => t.includes(j.context)))).toEqual([3, 2, 1, 0]);
  expect(texts.filter((t) => t.includes('您的邮件已签收'))).toHaveLength(1);
  await expect(events.nth(1)).toContainText('派送中');
  await expect(events.last()).toContainText('【EMS】快件已揽收');
  await shot(page, 'parcels-trace-zh');

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shipping information' })).toBeVisible();
  await expect(events.first()).toContainText('Delivered');
  await expect(events.nth(1)).toContainText('Out for delivery');
  await shot(page, 'parcels-trace-en');

  await page.goto('/home/orders');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
});

test('staff see returned parcels in the console queue, with why tracking could not subscribe', async ({
  browser,
  baseURL,
  request,
}) => {
  const returned = await shippedOrder(request, '13800000242', 'EA240000002CN');
  const moving = await shippedOrder(request, '13800000243', 'EA240000003CN');
  await push(request, 'EA240000002CN', '6', [
    { time: bj(3), context: '【北京市】北京邮区中心局 已收寄', status: '揽收' },
    { time: bj(30), context: '【广州市】收件人拒收，邮件退回寄件人', status: '退回' },
  ]);
  await push(request, 'EA240000003CN', '0', [
    { time: bj(3), context: '【北京市】北京邮区中心局 已收寄', status: '揽收' },
  ]);

  const prod = await consoleAs(browser, baseURL!, 'production');
  await prod.goto('/console/parcels');
  await expect(prod.getByRole('heading', { name: '物流异常' })).toBeVisible();
  const row = prod.getByRole('row').filter({ hasText: returned.orderNo });
  await expect(row).toContainText('已退回');
  await expect(row).toContainText('收件人拒收，邮件退回寄件人');
  await expect(row).toContainText('跟踪订阅失败');
  await expect(prod.getByRole('row').filter({ hasText: moving.orderNo })).toHaveCount(0);
  await expect(prod.getByRole('navigation', { name: '后台菜单' }).getByText('物流异常')).toBeVisible();
  await shot(prod, 'parcels-console-queue');
  // "Ask the carrier now" with the carrier out of reach: the staff member is told, nothing breaks.
  await row.getByRole('button', { name: '立即查询' }).click();
  await expect(prod.getByText('物流查询失败，请稍后再试')).toBeVisible();
});
