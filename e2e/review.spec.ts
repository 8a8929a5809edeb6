import type { APIRequestContext, Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect, loginAs } from './fixtures.ts';

interface Member {
  token: string;
  randomKey: string;
  memberId: number;
}
const memberHeaders = (m: Member) => ({ authorization: `Bearer ${m.token}`, memberid: String(m.memberId) });

/** A paid individual order of `persons` persons: made through the demo hook, paid at the sandbox cashier. */
async function paidOrder(request: APIRequestContext, mobile: string, persons: number) {
  const m = await data<Member>(await request.post('/api/dev/login', { data: { mobile } }));
  const o = await data<{ id: number; orderNo: string }>(
    await request.post('/api/dev/order', {
      data: { mobile, kind: 'individual', persons, withShipping: true, photos: true },
    }),
  );
  const pay = await data<{ paymentNo?: string; paid: boolean }>(
    await request.post('/api/pay/getPayInfo', {
      headers: memberHeaders(m),
      data: signBody({ id: o.id, payType: 1 }, m.randomKey),
    }),
  );
  if (!pay.paid) expect((await request.post(`/sandbox/pay/${pay.paymentNo}/pay`)).ok()).toBeTruthy();
  await expect
    .poll(
      async () =>
        (
          await data<{ order: { state: number } }>(
            await request.get(`/api/order/findOrderAndOrderDetails?id=${o.id}`, { headers: memberHeaders(m) }),
          )
        ).order.state,
    )
    .toBe(115);
  return o;
}

const setLang = async (page: Page, lang: 'zh' | 'en') => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
};

test('a reviewer decides each person by key; the student sees who was refused and why, and can replace that photo', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const mobile = '13800000371';
  const o = await paidOrder(request, mobile, 2);

  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  // The demo reviewer is one account for every journey on this server: its pace so far today.
  const decidedToday = async () => {
    const token = await reviewer.evaluate(() => sessionStorage.getItem('staffToken'));
    const r = await reviewer.request.get('/api/console/dashboard', { headers: { 'x-staff-token': token! } });
    return ((await r.json()) as { data: { reviewPace: { today: number } } }).data.reviewPace.today;
  };
  const before = await decidedToday();
  await reviewer.goto('/console/review');
  await expect(reviewer.getByRole('heading', { name: '照片审核' })).toBeVisible();
  const item = reviewer.getByTestId(`review-order-${o.orderNo}`);
  await expect(item).toContainText('承诺审核日');
  await expect(item).toContainText('已审 0/2 人');
  await shot(reviewer, 'review-queue-zh');

  // A approves the first person; the order waits for the second.
  await reviewer.keyboard.press('a');
  await expect(item).toContainText('已审 1/2 人');
  await expect(reviewer.getByText('已通过').first()).toBeVisible();
  // 2 refuses the second with the list's second reason; the order goes back to the student.
  await reviewer.keyboard.press('2');
  await expect(reviewer.getByText(`订单 ${o.orderNo} 已退回学生重新上传`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // The student's order page names the person, the reason and offers a new photo for that person.
  await loginAs(page, mobile);
  await page.goto(`/home/orderDetails?id=${o.id}`);
  const alert = page.getByRole('alert').filter({ hasText: '以下人员的照片未通过审核' });
  await expect(alert).toContainText('测试学生2：照片不清晰');
  await expect(alert).not.toContainText('测试学生1');
  await expect(alert.getByRole('button', { name: '更换此照片' })).toBeVisible();
  await shot(page, 'review-student-zh');
  await setLang(page, 'en');
  const alertEn = page.getByRole('alert').filter({ hasText: 'were not accepted' });
  await expect(alertEn).toContainText('测试学生2: The photo is not sharp');
  await expect(alertEn.getByRole('button', { name: 'Replace this photo' })).toBeVisible();
  await shot(page, 'review-student-en');

  // The reviewer's pace on the dashboard: two more decisions today.
  await reviewer.goto('/console/dashboard');
  await expect(reviewer.getByText('我的审核速度')).toBeVisible();
  await expect(reviewer.getByText(new RegExp(`今日 ${before + 2} 人，每小时 \\d+ 人`))).toBeVisible();
  await shot(reviewer, 'review-dashboard-zh');
});

test('the refusal dialog by key, a typed reason, and an approved photo sent back (English console)', async ({
  browser,
  baseURL,
  request,
}) => {
  const first = await paidOrder(request, '13800000372', 1);
  const second = await paidOrder(request, '13800000372', 1);
  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  await reviewer.goto('/console/review');
  await setLang(reviewer, 'en');
  await expect(reviewer.getByRole('heading', { name: 'Photo review' })).toBeVisible();
  await expect(reviewer.getByTestId(`review-order-${first.orderNo}`)).toContainText('Review promised by');
  await shot(reviewer, 'review-queue-en');

  // J / K move the cursor; A approves the first order's person.
  await reviewer.keyboard.press('a');
  await expect(reviewer.getByTestId(`review-order-${first.orderNo}`)).toHaveCount(0);
  // R opens the reasons; 0 picks a typed one.
  await reviewer.keyboard.press('r');
  const dialog = reviewer.getByRole('dialog', { name: /Refuse the photo of/ });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Other reason (type it)').click();
  await dialog.getByLabel('Type the reason').fill('Ears hidden by hair');
  await shot(reviewer, 'review-refuse-dialog-en');
  await dialog.getByRole('button', { name: 'Refuse' }).click();
  await expect(reviewer.getByText(`Order ${second.orderNo} went back to the student for new photos`)).toBeVisible();

  // The approved one turns out wrong: sent back for a new photo.
  const reset = reviewer.getByTestId('review-reset');
  await reset.getByLabel('Order number').fill(first.orderNo);
  await reset.getByRole('button', { name: 'Find' }).click();
  await expect(reset.getByText('To be made')).toBeVisible();
  await reset.getByRole('button', { name: 'Send back' }).click();
  await expect(reviewer.getByText('Sent back: the student is told and uploads a new photo')).toBeVisible();
  await shot(reviewer, 'review-reset-en');
  await setLang(reviewer, 'zh');
  await expect(reviewer.getByRole('heading', { name: '照片审核' })).toBeVisible();
  await shot(reviewer, 'review-page-zh');
});
