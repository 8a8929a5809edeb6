import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';
import { consoleAs } from './console-kit.ts';
import { PHOTOS, chooseSchool, consentIfAsked, idNumber, pick, toSchool } from './order-kit.ts';

test.use({ serverEnv: { PAY_SANDBOX_NOTIFY_DELAY_MS: '300' } });

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage });

/**
 * A phone photo a student might send: a compliant portrait zoomed out (65 %) and set on a red
 * background, 600 x 800 (3:4, so the crop step leaves it whole). The head is then too small and
 * too low and the background the wrong colour: framing and background, both fixable.
 */
async function zoomedOutOnRed(): Promise<Buffer> {
  const W = 600;
  const H = 800;
  const scale = 0.65;
  const small = await sharp(path.join(PHOTOS, 'compliant-3.jpg'))
    .resize(Math.round(W * scale), Math.round(H * scale), { fit: 'cover' })
    .toBuffer();
  return sharp({ create: { width: W, height: H, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .composite([{ input: small, left: Math.round((W * (1 - scale)) / 2), top: Math.round(H * (1 - scale) * 0.35) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function chooseFile(page: Page, cropTitle: string, cropOk: string) {
  await page
    .locator('.photo-upload input[type=file]')
    .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: await zoomedOutOnRed() });
  await page.getByRole('dialog', { name: cropTitle }).getByRole('button', { name: cropOk }).click();
}

test('in English: the original and the corrected photo side by side, chosen with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, '13800000701');
  await page.goto('/home/photoGuide');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check my photo' })).toBeVisible();
  await chooseFile(page, 'Crop the photo (3:4)', 'Crop and upload');
  const pair = page.getByRole('dialog', { name: 'Your photo did not pass the check: we corrected it for you' });
  await expect(pair).toBeVisible({ timeout: 60_000 });
  await expect(pair.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expect(pair.getByRole('img', { name: 'Corrected automatically' })).toBeVisible();
  await expect(pair.getByRole('list', { name: 'What to change' })).toContainText(
    'Your head is too small in the frame: move closer',
  );
  const changed = pair.getByRole('list', { name: 'What the machine changed' });
  await expect(changed).toContainText('Re-framed and scaled');
  await expect(changed).toContainText('Replaced the background with the standard light blue RGB(100,197,255)');
  await expect(pair.getByText('The corrected photo passed the check')).toBeVisible();
  // Tall enough for the whole dialog in the screenshot.
  await page.setViewportSize({ width: 1366, height: 1100 });
  await shot(page, 'photo-correction-pair-en', false);
  // The primary choice has the focus: Enter uses the corrected photo, checked again first.
  await expect(pair.getByRole('button', { name: 'Use the corrected photo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The photo is usable, please continue')).toBeVisible({ timeout: 60_000 });
  await expect(pair).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Photo preview' })).toHaveAttribute('src', /\/api\/img\/view\//);
});

test('choosing another photo closes the pair and opens the file picker; nothing is kept', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, '13800000703');
  await page.goto('/home/photoGuide');
  await expect(page.getByRole('heading', { name: '检测我的照片' })).toBeVisible();
  await chooseFile(page, '裁剪照片（3:4）', '确定并上传');
  const pair = page.getByRole('dialog', { name: '照片未通过检测，我们为你修正了一张' });
  await expect(pair.getByRole('img', { name: '自动修正后的照片' })).toBeVisible({ timeout: 60_000 });
  const picker = page.waitForEvent('filechooser');
  await pair.getByRole('button', { name: '选择其他照片' }).click();
  await picker;
  await expect(pair).toHaveCount(0);
  await expect(page.getByText('未上传')).toBeVisible();
});

test('a zoomed-out photo on red: the student accepts the corrected one, pays, and the reviewer sees it was corrected and opens the original', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await loginAs(page, '13800000702', { name: '周修正', isFirst: false });
  await toSchool(page);
  await chooseSchool(page, '10002', '10002', '本科');
  await page.getByLabel('姓名', { exact: true }).fill('周修正');
  await page.getByLabel('手机号', { exact: true }).fill('13800138000');
  await page.getByLabel('邮箱', { exact: true }).fill('student@example.com');
  await page.getByLabel('证件号码', { exact: true }).fill(idNumber(771));
  await page.getByLabel('男', { exact: true }).check();
  await page.getByLabel('学号', { exact: true }).fill('2021071');
  await page.getByLabel('专业', { exact: true }).fill('计算机科学与技术');
  await consentIfAsked(page);

  await chooseFile(page, '裁剪照片（3:4）', '确定并上传');
  const pair = page.getByRole('dialog', { name: '照片未通过检测，我们为你修正了一张' });
  await expect(pair).toBeVisible({ timeout: 60_000 });
  await expect(pair.getByRole('img', { name: '你上传的照片' })).toBeVisible();
  await expect(pair.getByRole('img', { name: '自动修正后的照片' })).toBeVisible();
  await expect(pair.getByRole('list', { name: '需要修改的地方' })).toContainText('头部偏小，请靠近镜头');
  await expect(pair.getByRole('list', { name: '机器做了这些修改' })).toContainText(
    '把背景换成标准浅蓝色 RGB(100,197,255)',
  );
  await page.setViewportSize({ width: 1366, height: 1100 });
  await shot(page, 'photo-correction-pair-zh', false);
  // The second check shows its own state while it runs.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/img/accept-corrected', async (route) => {
    await held;
    await route.continue();
  });
  await pair.getByRole('button', { name: '使用修正后的照片' }).click();
  await expect(pair.getByRole('status')).toHaveText('正在重新检测修正后的照片…');
  await expect(pair.getByRole('button', { name: /正在重新检测/ })).toBeVisible();
  await shot(page, 'photo-correction-checking-zh', false);
  release();
  await expect(page.getByText('照片可用,请继续填写').last()).toBeVisible({ timeout: 60_000 });
  await page.unroute('**/api/img/accept-corrected');

  // The order goes on as with any accepted photo: shipping, confirmation, the sandbox cashier.
  await page.getByRole('button', { name: '保存并继续' }).click();
  await expect(page).toHaveURL(/\/home\/submitPhoto\/orderInfo\?id=\d+/);
  if (!(await page.locator('.ant-select-selection-item', { hasText: 'EMS' }).isVisible()))
    await pick(page, '快递', 'EMS', false);
  await page.getByLabel('收件人姓名').fill('周修正');
  await page.getByLabel('收件人电话').fill('13900139000');
  await pick(page, '省份', '浙江省');
  await pick(page, '城市', '杭州市');
  await pick(page, '县区', '西湖区');
  await page.getByLabel('具体地址').fill('余杭塘路866号');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/confirmationOrder\?id=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByTestId('pay-order-no')).toBeVisible();
  const orderNo = (await page.getByTestId('pay-order-no').textContent())!.trim();
  await page.getByLabel('微信扫码支付').check();
  await page.getByRole('button', { name: '立即支付' }).click();
  const qr = page.getByTestId('pay-qr-dialog').locator('img[data-qr-payload]');
  await expect(qr).toBeVisible();
  const phone = await context.newPage();
  await phone.goto((await qr.getAttribute('data-qr-payload'))!);
  await phone.getByRole('button', { name: '支付 / Pay' }).click();
  await expect(phone.getByTestId('sandbox-result')).toContainText('支付成功');
  await expect(page.getByText('支付成功').first()).toBeVisible({ timeout: 30_000 });

  // The reviewer: the order's photo is tagged as corrected automatically, and the original opens.
  const reviewer = await consoleAs(browser, baseURL!, 'reviewer');
  await reviewer.goto('/console/review');
  await expect(reviewer.getByRole('heading', { name: '照片审核' })).toBeVisible();
  const item = reviewer.getByRole('listitem').filter({ hasText: orderNo });
  await expect(item.getByText('已自动修正')).toBeVisible();
  await item.click();
  const card = reviewer.locator('.ant-card').filter({ hasText: orderNo }).first();
  await expect(card.getByText('已自动修正')).toBeVisible();
  await shot(reviewer, 'photo-correction-console-tag');
  await card.getByRole('button', { name: '查看原图' }).click();
  const original = reviewer.getByRole('dialog', { name: '上传的原图' });
  await expect(original.getByRole('img', { name: '上传的原图' })).toBeVisible();
  await expect(original.getByRole('img', { name: '上传的原图' })).toHaveAttribute('src', /^blob:/);
  // The queue's keys (A approves) do nothing while the original is open.
  await reviewer.keyboard.press('a');
  await expect(item).toBeVisible();
  // The dialog's opening animation is over before the picture is taken.
  await reviewer.waitForTimeout(600);
  await shot(reviewer, 'photo-correction-console-original');
});
