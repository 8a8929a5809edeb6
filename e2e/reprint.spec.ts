import type { Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { test, expect, loginAs, apiData } from './fixtures.ts';
import { consoleAs } from './console-kit.ts';

interface National {
  xh: string;
  xm: string;
  /** The sandbox's ID number of the record (the demo hook lists it). */
  zjhm: string;
  yxdm: string;
  schoolName: string;
  hasPhoto: boolean;
  photoId: number | null;
}

/** A member call from the test side, with the page's session (POST bodies signed as the web does). */
async function memberCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  const s = await page.evaluate(() => ({
    token: sessionStorage.getItem('token')!,
    memberId: sessionStorage.getItem('memberId')!,
    key: sessionStorage.getItem('randomKey')!,
  }));
  const headers = { authorization: `Bearer ${s.token}`, memberid: s.memberId };
  const r =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: signBody(payload, s.key) });
  return (await r.json()) as { code: number; msg: string; data: T };
}

/**
 * Opens an antd select by its label and takes its first option, again until the select shows it:
 * a county list still loading for the city just chosen took the Enter and chose nothing.
 */
async function pickFirst(page: Page, label: string) {
  const select = page.getByLabel(label, { exact: true });
  const shown = page.locator('.ant-select').filter({ has: select }).locator('.ant-select-content-has-value');
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect(option).toBeVisible({ timeout: 2_000 });
    // The keyboard takes the active (first) option: a click waits for the list to stop
    // moving, which a closing dropdown beside it can delay without end on a busy machine.
    await page.keyboard.press('Enter');
    await expect(shown).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`, fullPage: true });
}

/** Fills /newId (school from the suggestions, student number, ID card number) and confirms the dialog. */
async function tryBind(
  page: Page,
  s: National,
  idNum: string,
  labels = { school: '学校', studentId: '学号', idNum: '身份证号', bind: /^绑\s*定$/, ok: /确\s*定|OK/ },
) {
  await expect(page).toHaveURL(/\/newId$/);
  await page.getByLabel(labels.school).fill(s.yxdm);
  await page.locator('.ant-select-item-option', { hasText: s.yxdm }).first().click();
  await page.getByLabel(labels.studentId, { exact: true }).fill(s.xh);
  await page.getByLabel(labels.idNum, { exact: true }).fill(idNum);
  await page.getByRole('button', { name: labels.bind }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(s.xh)).toBeVisible();
  await dialog.getByRole('button', { name: labels.ok }).click();
}

/** Binds on /newId with the record's own ID number. */
async function bindOnNewId(page: Page, s: National) {
  await tryBind(page, s, s.zjhm);
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(page).toHaveURL(/\/developFilms$/);
}

/** A valid 18-digit number (check digit right) that is not the record's: the guess of someone else. */
function otherIdNumber(s: National, n: number): string {
  const body = `${s.zjhm.slice(0, 14)}${String((Number(s.zjhm.slice(14, 17)) + 1 + n) % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * weights[i]!;
  return body + '10X98765432'[sum % 11];
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
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();

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

  // pay by QR in the sandbox cashier; the page polls until 120 and ends on the success page, which leads to the list
  await expect(page.getByTestId('pay-amount')).toHaveText('¥ 50.00');
  await page.getByLabel('微信扫码支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  const img = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(img).toBeVisible();
  const paymentNo = (await img.getAttribute('data-qr-payload'))!.split('/').pop()!;
  expect((await page.request.post(`/sandbox/pay/${paymentNo}/pay`)).ok()).toBeTruthy();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '查看我的订单' }).click();
  await expect(page).toHaveURL(/\/home\/myRollOder$/);
  expect(
    (await memberCall<{ order: { state: number } }>(page, 'GET', `/api/order/findWashOrderAndOrderDetails?id=${id}`))
      .data.order.state,
  ).toBe(120);

  // the list: paid (120), modify goes to logistics, no pay button, refund offered; quantity no longer editable
  const row = page.getByRole('row', { name: /待制作/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: '修改' })).toHaveAttribute(
    'href',
    `/home/orderModify?id=${id}&type=wuliu`,
  );
  await expect(row.getByRole('link', { name: '去支付' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /退\s*款|申请退款/ })).toBeVisible();
  await shot(page, 'reprint-my-roll-order');
  await page.goto(`/developModify?id=${id}`);
  await expect(page.getByText('订单已支付，数量不能再修改。')).toBeVisible();

  // the bind check now leads to /developFilms; from there apply to unbind
  await page.goto('/home/myRollOder');
  await page.getByRole('button', { name: '冲印毕业照' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/developFilms$/);
  await page.getByRole('link', { name: '不是您的学籍？申请解绑' }).click();
  await expect(page).toHaveURL(/\/untiedId$/);
  await expect(page.getByTestId('bound-student')).toHaveText(student.xh);
  await page.getByRole('button', { name: '申请解绑' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('解绑申请成功')).toBeVisible();
  await expect(page.getByText(/请拨打客服电话/)).toBeVisible();
  await shot(page, 'reprint-untied-pending');

  // The student changes their mind while it waits: withdraw, bound again, then apply once more.
  await page.getByRole('button', { name: '撤销解绑申请' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已撤销解绑申请')).toBeVisible();
  await expect(page.getByText(/请拨打客服电话/)).toBeHidden();
  await page.getByRole('button', { name: '申请解绑' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText(/请拨打客服电话/)).toBeVisible();

  // customer service approves in the console
  const staff = await page.request.post('/api/dev/staff-login', { data: { role: 'admin' } });
  const token = ((await staff.json()) as { data: { token: string } }).data.token;
  const pending = (await (
    await page.request.get('/api/console/bindings?state=2', { headers: { 'x-staff-token': token } })
  ).json()) as {
    data: { id: number; studentId: string }[] | { list: { id: number; studentId: string }[] };
  };
  const rows = Array.isArray(pending.data) ? pending.data : pending.data.list;
  const b = rows.find((r) => r.studentId === student.xh);
  expect(b).toBeTruthy();
  const approved = await page.request.post(`/api/console/bindings/${b!.id}/approve`, {
    headers: { 'x-staff-token': token },
    data: {},
  });
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
  await expect(page.getByText('Please enter the ID card number')).toBeVisible();
  await shot(page, 'reprint-new-id-en');
});

test("binding proves identity: A binds with the ID number, B guessing is refused then told to wait, C proving A's record raises a dispute staff see", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const withPhoto = (await apiData<National[]>(page, '/api/dev/national-students')).filter(
    (x) => x.hasPhoto && x.photoId,
  );
  const [record, guessed] = [withPhoto[1]!, withPhoto[2]!];
  const memberPage = async (mobile: string, name: string, lang: 'zh' | 'en' = 'zh') => {
    const p = await (await browser.newContext({ baseURL })).newPage();
    // Every member names themselves as the student: the name alone must never bind.
    await loginAs(p, mobile, { name });
    await p.evaluate((l) => localStorage.setItem('lang', l), lang);
    await p.goto('/newId');
    return p;
  };

  // A: the student, with the record's own ID number
  const a = await memberPage('13900000911', record.xm);
  await bindOnNewId(a, record);
  await expect(a.getByRole('cell', { name: record.schoolName })).toBeVisible();
  // A orders a reprint of the record (the order page shows the photo on file)
  const [onFile] = (await memberCall<{ id: string }[]>(a, 'GET', '/api/binding/findWashStudentInfo')).data;
  const aOrder = await memberCall<number>(a, 'POST', '/api/order/createWashOrder', {
    dist: 0,
    num: 1,
    thirdStudentId: onFile!.id,
  });
  expect(aOrder.code).toBe(200);
  await a.goto(`/developConfirm?id=${aOrder.data}`);
  await expect(a.getByRole('img', { name: '照片' })).toBeVisible();
  await expect(a.getByTestId('order-notice')).toHaveCount(0);

  // B: a wrong (well-formed) number is refused in the page; the 5th failure stops the day
  const b = await memberPage('13900000912', guessed.xm);
  await b.getByLabel('身份证号', { exact: true }).fill('110101199003070012');
  await b.getByRole('button', { name: /^绑\s*定$/ }).click();
  await expect(b.getByText('请输入正确的身份证号')).toBeVisible();
  await tryBind(b, guessed, otherIdNumber(guessed, 0));
  const refusal = b.getByTestId('bind-refusal');
  await expect(refusal).toContainText('绑定未成功');
  await expect(refusal).toContainText('未查询到该学校该学号的照片信息');
  await shot(b, 'reprint-bind-refused');
  // tries 2 to 4 through the API (the page was shown once), the 5th through the page again
  for (let i = 1; i < 4; i++) {
    const r = await memberCall(b, 'POST', '/api/binding/binding', {
      studentId: guessed.xh,
      yxdm: guessed.yxdm,
      idType: 1,
      idNum: otherIdNumber(guessed, i),
    });
    expect(r).toMatchObject({ code: 400, msg: '未查询到该学校该学号的照片信息' });
  }
  await b.getByLabel('身份证号', { exact: true }).fill(otherIdNumber(guessed, 4));
  await b.getByRole('button', { name: /^绑\s*定$/ }).click();
  await b
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(refusal).toContainText('暂时无法绑定');
  await expect(refusal).toContainText('今日身份核验失败次数过多，请明天再试或联系客服');
  await expect(b.getByRole('dialog')).toBeHidden();
  await shot(b, 'reprint-bind-locked');
  expect(await memberCall<number>(b, 'GET', '/api/binding/findCheckStatus')).toMatchObject({ data: 0 });

  // C: proves identity of A's record (in English): a dispute, and A's binding is suspended
  const c = await memberPage('13900000913', record.xm, 'en');
  await c.getByRole('combobox', { name: 'Document type' }).click();
  await expect(c.getByTitle('Passport')).toBeVisible();
  await c.keyboard.press('Escape');
  await tryBind(c, record, record.zjhm, {
    school: 'School',
    studentId: 'Student number',
    idNum: 'ID card number',
    bind: /^Bind$/,
    ok: /OK/,
  });
  const sent = c.getByTestId('bind-refusal');
  await expect(sent).toContainText('Sent to customer service');
  await expect(sent).toContainText('Your identity is verified and the case has gone to customer service');
  await expect(c.getByRole('dialog')).toBeHidden();
  await shot(c, 'reprint-bind-dispute-en');

  expect((await memberCall<unknown[]>(a, 'GET', '/api/binding/findWashStudentInfo')).data).toEqual([]);
  await a.goto('/untiedId');
  await expect(a.getByText('您的绑定因身份争议已暂停，请联系客服')).toBeVisible();
  await shot(a, 'reprint-untied-suspended');
  // A's order is held: no photo, no pay button, and the page says why
  await a.goto(`/developConfirm?id=${aOrder.data}`);
  await expect(a.getByTestId('order-notice')).toContainText('您的绑定因身份争议已暂停，请联系客服');
  await expect(a.getByRole('img', { name: '照片' })).toHaveCount(0);
  await expect(a.getByRole('button', { name: '确认支付' })).toHaveCount(0);
  await shot(a, 'reprint-order-suspended');

  // staff see the dispute with both members masked, and give the record to C
  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  await reviewer.goto('/console/bindings');
  const queue = reviewer.getByTestId('binding-disputes');
  const row = queue.getByRole('row').filter({ hasText: record.xh });
  await expect(row).toContainText('139****0911');
  await expect(row).toContainText('139****0913');
  await expect(row).not.toContainText(record.xm);
  await expect(row).toContainText('绑定时已核验证件');
  await shot(reviewer, 'console-binding-disputes');
  await reviewer.evaluate(() => localStorage.setItem('lang', 'en'));
  await reviewer.reload();
  await expect(queue.getByRole('heading', { name: 'Binding disputes' })).toBeVisible();
  await shot(reviewer, 'console-binding-disputes-en');
  await row.getByRole('button', { name: 'Give to claimant' }).click();
  await reviewer
    .getByRole('tooltip')
    .getByRole('button', { name: /OK|Yes/ })
    .click();
  await expect(row).toHaveCount(0);
  expect(await memberCall<number>(c, 'GET', '/api/binding/findCheckStatus')).toMatchObject({ data: 1 });
  expect(await memberCall<number>(a, 'GET', '/api/binding/findCheckStatus')).toMatchObject({ data: 3 });

  // A's order closed with the decision, and its page tells A why, in both languages
  await a.goto(`/developConfirm?id=${aOrder.data}`);
  const closed = a.getByTestId('order-notice');
  await expect(closed).toContainText(
    '客服核实该学籍属于另一位已证明身份的学生，您的绑定已解除，本订单已关闭，已付款项将原路退回',
  );
  await expect(a.getByText('已关闭').first()).toBeVisible();
  await shot(a, 'reprint-order-closed-lost');
  await a.evaluate(() => localStorage.setItem('lang', 'en'));
  await a.reload();
  await expect(closed).toContainText('About this order');
  await expect(closed).toContainText('belongs to another student who proved their identity');
  await shot(a, 'reprint-order-closed-lost-en');
});
