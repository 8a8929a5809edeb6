import type { APIRequestContext, Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect, loginAs } from './fixtures.ts';

interface Member {
  token: string;
  randomKey: string;
  memberId: number;
}
async function member(request: APIRequestContext, mobile: string): Promise<Member> {
  return data<Member>(await request.post('/api/dev/login', { data: { mobile } }));
}
const memberHeaders = (m: Member) => ({ authorization: `Bearer ${m.token}`, memberid: String(m.memberId) });
const memberGet = async <T>(request: APIRequestContext, m: Member, url: string) =>
  data<T>(await request.get(url, { headers: memberHeaders(m) }));
const memberPost = async <T>(request: APIRequestContext, m: Member, url: string, payload: unknown) =>
  data<T>(await request.post(url, { headers: memberHeaders(m), data: signBody(payload, m.randomKey) }));

/** A paid individual order: created through the demo hook, paid at the sandbox cashier. */
async function paidOrder(request: APIRequestContext, mobile: string): Promise<{ id: number; orderNo: string }> {
  const m = await member(request, mobile);
  const o = await data<{ id: number; orderNo: string }>(
    await request.post('/api/dev/order', { data: { mobile, kind: 'individual', persons: 1, withShipping: true } }),
  );
  const pay = await memberPost<{ paymentNo?: string; paid: boolean }>(request, m, '/api/pay/getPayInfo', {
    id: o.id,
    payType: 1,
  });
  if (!pay.paid) {
    const r = await request.post(`/sandbox/pay/${pay.paymentNo}/pay`);
    expect(r.ok()).toBeTruthy();
  }
  await expect
    .poll(
      async () =>
        (await memberGet<{ order: { state: number } }>(request, m, `/api/order/findOrderAndOrderDetails?id=${o.id}`))
          .order.state,
    )
    .toBe(115);
  return o;
}

/** A console tab logged in as a role through the demo hook. */

test('a staff member logs in with a password; the menu follows the role', async ({ browser, baseURL, page }) => {
  const admin = await consoleAs(browser, baseURL!, 'admin');
  const { token } = await data<{ token: string }>(
    await admin.request.post('/api/dev/staff-login', { data: { role: 'admin' } }),
  );
  await data(
    await admin.request.post('/api/console/staff', {
      headers: { 'x-staff-token': token },
      data: { username: 'fin1', name: '财务一', role: 'finance', password: 'secret-pass-1' },
    }),
  );
  await page.goto('/console');
  await shot(page, 'console-login');
  await page.getByLabel('用户名').fill('fin1');
  await page.getByLabel('密码').fill('wrong-pass-1');
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await page.getByLabel('密码').fill('secret-pass-1');
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await expect(page).toHaveTitle('工作台 - 运营管理后台');
  const menu = page.getByRole('navigation', { name: '后台菜单' });
  await expect(menu.getByText('退款审核')).toBeVisible();
  await expect(menu.getByText('照片审核')).toHaveCount(0);
  await expect(menu.getByText('员工管理')).toHaveCount(0);
  await shot(page, 'console-dashboard');

  await admin.goto('/console/staff');
  await expect(admin.getByRole('cell', { name: 'fin1' })).toBeVisible();
  await expect(admin).toHaveTitle(/^员工管理 - /);
  await shot(admin, 'console-staff');
  await admin.goto('/console/audit');
  await expect(admin.getByRole('cell', { name: '新增工作人员' }).first()).toBeVisible();
  await shot(admin, 'console-audit');
});

test('review, production, shipping; the student sees the trace', async ({ browser, baseURL, page, request }) => {
  test.setTimeout(120_000);
  const mobile = '13800000101';
  const first = await paidOrder(request, mobile);
  const second = await paidOrder(request, mobile);

  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  await reviewer.goto('/console/review');
  await expect(reviewer.getByRole('heading', { name: '照片审核' })).toBeVisible();
  await expect(reviewer.getByText(first.orderNo).first()).toBeVisible();
  await shot(reviewer, 'console-review');
  // Oldest first: A approves the first order's one person, then R refuses the second's with a listed reason.
  await reviewer.keyboard.press('a');
  await expect(reviewer.getByRole('listitem').filter({ hasText: first.orderNo })).toHaveCount(0);
  await reviewer.keyboard.press('r');
  const dialog = reviewer.getByRole('dialog', { name: /驳回.*的照片/ });
  await dialog.getByText('照片不清晰').click();
  await shot(reviewer, 'console-review-reject');
  await dialog.getByRole('button', { name: /驳\s?回/ }).click();
  await expect(reviewer.getByText(second.orderNo)).toHaveCount(0);

  await reviewer.goto('/console/orders');
  await reviewer.getByLabel('订单编号').fill(second.orderNo);
  await reviewer.getByRole('button', { name: /查\s?询/ }).click();
  await expect(reviewer.getByRole('row').filter({ hasText: second.orderNo })).toContainText('已驳回');
  await shot(reviewer, 'console-orders');
  await reviewer.getByRole('link', { name: second.orderNo }).click();
  await expect(reviewer.getByText('照片不清晰').first()).toBeVisible();
  await expect(reviewer.getByRole('cell', { name: '审核驳回' })).toBeVisible();
  await shot(reviewer, 'console-order-page');

  const prod = await consoleAs(browser, baseURL!, 'production');
  await prod.goto('/console/shipping');
  const row = (p: Page) => p.getByRole('row').filter({ hasText: first.orderNo });
  await row(prod).getByRole('checkbox').check();
  await prod.getByRole('button', { name: /开始制作/ }).click();
  await expect(row(prod)).toHaveCount(0);
  await prod.getByRole('tab', { name: '制作中' }).click();
  await row(prod).getByRole('checkbox').check();
  await prod.getByRole('button', { name: /装箱单/ }).click();
  await expect(prod.getByRole('dialog').getByText(first.orderNo)).toBeVisible();
  await shot(prod, 'console-packing-list');
  // A click during the dialog's opening animation can be lost; close until it is gone.
  await expect(async () => {
    await prod
      .getByRole('dialog')
      .getByRole('button', { name: /取\s?消/ })
      .click({ timeout: 2_000 });
    await expect(prod.getByRole('dialog')).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await prod.getByRole('button', { name: /^发货/ }).click();
  const ship = prod.getByRole('dialog', { name: '发货' });
  await ship.getByLabel('快递公司').fill('顺丰速运');
  // A number that is not the carrier's format is refused, naming the field and the format.
  await ship.getByLabel(/运单号/).fill('1234');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship.getByText('运单号格式不正确：顺丰速运的运单号应为SF+12或13位数字，或12位数字')).toBeVisible();
  await ship.getByLabel(/运单号/).fill('SF1000000000001');
  await shot(prod, 'console-ship');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship).toBeHidden();
  await prod.getByRole('tab', { name: '已发货' }).click();
  await expect(row(prod)).toContainText('SF1000000000001');
  await shot(prod, 'console-shipping');

  await loginAs(page, mobile);
  await page.goto(`/home/logistics?id=${first.id}&type=1`);
  await expect(page.getByText('SF1000000000001')).toBeVisible();
  await expect(page.getByRole('cell', { name: '顺丰速运' })).toBeVisible();
  await expect(page.getByText(/快件已揽收/)).toBeVisible();
  await shot(page, 'logistics-page');
});

test('a finance staff member approves a refund', async ({ browser, baseURL, request }) => {
  const mobile = '13800000102';
  const o = await paidOrder(request, mobile);
  const m = await member(request, mobile);
  await memberGet(request, m, `/api/pay/refund?id=${o.id}`);
  const fin = await consoleAs(browser, baseURL!, 'finance');
  await fin.goto('/console/refunds');
  const row = fin.getByRole('row').filter({ hasText: o.orderNo });
  await expect(row).toBeVisible();
  await shot(fin, 'console-refunds');
  await row.getByRole('button', { name: /通\s?过/ }).click();
  // Money actions are confirmed with the amount and the member.
  await fin
    .getByTestId('refund-confirm')
    .getByRole('button', { name: /^确认退款 ¥/ })
    .click();
  await expect(row).toHaveCount(0);
  await fin.getByLabel('状态').click();
  await fin.getByTitle('已退款').click();
  await expect(fin.getByRole('row').filter({ hasText: o.orderNo })).toContainText('已退款');
});

test('a reviewer approves an unbinding request', async ({ browser, baseURL, request }) => {
  const students = await data<{ xh: string; zjhm: string; yxdm: string }[]>(
    await request.get('/api/dev/national-students'),
  );
  const s = students[students.length - 1];
  const m = await member(request, '13800000103');
  await memberPost(request, m, '/api/binding/binding', { studentId: s.xh, yxdm: s.yxdm, idType: 1, idNum: s.zjhm });
  await memberGet(request, m, '/api/binding/unbinding');
  expect(await memberGet<number>(request, m, '/api/binding/findCheckStatus')).toBe(2);
  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  await reviewer.goto('/console/bindings');
  const row = reviewer.getByRole('row').filter({ hasText: '13800000103' });
  await expect(row).toContainText(s.xh);
  await shot(reviewer, 'console-bindings');
  await row.getByRole('button', { name: /通\s?过/ }).click();
  await expect(row).toHaveCount(0);
  expect(await memberGet<number>(request, m, '/api/binding/findCheckStatus')).toBe(3);
});

test('an editor changes a banner and the portal shows it', async ({ browser, baseURL, page }) => {
  const editor = await consoleAs(browser, baseURL!, 'editor');
  await editor.goto('/console/content');
  await expect(editor.getByRole('tab', { name: '横幅' })).toBeVisible();
  await editor
    .getByRole('button', { name: /编\s?辑/ })
    .first()
    .click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByLabel('标题（中文）').fill('毕业季图像采集已开始');
  await dialog.getByLabel('内容（中文）').fill('<p>欢迎<b>提交</b>照片</p><script>alert(1)</script>');
  await expect(dialog.getByText('提交', { exact: true })).toBeVisible();
  await shot(editor, 'console-content-edit');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(editor.getByRole('cell', { name: '毕业季图像采集已开始' })).toBeVisible();
  await shot(editor, 'console-content');
  // What the home page's carousel reads, then the banner's own page the carousel opens.
  const banners = await data<{ id: number; title: { zh: string }; content: { zh: string } | null }[]>(
    await page.request.get('/api/baseInfo/getBanner'),
  );
  const edited = banners.find((x) => x.title.zh === '毕业季图像采集已开始')!;
  expect(edited.content?.zh).toBe('<p>欢迎<b>提交</b>照片</p>');
  await page.goto(`/bannerContent?content=${edited.id}`);
  await expect(page.getByRole('heading', { name: '毕业季图像采集已开始' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('提交', { exact: true })).toBeVisible();
  await shot(page, 'home-after-banner-edit');

  // An FAQ: the type is chosen by its name, the answer written in the rich-text editor, not as HTML.
  await editor.getByRole('tab', { name: '常见问题' }).click();
  await editor.getByRole('button', { name: /新\s?增/ }).click();
  const faq = editor.getByRole('dialog');
  await faq.getByLabel('类型').click();
  await editor
    .locator('.ant-select-item-option')
    .filter({ hasText: /^订单与支付$/ })
    .click();
  await faq.getByLabel('问题（中文）').fill('退款多久到账？');
  await faq.getByLabel('问题（英文）').fill('When does a refund arrive?');
  await faq.getByRole('textbox', { name: '回答（中文）' }).fill('一般三个工作日内到账。');
  await faq.getByRole('textbox', { name: '回答（英文）' }).fill('Usually within three working days.');
  await shot(editor, 'console-faq-edit');
  await faq.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(faq).toBeHidden();
  // Newest last: the table's last page.
  await editor.locator('.ant-pagination-item').last().click();
  const faqRow = editor.locator('tbody tr.ant-table-row').filter({ hasText: '退款多久到账？' });
  await expect(faqRow).toContainText('订单与支付');
});

test('an admin marks a pilot school, a branch adds a task; the export page lists exports', async ({
  browser,
  baseURL,
}) => {
  const admin = await consoleAs(browser, baseURL!, 'admin');
  await admin.goto('/console/schools');
  await admin.getByRole('tab', { name: '学校' }).click();
  await admin.getByPlaceholder('学校').fill('10002');
  await admin.keyboard.press('Enter');
  const pilot = admin.getByRole('switch', { name: /试点学校 中国人民大学/ });
  await pilot.click();
  await expect(pilot).toBeChecked();
  // A branch runs tasks only for the schools an admin gives it.
  await admin.getByLabel('分公司 中国人民大学').fill('BJ');
  await admin.getByRole('button', { name: '保存 中国人民大学' }).click();
  await expect(admin.getByText('已保存学校所属分公司')).toBeVisible();
  await expect(admin.getByLabel('分公司 中国人民大学')).toHaveValue('BJ');
  await shot(admin, 'console-schools');
  await admin.getByRole('button', { name: 'English' }).click();
  await expect(admin.getByRole('columnheader', { name: 'Branch' })).toBeVisible();
  await expect(admin.getByLabel('Branch 中国人民大学')).toHaveValue('BJ');
  await shot(admin, 'console-schools-en');
  await admin.getByRole('button', { name: /^中\s?文$/ }).click();
  await admin.goto('/console');
  await shot(admin, 'console-dashboard-admin');

  const branch = await consoleAs(browser, baseURL!, 'branch', 'BJ');
  await branch.goto('/console/schools');
  await branch.getByRole('button', { name: '新增任务' }).click();
  const dialog = branch.getByRole('dialog');
  await dialog.getByLabel('院校代码').fill('10002');
  await dialog.getByLabel('特征码').fill('RUC2026');
  await dialog.getByLabel('标题（中文）').fill('人大毕业生采集');
  await dialog.getByLabel('标题（英文）').fill('RUC graduates');
  await dialog.getByLabel('价格（元）').fill('30');
  await dialog.getByLabel('截止时间').fill('2030-06-30 18:00:00');
  await dialog.getByLabel('截止时间').press('Enter');
  await shot(branch, 'console-task-edit');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(branch.getByRole('cell', { name: 'RUC2026' })).toBeVisible();
  // Another branch's school (北京大学 is beijing's) is refused, and so is a live feature code.
  await branch.getByRole('button', { name: '新增任务' }).click();
  await dialog.getByLabel('院校代码').fill('10001');
  await dialog.getByLabel('特征码').fill('PKU-TAKEOVER');
  await dialog.getByLabel('截止时间').fill('2030-06-30 18:00:00');
  await dialog.getByLabel('截止时间').press('Enter');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(branch.getByText('该学校不属于本分公司，不能为其创建或修改采集任务')).toBeVisible();
  await dialog.getByLabel('院校代码').fill('10002');
  await dialog.getByLabel('特征码').fill('ruc2026');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(branch.getByText('特征码已被该学校另一个未关闭的采集任务使用')).toBeVisible();
  await shot(branch, 'console-task-clash');
  await dialog.getByRole('button', { name: /取\s?消|Cancel/ }).click();
  await shot(branch, 'console-tasks');
  await branch.goto('/console/export');
  await branch.getByRole('button', { name: '导出ZIP' }).click();
  await expect(branch.getByText('没有可导出的照片')).toBeVisible();
  await shot(branch, 'console-export');
});
