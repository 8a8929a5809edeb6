import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect, apiData, loginAs } from './fixtures.ts';
import { shot } from './console-kit.ts';
import { PHOTOS, chooseSchool, idNumber, memberApi, toSchool } from './order-kit.ts';

/** Issue 38: the rough edges a newcomer met walking the portal at 1366 × 768, in Chinese and English. */

// A browser far from Beijing: every time shown is still China time.
test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000' }, timezoneId: 'America/New_York' });
const expect = baseExpect.configure({ timeout: 30_000 });

const setLang = async (page: Page, lang: 'zh' | 'en') => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
};

/** The element's right edge lies inside its table's visible box (not scrolled out of sight). */
async function insideTable(el: Locator) {
  const box = await el.boundingBox();
  const table = await el.locator('xpath=ancestor::div[contains(@class,"ant-table-container")]').boundingBox();
  expect(box && table).toBeTruthy();
  expect(box!.x + box!.width).toBeLessThanOrEqual(table!.x + table!.width + 1);
  expect(box!.x).toBeGreaterThanOrEqual(table!.x);
}

async function twoPersonOrder(page: Page, mobile: string) {
  const me = await loginAs(page, mobile, { name: '张三', mail: 'me@example.com', isFirst: false });
  const api = memberApi(page, me);
  await api.post('/api/order/photoConsent', { version: '2025-01' });
  const person = (n: number, name: string, url: string) => ({
    name,
    mobile: '13800138000',
    mail: 'a@example.com',
    imageUrl: url,
    id_type: 1,
    id_num: idNumber(700 + n),
    sex: n % 2,
    school_type: 1,
    school_name: '北京大学',
    daima: '10001',
    education: 2,
    student_id: `S${n}`,
    major: '计算机科学与技术',
  });
  const first = await api.photo(`${PHOTOS}/compliant-1.jpg`);
  const id = (await api.post<number>('/api/order/createCollectionOrder', person(1, '张三', first))).data;
  const second = await api.photo(`${PHOTOS}/compliant-2.jpg`);
  expect((await api.post('/api/order/addPerson2Order', { ...person(2, '李四', second), order_id: id })).code).toBe(200);
  return { me, api, id };
}

test('items 1 and 5: the actions column stays in sight at 1280 and 1366 px, times read YYYY-MM-DD HH:mm in China time, in Chinese and English', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { id } = await twoPersonOrder(page, '13800003801');
  for (const lang of ['zh', 'en'] as const) {
    await page.goto(`/home/submitPhoto/orderInfo?id=${id}`);
    await setLang(page, lang);
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      const del = page.getByRole('button', { name: lang === 'zh' ? /^删\s*除$/ : 'Delete' }).first();
      await expect(del).toBeVisible();
      await insideTable(del);
      if (width === 1366) await shot(page, `newcomer-order-info-${lang}`);
    }
    await page.goto('/home/myOrder');
    // Item 5: one format, YYYY-MM-DD HH:mm in China time, as the order number (Beijing time) reads.
    // The first data row (a table with a fixed column also has a hidden measuring row).
    const firstRow = page.locator('tbody tr.ant-table-row').first();
    const orderNo = (await firstRow.locator('td').first().innerText()).trim();
    const ctime = `${orderNo.slice(0, 4)}-${orderNo.slice(4, 6)}-${orderNo.slice(6, 8)} ${orderNo.slice(8, 10)}:${orderNo.slice(10, 12)}`;
    await expect(firstRow).toContainText(ctime);
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      const del = page.getByRole('button', { name: lang === 'zh' ? /^删\s*除$/ : 'Delete' }).first();
      await expect(del).toBeVisible();
      await insideTable(del);
    }
  }
  // Item 12: the next person of the order starts empty (only the first is the account holder).
  await page.setViewportSize({ width: 1366, height: 768 });
  await setLang(page, 'zh');
  await page.goto(`/home/submitPhoto/uploadPhoto?id=${id}&step=form`);
  await expect(page.getByLabel('专业', { exact: true })).toBeVisible();
  for (const label of ['姓名', '手机号', '邮箱']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  // Item 16: another member opening this order is refused, with no retry button that cannot help.
  await loginAs(page, '13800003804');
  await page.goto(`/home/orderDetails?id=${id}&type=110&con=xiangqing`);
  await expect(page.locator('.ant-result-warning')).toBeVisible();
  await expect(page.getByRole('button', { name: /^重\s?试$/ })).toHaveCount(0);
});

test('items 2, 13 and 14: the wizard keeps its step and entries across a reload, Back moves between steps, the skipped scan says so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.on('dialog', (d) => void d.accept());
  await loginAs(page, '13800003802', { name: '王同学', isFirst: false });
  await toSchool(page);
  await expect(page).toHaveURL(/step=school/);
  // Item 14: each education choice says in one line what it means.
  // An international student searches in English: Peking finds 北京大学 (10001).
  await page.getByLabel('学校', { exact: true }).fill('Peking');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '北京大学 (10001)' })
    .first()
    .click();
  await page.getByLabel('学历层次', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: '本科（学信网 App 采集）' }).locator('.edu-hint')).toHaveText(
    '用学信网 App 扫码，姓名、学号等信息由学信网带入',
  );
  await expect(options.filter({ hasText: /^本科自己/ }).locator('.edu-hint')).toHaveText('自己填写信息并上传照片');
  await page.keyboard.press('Escape');
  await chooseSchool(page, '10002', '10002', '本科');
  await expect(page).toHaveURL(/step=form/);
  const qrStep = page.locator('.ant-steps-item').nth(2);
  await expect(qrStep).toContainText('已跳过');
  await expect(qrStep).not.toHaveClass(/ant-steps-item-finish/);
  await page.getByLabel('专业', { exact: true }).fill('汉语言文学');
  await page.getByLabel('证件号码', { exact: true }).fill(idNumber(802));

  await page.reload();
  await expect(page.getByLabel('专业', { exact: true })).toHaveValue('汉语言文学');
  await expect(page.getByLabel('学校', { exact: true })).toHaveValue(/10002|大学/);
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).toContain('汉语言文学');
  expect(stored).not.toContain(idNumber(802));

  await page.goBack();
  await expect(page).toHaveURL(/step=school/);
  await expect(page.getByRole('heading', { name: '选择院校' })).toBeVisible();
  await page.goForward();
  await expect(page.getByLabel('专业', { exact: true })).toHaveValue('汉语言文学');
  await setLang(page, 'en');
  await expect(page.locator('.ant-steps-item').nth(2)).toContainText('Skipped');
  await shot(page, 'newcomer-wizard-en');

  // Leaving the wizard with entries asks first.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Leave the photo submission?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/uploadPhoto/);
});

test('item 3: the centralised form asks the separate consent before its photo, as the individual form does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const now = new Date();
  const year = now.getUTCMonth() >= 5 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  await loginAs(page, '13800003803');
  const all = await apiData<{ xh: string; xm: string; zjhm: string; yxdm: string }[]>(
    page,
    '/api/dev/national-students',
  );
  const student = all.filter((s) => s.yxdm === '10001' && /^\d{17}[\dX]$/.test(s.zjhm)).at(-1)!;
  const q = new URLSearchParams({
    flag: '0',
    row: '0',
    bh: '',
    yxdm: '10001',
    studentId: student.xh,
    signature: `PKU${year}`,
  });
  await page.goto(`/home/upImg?${q}`);
  await page.getByLabel('身份证号后4位').fill(student.zjhm.slice(-4));
  await page.getByRole('button', { name: /^核\s?验$/ }).click();
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue(student.xm);
  const agree = page.getByRole('checkbox', { name: '我已阅读并单独同意上述处理' });
  await expect(agree).toBeVisible();
  await expect(page.locator('.photo-upload')).toHaveCount(0);
  await setLang(page, 'en');
  await expect(
    page.getByRole('checkbox', { name: 'I have read and separately agree to this processing' }),
  ).toBeVisible();
  await shot(page, 'newcomer-task-consent-en');
  await setLang(page, 'zh');
  await agree.check();
  await page.getByRole('button', { name: /^同\s*意$/ }).click();
  await expect(page.getByText('已同意人脸照片及身份证件号码处理（版本 2025-01）')).toBeVisible();
  await expect(page.locator('.photo-upload')).toBeVisible();
});

test('items 15 and 17: an empty order list says so and links to starting one; the logistics page has its way back', async ({
  page,
}) => {
  await loginAs(page, '13800003805');
  await page.goto('/home/myOrder');
  await expect(page.getByTestId('orders-empty')).toHaveText('您还没有散拍订单。 去提交照片');
  await page.goto('/home/myOrderCai');
  await expect(page.getByTestId('orders-empty')).toContainText('您还没有集体订单。');
  await setLang(page, 'en');
  await page.goto('/home/myOrder');
  await page.getByRole('link', { name: 'Submit a photo' }).click();
  await expect(page).toHaveURL(/submitPhoto\/uploadPhoto/);
  await page.goto('/home/information?id=1&type=1');
  const crumb = page.locator('.ant-breadcrumb');
  await expect(crumb.getByRole('link', { name: 'Individual orders' })).toBeVisible();
  await shot(page, 'newcomer-logistics-en');
  await crumb.getByRole('link', { name: 'Individual orders' }).click();
  await expect(page).toHaveURL(/\/home\/myOrder$/);
});
