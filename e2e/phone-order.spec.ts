import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { test, expect, apiData } from './fixtures.ts';

/**
 * Issue 34: an individual order started on a phone (Android profile in Chromium, touch on): tips and
 * the separate consent, a pilot school's manual fallback, the person form with the desktop's rules
 * and a photo, a reload that keeps what was typed, Back between steps, delivery from the address
 * book, the confirmation with the server's price, and the payment page. Screens in zh and en.
 */
test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000' } });
test.describe.configure({ timeout: 300_000 });

const PHOTO = 'apps/server/test/fixtures/photos/compliant-3.jpg';
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const { defaultBrowserType: _, ...android } = devices['Pixel 7'];
test.use({ ...android, hasTouch: true });

const newMobile = () =>
  `136${String(Date.now() % 100000).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** A member with a complete profile (demo hook), whose session the browser does not have. */
async function member(request: APIRequestContext, mobile: string) {
  const r = await request.post('/api/dev/login', { data: { mobile, name: '王同学', mail: `${mobile}@example.com` } });
  expect(((await r.json()) as { code: number }).code).toBe(200);
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
  await expect
    .poll(async () => (await apiData<unknown[]>(page, `/api/dev/outbox?to=${mobile}`)).length)
    .toBeGreaterThan(0);
  const [{ code }] = await apiData<{ code: string }[]>(page, `/api/dev/outbox?to=${mobile}`);
  await page.getByLabel('手机验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).tap();
}

/** The screen at the narrowest phone width the portal serves (360 px), then back to the profile's. */
async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${SCREENS}/phone-new-${name}-360.png`, fullPage: true });
  await page.setViewportSize(android.viewport);
}

/** The screen in Chinese, then in English (checked by a heading), then back to Chinese. */
async function both(page: Page, name: string, english: RegExp | string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/phone-new-${name}-zh.png`, fullPage: true });
  await page.getByRole('button', { name: 'Switch to English' }).tap();
  await expect(page.getByRole('heading', { name: english }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/phone-new-${name}-en.png`, fullPage: true });
  await page.getByRole('button', { name: '切换到中文' }).tap();
}

test('starts an individual order on the phone and lands on the payment page', async ({ page }) => {
  const mobile = newMobile();
  await member(page.request, mobile);
  await logInByForm(page, mobile);
  await expect(page).toHaveURL(/\/phoneModify\/orders$/);
  await page.getByRole('button', { name: '开始提交照片' }).tap();
  await expect(page).toHaveURL(/\/phoneModify\/new$/);

  // Tips and the separate consent: both ticked before the school.
  await page.getByRole('button', { name: '下一步' }).tap();
  await expect(page.getByText('请勾选确认')).toBeVisible();
  await page.getByText('我已安装并登录学信网 App，已阅读以上说明').tap();
  await both(page, 'tips', 'Please confirm before submitting');
  await page.getByRole('button', { name: '下一步' }).tap();
  await expect(page.getByText('请先阅读并同意人脸照片及身份证件号码处理说明')).toBeVisible();
  await page.getByText('我已阅读并单独同意上述处理').tap();
  await page.getByRole('button', { name: '下一步' }).tap();

  // A pilot school collected by the national app: on a phone, the manual form.
  await expect(page).toHaveURL(/step=school/);
  await page.getByLabel('学校', { exact: true }).fill('北京大学');
  await page.getByRole('button', { name: /北京大学 \(10001\)/ }).tap();
  await page.getByRole('button', { name: /本科（学信网 App 采集）/ }).tap();
  await both(page, 'school', 'School');
  await page.getByRole('button', { name: '确定' }).tap();
  await expect(page).toHaveURL(/step=qr/);
  await both(page, 'qr', 'National app');
  await page.getByRole('button', { name: '手动填写' }).tap();
  await expect(page).toHaveURL(/step=form/);

  // The person form: the member's own name first; the desktop's rules and messages.
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue('王同学');
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(mobile);
  await page.getByLabel('证件号码', { exact: true }).fill('110108200001011231');
  await page.locator('#new-sex').getByText('男', { exact: true }).tap();
  await page.getByLabel('学号', { exact: true }).fill('2021001');
  await page.getByLabel('专业', { exact: true }).fill('计算机科学与技术');
  await page.getByRole('button', { name: '保存并继续' }).tap();
  await expect(page.getByText('请输入正确的身份证号')).toBeVisible();
  await expect(page.getByText('请上传图片')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/phone-new-form-refused-zh.png`, fullPage: true });
  await page.getByTestId('camera-input').setInputFiles(PHOTO);
  await expect(page.getByText('照片已通过检测')).toBeVisible({ timeout: 60_000 });

  // A reload keeps what was typed and the photo; the ID number is never stored, so it is typed again.
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('phone.newOrder.')))).toBe(
    true,
  );
  await page.reload();
  await expect(page).toHaveURL(/step=form/);
  await expect(page.getByLabel('学号', { exact: true })).toHaveValue('2021001');
  await expect(page.getByLabel('专业', { exact: true })).toHaveValue('计算机科学与技术');
  await expect(page.getByText('照片已通过检测')).toBeVisible();
  await expect(page.getByLabel('证件号码', { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('11010820000101123');
  await page.getByLabel('证件号码', { exact: true }).fill('110108200001011237');
  await both(page, 'form', 'Student details');
  await narrow(page, 'form');
  await page.getByRole('button', { name: '保存并继续' }).tap();

  // The order exists: its people and the server's price; Back returns to the form, Forward comes back.
  await expect(page).toHaveURL(/step=persons&id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('new-order-person')).toHaveCount(1);
  await expect(page.getByTestId('order-total')).toHaveText(/^\d+\.\d{2} 元$/);
  const one = await page.getByTestId('order-total').textContent();
  await page.goBack();
  await expect(page).toHaveURL(/step=form/);
  await page.goForward();
  await expect(page).toHaveURL(/step=persons/);

  // A second person, the photo from the album this time: the form starts empty, the school stays.
  await page.getByRole('button', { name: '添加照片' }).tap();
  await expect(page).toHaveURL(/step=form&id=\d+|id=\d+&step=form/);
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('学校', { exact: true })).toHaveValue('北京大学 (10001)');
  await page.getByLabel('姓名', { exact: true }).fill('李同学');
  await page.getByLabel('手机号', { exact: true }).fill('13800138000');
  await page.getByLabel('邮箱', { exact: true }).fill('li@example.com');
  await page.getByLabel('证件号码', { exact: true }).fill('110108200001011544');
  await page.locator('#new-sex').getByText('女', { exact: true }).tap();
  await page.getByLabel('学号', { exact: true }).fill('2021002');
  await page.getByLabel('专业', { exact: true }).fill('法学');
  await page.getByTestId('file-input').setInputFiles(PHOTO);
  await expect(page.getByText('照片已通过检测')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '保存并继续' }).tap();
  await expect(page.getByTestId('new-order-person')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).not.toHaveText(one!);
  await both(page, 'persons', /people in this order/);
  // A person taken off again: the server's total goes back.
  await page.getByRole('button', { name: '删除 李同学' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).tap();
  await expect(page.getByTestId('new-order-person')).toHaveCount(1);
  await expect(page.getByTestId('order-total')).toHaveText(one!);
  const total = one;
  await page.getByRole('button', { name: '下一步' }).tap();

  // Delivery: every rule's message, then a new address kept in the address book.
  await expect(page).toHaveURL(/step=shipping/);
  await page.getByRole('button', { name: '下一步' }).tap();
  await expect(page.getByText('请输入所在省份')).toBeVisible();
  await page.locator('#ship-shippingType .adm-selector-item').first().tap();
  await page.getByLabel('收件人姓名').fill('王同学');
  await page.getByLabel('收件人电话').fill('13900139000');
  await page.getByLabel('省份').selectOption({ label: '浙江省' });
  await page.getByLabel('城市').selectOption({ label: '杭州市' });
  await page.getByLabel('县区').selectOption({ label: '西湖区' });
  await page.getByLabel('具体地址').fill('余杭塘路 866号');
  await expect(page.getByLabel('具体地址')).toHaveValue('余杭塘路866号');
  await page.getByText('保存到地址簿').tap();
  await both(page, 'shipping', /^Delivery$/);
  await narrow(page, 'shipping');
  await page.getByRole('button', { name: '下一步' }).tap();

  // The confirmation as the server has it, then the phone's payment page.
  await expect(page).toHaveURL(/step=confirm/);
  await expect(page.getByTestId('confirm-address')).toContainText('浙江省 杭州市 西湖区 余杭塘路866号');
  await expect(page.getByTestId('order-total')).toHaveText(total!);
  await both(page, 'confirm', 'Confirm order');
  // The address book now holds the address: Back to delivery shows it to choose.
  await page.goBack();
  await expect(page.getByRole('button', { name: /余杭塘路866号/ })).toBeVisible();
  await page.goForward();
  await page.getByRole('button', { name: '确认支付' }).tap();
  await expect(page).toHaveURL(new RegExp(`/phoneModify/orders/${id}/pay$`));
  await expect(page.getByRole('heading', { name: '支付订单' })).toBeVisible();
  // The finished wizard leaves nothing behind.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('phone.newOrder')))).toEqual(
    [],
  );
});
