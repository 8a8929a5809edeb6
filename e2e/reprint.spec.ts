import type { Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { test, expect, loginAs, apiData } from './fixtures.ts';

interface National {
  xh: string;
  xm: string;
  yxdm: string;
  schoolName: string;
  hasPhoto: boolean;
  photoId: number | null;
}

/** A member call from the test side, with the page's session (POST bodies signed as the web does). */
async function memberCall<T>(page: Page, method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const s = await page.evaluate(() => ({ token: sessionStorage.getItem('token')!, memberId: sessionStorage.getItem('memberId')!, key: sessionStorage.getItem('randomKey')! }));
  const headers = { authorization: `Bearer ${s.token}`, memberid: s.memberId };
  const r =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: signBody(payload, s.key) });
  return (await r.json()) as { code: number; msg: string; data: T };
}

/** Opens an antd select by its label and takes its first option. */
async function pickFirst(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toBeVisible();
  // The keyboard takes the active (first) option: a click waits for the list to stop
  // moving, which a closing dropdown beside it can delay without end on a busy machine.
  await page.keyboard.press('Enter');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Binds on /newId through the school suggestions, the student number and the confirm dialog. */
async function bindOnNewId(page: Page, s: National) {
  await expect(page).toHaveURL(/\/newId$/);
  await page.getByLabel('学校').fill(s.yxdm);
  await page.locator('.ant-select-item-option', { hasText: s.yxdm }).first().click();
  await page.getByLabel('学号').fill(s.xh);
  await page.getByRole('button', { name: /^绑\s*定$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(s.xh)).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(page).toHaveURL(/\/developFilms$/);
}

test('reprint: bind, choose, order, confirm, pay, list, unbind, staff approval, bind again', async ({ page }) => {
  test.setTimeout(120_000);
  const students = await apiData<National[]>(page, '/api/dev/national-students');
  const s = students.find((x) => x.hasPhoto && x.photoId) ?? students.find((x) => x.hasPhoto);
  expect(s, 'a national student with a photo on file').toBeTruthy();
  const student = s!;
  await loginAs(page, '13900000901', { name: student.xm });

  // the reprint dialog on the list runs the bind check: not bound -> /newId
  await page.goto('/home/myRollOder');
  await expect(page.getByRole('heading', { name: '冲印订单' })).toBeVisible();
  await expect(page.getByTestId('reprint-notes')).toContainText('无背胶');
  await page.getByRole('button', { name: '冲印毕业照' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();

  // bind with an empty student number first: the specification's message
  await expect(page).toHaveURL(/\/newId$/);
  await page.getByRole('button', { name: /^绑\s*定$/ }).click();
  await expect(page.getByText('学号或学校不能为空').first()).toBeVisible();
  await shot(page, 'reprint-new-id');
  await bindOnNewId(page, student);

  // choose: quantity 3 with the disc -> 10 x 3 + 20 + 10
  await expect(page.getByRole('cell', { name: student.schoolName })).toBeVisible();
  await page.getByLabel('冲印数量（版）').fill('3');
  await page.getByText('刻录（+10元）').click();
  await expect(page.getByTestId('films-total')).toHaveText('合计：¥60.00');
  await shot(page, 'reprint-develop-films');
  await page.getByRole('button', { name: '生成订单' }).click();
  await expect(page).toHaveURL(/\/developOrder\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('order-total')).toHaveText('¥60.00');
  await expect(page.getByTestId('reprint-notes')).toContainText('约十天');

  // the receiver, through the shared shipping form
  await pickFirst(page, '快递');
  await page.getByLabel('收件人姓名').fill('张三');
  await page.getByLabel('收件人电话').fill('13900000901');
  await pickFirst(page, '省份');
  await pickFirst(page, '城市');
  await pickFirst(page, '县区');
  await page.getByLabel('具体地址').fill('颐和园路5号');
  await shot(page, 'reprint-develop-order');
  await page.getByRole('button', { name: /下一步/ }).click();

  // confirm: change the quantity at 110, then pay
  await expect(page).toHaveURL(new RegExp(`/developConfirm\\?id=${id}$`));
  await expect(page.getByTestId('confirm-receiver')).toHaveText('张三');
  await page.getByRole('link', { name: '修改数量' }).click();
  await expect(page).toHaveURL(new RegExp(`/developModify\\?id=${id}$`));
  await page.getByLabel('冲印数量（版）').fill('2');
  await expect(page.getByTestId('modify-total')).toHaveText('合计：¥50.00');
  await shot(page, 'reprint-develop-modify');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/developConfirm\\?id=${id}$`));
  await expect(page.getByTestId('order-total')).toHaveText('¥50.00');
  await expect(page.getByTestId('order-num')).toHaveText('2');
  await shot(page, 'reprint-develop-confirm');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/submitPhoto/completionPayment\\?id=${id}&type=2$`));

  // pay by QR in the sandbox cashier; the page polls until 120 and returns to the list
  await expect(page.getByTestId('pay-amount')).toHaveText('¥ 50.00');
  await page.getByLabel('微信扫码支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  const img = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(img).toBeVisible();
  const paymentNo = (await img.getAttribute('data-qr-payload'))!.split('/').pop()!;
  expect((await page.request.post(`/sandbox/pay/${paymentNo}/pay`)).ok()).toBeTruthy();
  await expect(page).toHaveURL(/\/home\/myRollOder$/, { timeout: 20_000 });
  expect((await memberCall<{ order: { state: number } }>(page, 'GET', `/api/order/findWashOrderAndOrderDetails?id=${id}`)).data.order.state).toBe(120);

  // the list: paid (120), modify goes to logistics, no pay button, refund offered; quantity no longer editable
  const row = page.getByRole('row', { name: /待制作/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: '修改' })).toHaveAttribute('href', `/home/orderModify?id=${id}&type=wuliu`);
  await expect(row.getByRole('link', { name: '去支付' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /退\s*款|申请退款/ })).toBeVisible();
  await shot(page, 'reprint-my-roll-order');
  await page.goto(`/developModify?id=${id}`);
  await expect(page.getByText('订单已支付，数量不能再修改。')).toBeVisible();

  // the bind check now leads to /developFilms; from there apply to unbind
  await page.goto('/home/myRollOder');
  await page.getByRole('button', { name: '冲印毕业照' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/developFilms$/);
  await page.getByRole('link', { name: '不是您的学籍？申请解绑' }).click();
  await expect(page).toHaveURL(/\/untiedId$/);
  await expect(page.getByTestId('bound-student')).toHaveText(student.xh);
  await page.getByRole('button', { name: '申请解绑' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('解绑申请成功')).toBeVisible();
  await expect(page.getByText(/请拨打客服电话/)).toBeVisible();
  await shot(page, 'reprint-untied-pending');

  // customer service approves in the console
  const staff = await page.request.post('/api/dev/staff-login', { data: { role: 'admin' } });
  const token = ((await staff.json()) as { data: { token: string } }).data.token;
  const pending = (await (await page.request.get('/api/console/bindings?state=2', { headers: { 'x-staff-token': token } })).json()) as {
    data: { id: number; studentId: string }[] | { list: { id: number; studentId: string }[] };
  };
  const rows = Array.isArray(pending.data) ? pending.data : pending.data.list;
  const b = rows.find((r) => r.studentId === student.xh);
  expect(b).toBeTruthy();
  const approved = await page.request.post(`/api/console/bindings/${b!.id}/approve`, { headers: { 'x-staff-token': token }, data: {} });
  expect(((await approved.json()) as { code: number }).code).toBe(200);

  // refresh: not bound any more; bind again
  await page.getByRole('button', { name: /刷\s*新/ }).click();
  await expect(page.getByText('您尚未绑定学籍信息。')).toBeVisible();
  await page.getByRole('button', { name: '去绑定' }).click();
  await bindOnNewId(page, student);
});

test('reprint pages in English: an unbound member is sent to bind first', async ({ page }) => {
  await loginAs(page, '13900000902', { name: 'Li Lei' });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/developFilms');
  await expect(page.getByRole('heading', { name: 'Choose photos to reprint' })).toBeVisible();
  await expect(page.getByText('Paper reprints have no adhesive backing.')).toBeVisible();
  await expect(page.getByText('Please bind your student record first.')).toBeVisible();
  await page.getByRole('button', { name: 'Bind now' }).click();
  await expect(page).toHaveURL(/\/newId$/);
  await expect(page.getByLabel('Student number')).toBeVisible();
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByText('Student number or school cannot be empty').first()).toBeVisible();
  await shot(page, 'reprint-new-id-en');
});
