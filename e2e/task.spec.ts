import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiData } from './fixtures.ts';

// compliant-3 keeps its framing through the 3:4 crop dialog (compliant-1 comes out with the head top at 39 px).
const PHOTO_1 = path.resolve('apps/server/test/fixtures/photos/compliant-3.jpg');

// The demo tasks carry the current season's class year (apps/server/src/db/seed/data/demo-season.ts): from June on, next year's class.
const now = new Date();
const CLASS_YEAR = now.getUTCMonth() >= 5 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
const [PKU, THU, PKU_OLD] = [`PKU${CLASS_YEAR}`, `THU${CLASS_YEAR}`, `PKU${CLASS_YEAR - 1}`];

let seq = 0;
const newMobile = () =>
  `1361${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );

interface NationalStudent {
  xh: string;
  xm: string;
  zjhm: string;
  yxdm: string;
}

/** A platform student of a school whose ID number fits the entry pattern. */
async function studentAt(page: Page, yxdm: string, index = 0): Promise<NationalStudent> {
  const all = await apiData<NationalStudent[]>(page, '/api/dev/national-students');
  const list = all.filter((s) => s.yxdm === yxdm && /^\d{17}[\dX]$/.test(s.zjhm));
  return list[index % list.length];
}

async function entry(page: Page, school: string, code: string) {
  await page.goto('/home/collectFirst');
  await page.getByLabel('学校').fill(school);
  await page.locator('.ant-select-item-option', { hasText: school }).first().click();
  await page.getByLabel('特征码').fill(code);
  await page.getByRole('button', { name: '下一步' }).click();
}

async function matchNumber(page: Page, number: string) {
  await page.getByLabel('学号/身份证号').fill(number);
  await page.getByRole('button', { name: /^确\s?认$/ }).click();
}

async function uploadPhoto(page: Page, file: string, scope = page.locator('body')) {
  // The separate consent comes before the first photo (once per member and wording version).
  const agree = page.getByRole('checkbox', { name: '我已阅读并单独同意上述处理' });
  await expect(agree.or(scope.locator('.photo-upload')).first()).toBeVisible();
  if (await agree.isVisible()) {
    await agree.check();
    await page.getByRole('button', { name: /^同\s*意$/ }).click();
  }
  await scope.locator('.photo-upload input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: '确定并上传' }).click();
  await expect(page.getByText('照片可用,请继续填写').last()).toBeVisible({ timeout: 30_000 });
}

/** The identity proof: the last 4 characters of the student's ID number on the platform's record. */
async function prove(page: Page, student: NationalStudent, screenshot?: boolean) {
  await expect(page.getByRole('heading', { name: '核验身份' })).toBeVisible();
  // Before the proof nothing names the student.
  await expect(page.getByText(student.xm)).toHaveCount(0);
  if (screenshot) {
    await page.getByRole('button', { name: /^核\s?验$/ }).click();
    await expect(page.getByText('请输入身份证号后4位')).toBeVisible();
    const last = student.zjhm.slice(-1);
    await page.getByLabel('身份证号后4位').fill(`${student.zjhm.slice(-4, -1)}${last === '0' ? '1' : '0'}`);
    await page.getByRole('button', { name: /^核\s?验$/ }).click();
    await expect(page.getByText('身份证号后4位与学籍信息不一致')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/task-proof.png', fullPage: true });
  }
  await page.getByLabel('身份证号后4位').fill(student.zjhm.slice(-4).toLowerCase());
  await page.getByRole('button', { name: /^核\s?验$/ }).click();
}

/** School + code + number -> proof -> photo -> form -> order; answers the order id. */
async function createOrder(
  page: Page,
  opts: { code?: string; student: NationalStudent; screenshot?: boolean },
): Promise<number> {
  await entry(page, opts.student.yxdm === '10003' ? '清华大学' : '北京大学', opts.code ?? PKU);
  await matchNumber(page, opts.student.zjhm);
  await prove(page, opts.student, opts.screenshot);
  await expect(page).toHaveURL(/\/home\/upImg\?flag=\d&row=\d+&bh=.*&yxdm=\d{5}&studentId=.+&signature=/);
  await expect(page.getByLabel('姓名')).toHaveValue(opts.student.xm);
  await expect(page.getByLabel('姓名')).toBeDisabled();
  await uploadPhoto(page, PHOTO_1);
  await page.getByLabel('手机号').fill('12345678901');
  await page.getByLabel('邮箱').fill('student-at-example');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('请检查手机号')).toBeVisible();
  await expect(page.getByText('邮箱格式有误')).toBeVisible();
  await page.getByLabel('手机号').fill('13912345678');
  await page.getByLabel('邮箱').fill('student@x');
  if (opts.screenshot) await page.screenshot({ path: 'test-results/screens/task-up-img.png', fullPage: true });
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/home\/orderInfoCai\?orderId=\d+/);
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

const setState = (page: Page, id: number, state: number, refuseReason?: string) =>
  page.request.post('/api/dev/taskOrder/state', { data: { id, state, refuseReason } });

test('the whole centralised journey: entry, match, photo, form, order, pay to 116, detail', async ({ page }) => {
  const student = await studentAt(page, '10001', 0);
  await page.goto('/home/collectFirst');
  // Both fields are required.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请选择学校')).toBeVisible();
  await expect(page.getByText('请输入特征码')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-collect-first.png', fullPage: true });

  // A visitor reaching the matching step gets the login dialog.
  await entry(page, '北京大学', PKU);
  await expect(page.getByText('请输入学号继续')).toBeVisible();
  await matchNumber(page, '2021-001');
  await expect(page.getByText('请输入正确的学号或身份证号')).toBeVisible();
  await matchNumber(page, student.zjhm);
  await expect(page.getByText('您还没登录,只有登录用户才能执行此操作!请首先登陆!')).toBeVisible();

  await loginAs(page, newMobile());
  const id = await createOrder(page, { student, screenshot: true });
  await expect(page.getByTestId('task-state')).toHaveText('待支付');
  await expect(page.getByText(/^000000\d+$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-order-info.png', fullPage: true });
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/home\/confirmOrderCai\?orderId=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/payOrderCai\\?orderId=${id}`));
  await expect(page.getByTestId('pay-amount')).toHaveText('¥ 45.00');
  await page.getByRole('button', { name: '立即支付' }).click();
  const img = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(img).toBeVisible();
  const payload = (await img.getAttribute('data-qr-payload'))!;
  const paymentNo = payload.split('/').pop()!;
  const paid = await page.request.post(`/sandbox/pay/${paymentNo}/pay`);
  expect(paid.ok()).toBeTruthy();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '查看我的订单' }).click();
  await expect(page).toHaveURL(/\/home\/myOrderCai$/);
  await expect(page.getByTestId(`state-${id}`)).toHaveText('待审核');
  await page.screenshot({ path: 'test-results/screens/task-my-order-cai.png', fullPage: true });

  await page.getByRole('link', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/home\/orderDetailCai\?orderId=\d+&type=116&con=xiangqing/);
  await expect(page.getByRole('heading', { name: '订单详情' })).toBeVisible();
  await expect(page.getByRole('link', { name: '集体订单' })).toBeVisible();
  await expect(page.getByText('图像采集', { exact: true })).toBeVisible();
  await expect(page.getByTestId('task-state')).toHaveText('待审核');
  await expect(page.getByText('微信支付')).toBeVisible();
  await expect(page.getByRole('cell', { name: student.xm, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^\d{3}\*+[\dX]{4}$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '下载照片' })).toBeVisible();
  await expect(page.getByRole('button', { name: '添加照片' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/task-order-detail.png', fullPage: true });

  // Matching again for the same task: 202 -> the list with status 2.
  await entry(page, '北京大学', PKU);
  await matchNumber(page, student.zjhm);
  await expect(page).toHaveURL(/\/home\/myOrderCai\?status=2$/);
  await expect(page.getByText('您已有该任务的已支付订单，可在下方查看。')).toBeVisible();
});

test('an unpaid order sends a second match to the list with status 1', async ({ page }) => {
  await loginAs(page, newMobile());
  const student = await studentAt(page, '10001', 1);
  const id = await createOrder(page, { student });
  // Modify mode at 110: Modify beside logistics and add photo; detail mode: neither.
  await page.goto(`/home/orderDetailCai?orderId=${id}&type=110&con=xiugai`);
  await expect(page.getByRole('heading', { name: '修改订单' })).toBeVisible();
  await expect(page.getByRole('button', { name: '添加照片' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^修\s?改$/ }).first()).toBeVisible();
  await page
    .getByRole('button', { name: /^修\s?改$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText('物流信息')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-detail-modify-shipping.png', fullPage: true });
  await page.goto(`/home/orderDetailCai?orderId=${id}&type=110&con=xiangqing`);
  await expect(page.getByTestId('task-state')).toHaveText('待支付');
  await expect(page.getByRole('button', { name: '添加照片' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^修\s?改$/ })).toHaveCount(0);
  await expect(page.getByText('支付信息')).toHaveCount(0);
  await entry(page, '北京大学', PKU);
  await matchNumber(page, student.zjhm);
  await expect(page).toHaveURL(/\/home\/myOrderCai\?status=1$/);
  await expect(page.getByText('您已有该任务的待支付订单，请在下方完成支付。')).toBeVisible();
  await expect(page.getByRole('link', { name: '立即支付' })).toBeVisible();
});

test('the mosaic check: app steps for a mosaic task, the mini-programme prompt past the deadline', async ({ page }) => {
  await entry(page, '清华大学', THU);
  await expect(page.getByText('本次采集需要采集码')).toBeVisible();
  await expect(page.getByText('在App中获取本人的采集码')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-mosaic-steps.png', fullPage: true });
  await entry(page, '北京大学', PKU_OLD);
  await expect(page.getByText('该采集任务已截止网页采集，请使用小程序进行采集')).toBeVisible();
  // Which mini-programme, and how to open it: its name to search for in WeChat (a setting).
  await expect(page.getByTestId('mini-program-hint')).toContainText('请在微信中搜索小程序：');
  await expect(page.getByTestId('mini-program-hint')).toContainText('学生图像采集平台');
  await page.screenshot({
    path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/task-mini-programme.png`,
    fullPage: true,
  });
  await page
    .getByRole('button', { name: /知道了|OK|确\s?定/ })
    .last()
    .click();
  await entry(page, '北京大学', 'NOPE');
  await expect(page.getByText('未找到该采集任务，请核对学校和特征码')).toBeVisible();
  // The mosaic flow carries flag 1 to the photo page, which offers the collection-code upload.
  await loginAs(page, newMobile());
  const student = await studentAt(page, '10003', 0);
  await entry(page, '清华大学', THU);
  await matchNumber(page, student.zjhm);
  await prove(page, student);
  await expect(page).toHaveURL(/\/home\/upImg\?flag=1&/);
  await expect(page.getByRole('button', { name: '上传采集码图片' })).toBeVisible();
});

test('a rejected order is modified before the deadline, and not when its file is past the end time', async ({
  page,
}) => {
  await loginAs(page, newMobile());
  const student = await studentAt(page, '10001', 2);
  const id = await createOrder(page, { student });
  expect((await setState(page, id, 125, '照片背景不符合要求')).ok()).toBeTruthy();
  await page.goto('/home/myOrderCai');
  await expect(page.getByTestId(`state-${id}`)).toHaveText('已驳回');
  await page.getByRole('link', { name: '修改' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/ConfirmOrderCai\\?orderId=${id}&con=xiugai`));
  await expect(page.getByText('照片背景不符合要求')).toBeVisible();
  await page
    .getByRole('row')
    .getByRole('button', { name: /^修\s?改$/ })
    .click();
  const dialog = page.getByRole('dialog');
  await uploadPhoto(page, PHOTO_1, dialog);
  await dialog.getByLabel('手机号').fill('13700000001');
  await page.screenshot({ path: 'test-results/screens/task-modify-person.png', fullPage: true });
  await dialog.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(page.getByTestId('task-state')).toHaveText('待审核');
  await expect(page.getByRole('cell', { name: '13700000001' })).toBeVisible();

  // Rejected again, now with the task's end time before the file was uploaded.
  await setState(page, id, 125, '照片模糊');
  const tasks = await page.request.post('/api/dev/task/endTime', {
    data: { taskId: await taskIdOf(page, id), endTime: '2001-01-01T00:00:00Z' },
  });
  expect(tasks.ok()).toBeTruthy();
  try {
    await page.goto('/home/myOrderCai');
    await expect(page.getByTestId(`state-${id}`)).toHaveText('已驳回');
    await expect(page.getByRole('link', { name: '修改' })).toHaveCount(0);
    await page.goto(`/home/ConfirmOrderCai?orderId=${id}&con=xiugai`);
    await expect(page.getByTestId('task-state')).toHaveText('已驳回');
    await expect(page.getByRole('row').getByRole('button', { name: /^修\s?改$/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/task-modify-refused.png', fullPage: true });
  } finally {
    await page.request.post('/api/dev/task/endTime', {
      data: { taskId: await taskIdOf(page, id), endTime: '2099-01-01T00:00:00Z' },
    });
  }
});

/** The task of an order, read as the member (the page's session headers). */
async function taskIdOf(page: Page, orderId: number): Promise<number> {
  return page.evaluate(async (id) => {
    const r = await fetch(`/api/taskOrder/findOrderAndOrderDetails?id=${id}`, {
      headers: {
        authorization: `Bearer ${sessionStorage.getItem('token')}`,
        memberId: sessionStorage.getItem('memberId') ?? '',
      },
    });
    return ((await r.json()) as { data: { order: { taskId: number } } }).data.order.taskId;
  }, orderId);
}

test('the identity proof in English, and on the form page reached directly', async ({ page }) => {
  await loginAs(page, newMobile());
  const student = await studentAt(page, '10001', 3);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  // A link to the form without the proof shows the proof step in the form's place.
  const q = new URLSearchParams({ flag: '0', row: '0', bh: '', yxdm: '10001', studentId: student.xh, signature: PKU });
  await page.goto(`/home/upImg?${q}`);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.getByLabel('Last 4 characters of the ID number').fill('12-4');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The last 4 characters of an ID number are 4 digits or letters')).toBeVisible();
  await page.getByLabel('Last 4 characters of the ID number').fill('0000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The last 4 characters do not match the ID number on the student record')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/task-proof-en.png', fullPage: true });
  await page.getByLabel('Last 4 characters of the ID number').fill(student.zjhm.slice(-4));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(student.xm);
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('ID number', { exact: true })).toHaveValue(/^\d{3}\*+[\dX]{4}$/);
  await page.screenshot({ path: 'test-results/screens/task-up-img-en.png', fullPage: true });
});
