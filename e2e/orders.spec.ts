import { signBody } from '@portal/contract/envelope';
import { test, expect, loginAs, apiData } from './fixtures.ts';
import { PHOTOS, chooseSchool, fillManual, pick, toSchool, uploadPhoto, type NationalStudent } from './order-kit.ts';

test('the wizard for two persons with real photos, region pickers, confirmation, lists and detail in both modes, modify logistics', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, '13800000601', { name: '张三', isFirst: false });
  await toSchool(page);
  await chooseSchool(page, '10002', '10002', '本科');
  // The first person starts from the member's own name and mobile; emptied, every message of the manual form on submit.
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue('张三');
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13800000601');
  await page.getByLabel('姓名', { exact: true }).fill('');
  await page.getByLabel('手机号', { exact: true }).fill('');
  await page.getByLabel('邮箱', { exact: true }).fill('');
  await page.getByRole('button', { name: '保存并继续' }).click();
  for (const m of [
    '请输入姓名',
    '请输入手机号',
    '邮箱不能为空',
    '请输入身份证号',
    '请选择性别',
    '请输入学号',
    '请输入专业',
    '请上传图片',
  ]) {
    await expect(page.getByText(m, { exact: true }).first()).toBeVisible();
  }
  await page.getByLabel('证件号码', { exact: true }).fill('110108200001011231');
  await page.getByLabel('学号', { exact: true }).fill('20-21');
  await page.getByLabel('姓名', { exact: true }).click();
  await expect(page.getByText('请输入正确的身份证号')).toBeVisible();
  await expect(page.getByText('请输入正确的学号')).toBeVisible();
  await fillManual(page, {
    name: '张三',
    idNum: '110108200001011237',
    studentId: '2021001',
    photo: `${PHOTOS}/compliant-3.jpg`,
  });
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-upload-form.png',
    fullPage: true,
  });
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/home\/submitPhoto\/orderInfo\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('order-total')).toHaveText('45.00 元');

  await page.getByRole('button', { name: '添加照片' }).click();
  await expect(page).toHaveURL(new RegExp(`uploadPhoto\\?id=${id}`));
  await page.getByRole('checkbox', { name: '我已安装并登录学信网 App，已阅读以上说明' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await chooseSchool(page, '10002', '10002', '本科');
  await fillManual(page, {
    name: '李四',
    idNum: '110108200001011544',
    studentId: '2021002',
    photo: `${PHOTOS}/compliant-3.jpg`,
  });
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('90.00 元');
  await expect(page.getByRole('cell', { name: '李四', exact: true }).first()).toBeVisible();

  // Shipping: messages, then the region pickers.
  await page.getByRole('button', { name: '下一步' }).click();
  for (const m of [
    '请输入姓名',
    '请输入电话号',
    '请输入所在省份',
    '请输入所在城市',
    '请输入所在县区',
    '请输入具体地址',
  ]) {
    await expect(page.getByText(m, { exact: true }).first()).toBeVisible();
  }
  const carrier = page.getByLabel('快递', { exact: true });
  if (!(await page.locator('.ant-select-selection-item', { hasText: 'EMS' }).isVisible()))
    await pick(page, '快递', 'EMS', false);
  await expect(carrier).toBeVisible();
  await page.getByLabel('收件人姓名').fill('王五');
  await page.getByLabel('收件人电话').fill('010-8888888');
  await pick(page, '省份', '浙江省');
  await pick(page, '城市', '杭州市');
  await pick(page, '县区', '西湖区');
  await page.getByLabel('具体地址').pressSequentially('余杭塘路 866号');
  await expect(page.getByLabel('具体地址')).toHaveValue('余杭塘路866号');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请输入正确的电话号')).toBeVisible();
  await page.getByLabel('收件人电话').fill('13900139000');
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-order-info.png',
    fullPage: true,
  });
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/confirmationOrder\?id=/);
  await expect(page.getByText('浙江省 杭州市 西湖区 余杭塘路866号')).toBeVisible();
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-confirmation.png',
    fullPage: true,
  });
  // Both persons carry the same face (compliant-3), so the order cannot be paid as it is.
  await expect(page.getByText('同一张人脸不能用于多名学生')).toBeVisible();
  await expect(page.getByRole('button', { name: '确认支付' })).toBeDisabled();

  // Lists and detail.
  await page.goto('/home/myOrder');
  await expect(page.getByTestId(`state-${id}`)).toHaveText('待支付');
  await expect(page.getByRole('cell', { name: '张三、李四' })).toBeVisible();
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-my-order.png',
    fullPage: true,
  });
  await page.getByRole('button', { name: '提交须知' }).click();
  await expect(page.getByText(/付款后约 15 个工作日/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^详\s*情$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/con=xiangqing/);
  await expect(page.getByText('支付信息')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '修改物流' })).toHaveCount(0);
  await page.goto(`/home/orderDetails?id=${id}&con=xiugai`);
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-details-edit.png',
    fullPage: true,
  });
  await page.getByRole('button', { name: '修改物流' }).click();
  await expect(page).toHaveURL(/orderModifyjiami\?id=\d+&type=wuliu/);
  await page.getByLabel('收件人电话').fill('0571-88888888');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page).toHaveURL(/orderDetails\?id=\d+&con=xiugai/);
  await expect(page.getByText('0571-88888888')).toBeVisible();

  // Modify a photo: mobile changes, locked fields shown read-only.
  await page.getByRole('button', { name: '修改照片' }).first().click();
  await expect(page.getByText('姓名、证件号码、学历、学号、学历类别和学校不可修改')).toBeVisible();
  await page.getByLabel('手机号').fill('13700137000');
  await uploadPhoto(page, `${PHOTOS}/compliant-3.jpg`);
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page).toHaveURL(/orderDetails\?id=\d+&con=xiugai/);
  await expect(page.getByRole('cell', { name: '13700137000' }).first()).toBeVisible();

  // Delete the order from the list.
  await page.goto('/home/myOrder');
  await page
    .getByRole('button', { name: /^删\s*除$/ })
    .first()
    .click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: '是否要删除该条信息?' })).toBeVisible();
  await page.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
});

test('the QR step with the sandbox app: success, expiry with a shortened timer, manual fallback', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const students = await (async () => {
    await page.goto('/home');
    return apiData<NationalStudent[]>(page, '/api/dev/national-students');
  })();
  const s = students.find((x) => x.yxdm === '10001')!;
  await loginAs(page, '13800000602', { name: '测试', isFirst: false });
  await page.evaluate(() => localStorage.setItem('orders.qrSeconds', '4'));
  await toSchool(page);
  await chooseSchool(page, '北京大学', '10001', '本科（学信网 App 采集）');
  await expect(page.getByRole('img', { name: '学信网 App 扫码二维码' })).toBeVisible();
  await expect(page.getByText('二维码已失效，请重新获取')).toBeVisible({ timeout: 10_000 });
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-qr-expired.png',
    fullPage: true,
  });

  await page.evaluate(() => localStorage.setItem('orders.qrSeconds', '180'));
  await page.getByRole('button', { name: '重新获取二维码' }).click();
  const img = page.getByRole('img', { name: '学信网 App 扫码二维码' });
  await expect(img).toHaveAttribute('data-remarks', /[0-9a-f]{32}/);
  const remarks = await img.getAttribute('data-remarks');
  const app = await context.newPage();
  await app.goto(`/sandbox/app?session=${remarks}`);
  await app.getByLabel(new RegExp(s.xh)).check();
  await app.getByRole('button', { name: /确认授权/ }).click();
  await expect(app.getByText(/已确认/)).toBeVisible();
  await app.close();
  await expect(page.getByText('以下信息来自学信网，不可修改')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue(s.xm);
  await expect(page.getByLabel('姓名', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('证件号码', { exact: true })).toHaveValue(s.zjhm);
  await expect(page.getByLabel('学号', { exact: true })).toHaveValue(s.xh);
  await page.screenshot({
    path: (process.env.SCREENS_DIR ?? 'test-results/screens') + '/orders-qr-filled.png',
    fullPage: true,
  });

  // Manual fallback.
  await toSchool(page);
  await chooseSchool(page, '北京大学', '10001', '专科（学信网 App 采集）');
  await page.getByRole('button', { name: '手动填写' }).click();
  await expect(page.getByLabel('姓名', { exact: true })).toBeEnabled();
  await expect(page.getByRole('heading', { name: '填写学生信息' })).toBeVisible();
});

test('at most 30 persons per order', async ({ page }) => {
  test.setTimeout(120_000);
  const me = await loginAs(page, '13800000603', { name: '三十', isFirst: false });
  const auth = { authorization: `Bearer ${me.token}`, memberId: String(me.memberId) };
  const post = async <T>(url: string, body: unknown) => {
    const r = await page.request.post(url, { headers: auth, data: signBody(body, me.randomKey) });
    return (await r.json()) as { code: number; msg: string; data: T };
  };
  await post('/api/order/photoConsent', { version: '2025-01' });
  const fs = await import('node:fs');
  const up = await page.request.post('/api/img/upload', {
    headers: auth,
    multipart: {
      flow: 'individual',
      file: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(`${PHOTOS}/compliant-3.jpg`) },
    },
  });
  const url = ((await up.json()) as { data: string }).data;
  const idNum = (n: number) => {
    const body = `11010820000101${String(n).padStart(3, '0')}`;
    const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += Number(body[i]) * w[i];
    return body + '10X98765432'[sum % 11];
  };
  const person = (n: number) => ({
    name: '三十',
    mobile: '13800138000',
    mail: 'a@example.com',
    imageUrl: url,
    id_type: 1,
    id_num: idNum(n),
    sex: 0,
    school_type: 1,
    school_name: '北京大学',
    daima: '10001',
    education: 2,
    student_id: `S${n}`,
    major: '数学',
  });
  const created = await post<number>('/api/order/createCollectionOrder', person(1));
  expect(created.code).toBe(200);
  for (let n = 2; n <= 30; n++)
    expect((await post('/api/order/addPerson2Order', { ...person(n), order_id: created.data })).code).toBe(200);
  const over = await post('/api/order/addPerson2Order', { ...person(31), order_id: created.data });
  expect([over.code, over.msg]).toEqual([409, '一个订单内最多添加30条信息!']);
  await page.goto(`/home/submitPhoto/orderInfo?id=${created.data}`);
  await expect(page.getByTestId('order-total')).toHaveText('1350.00 元');
  await page.getByRole('button', { name: '添加照片' }).click();
  await expect(page.getByText('一个订单内最多添加30条信息!')).toBeVisible();
  await expect(page).toHaveURL(/orderInfo/);
});
