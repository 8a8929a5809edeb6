import fs from 'node:fs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { generate } from 'otplib';
import { consoleAs, data, shot } from './console-kit.ts';
import { test, expect } from './fixtures.ts';

/** A console tab logged in as a role through the demo hook. */

// Its own server (rows made here stay out of the other console journeys), reporting in batches of two.
test.use({ serverEnv: { NATIONAL_REPORT_BATCH: '2' } });

const PASSWORD = 'Totp-journey-2026';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% 学生证明 form\n%%EOF\n');

test('an editor uploads a form file; the portal forms page downloads it', async ({ browser, baseURL, page }) => {
  const editor = await consoleAs(browser, baseURL!, 'editor');
  await editor.goto('/console/content');
  await editor.getByRole('tab', { name: '表格下载' }).click();
  await expect(editor.getByRole('cell', { name: '学生信息采集登记表.csv' })).toBeVisible();
  await editor
    .getByRole('button', { name: '新 增' })
    .or(editor.getByRole('button', { name: '新增' }))
    .click();
  const dialog = editor.getByRole('dialog');
  await dialog.getByLabel('中文名称').fill('毕业生图像采集承诺书');
  await dialog.getByLabel('英文名称').fill('Graduate photo pledge');
  // A renamed file is refused by its content, with the field and the rule named.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'pledge.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(editor.getByText('文件：内容与扩展名“.pdf”不符')).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: '承诺书 2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  await shot(editor, 'console-form-upload');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  const row = editor.getByRole('row').filter({ hasText: '毕业生图像采集承诺书' });
  await expect(row.getByRole('link', { name: '承诺书 2026.pdf' })).toBeVisible();
  await expect(row).toContainText(`${PDF.length} B`);
  await shot(editor, 'console-forms');

  await page.goto('/home/downloadExcel');
  const item = page.getByRole('listitem').filter({ hasText: '毕业生图像采集承诺书' });
  await expect(item).toBeVisible();
  await shot(page, 'portal-forms');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('link', { name: /下载/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('承诺书 2026.pdf');
  expect(fs.readFileSync(await download.path()).equals(PDF)).toBe(true);
});

test('production staff report approved photos to the national platform and see the outcome', async ({
  browser,
  baseURL,
  request,
}) => {
  await data(
    await request.post('/api/dev/approved-photos', {
      data: { mobile: '13800000601', yxdm: '10001', known: 3, unknown: 2 },
    }),
  );
  const prod = await consoleAs(browser, baseURL!, 'production');
  await prod.goto('/console/export');
  await expect(prod.getByRole('heading', { name: '上报国家平台' })).toBeVisible();
  await prod.getByLabel('院校代码').fill('10001');
  await prod.getByRole('button', { name: '开始上报' }).click();
  const run = prod.getByRole('table', { name: '上报国家平台' }).getByRole('row').nth(1);
  await expect(run).toContainText('已完成');
  const cells = run.getByRole('cell');
  await expect(cells.nth(5)).toHaveText('3');
  await expect(cells.nth(6)).toHaveText('2');
  await expect(cells.nth(7)).toHaveText('0');
  // Five photos in batches of two: three calls, none failed.
  await expect(cells.nth(9)).toHaveText('3 (0)');
  await shot(prod, 'console-national-report');
  await run.getByRole('button', { name: /明\s?细/ }).click();
  const dialog = prod.getByRole('dialog', { name: /上报任务 #\d+ 的明细/ });
  await dialog.locator('.ant-segmented').getByText('驳回', { exact: true }).click();
  await expect(dialog.getByRole('row')).toHaveCount(3);
  await expect(dialog.getByRole('cell', { name: '学信平台无此证件号码' }).first()).toBeVisible();
  await shot(prod, 'console-national-report-items');
  await prod.keyboard.press('Escape');

  // A second run sends only the two rejected photos.
  await prod.getByRole('button', { name: '开始上报' }).click();
  const second = prod.getByRole('table', { name: '上报国家平台' }).getByRole('row').nth(1);
  await expect(second).toContainText('已完成');
  await expect(second.getByRole('cell').nth(4)).toContainText('2');
  await expect(second.getByRole('cell').nth(6)).toHaveText('2');
});

test('a staff member enrols TOTP with the first code, then logs in with a code; an admin resets it', async ({
  browser,
  baseURL,
}) => {
  const admin = await consoleAs(browser, baseURL!, 'admin');
  // A branch account made through the demo hook (dev-branch-TOTP); the admin gives it a password.
  await data(await admin.request.post('/api/dev/staff-login', { data: { role: 'branch', branch: 'TOTP' } }));
  await admin.goto('/console/staff');
  const staffRow = admin.getByRole('row').filter({ hasText: 'dev-branch-TOTP' });
  await staffRow.getByRole('button', { name: /编\s?辑/ }).click();
  const edit = admin.getByRole('dialog');
  await edit.getByLabel('密码').fill(PASSWORD);
  await edit.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(edit).toBeHidden();
  await expect(staffRow.getByRole('cell').nth(4)).toHaveText('否');

  // The owner logs in with the password and enrols from the account security page.
  const page = await (await browser.newContext({ baseURL })).newPage();
  const login = async (code?: () => Promise<string>) => {
    await page.getByLabel('用户名').fill('dev-branch-TOTP');
    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s?录/ }).click();
    if (code) {
      await page.getByLabel('动态口令').fill(await code());
      await page.getByRole('button', { name: /登\s?录/ }).click();
    }
  };
  await page.goto('/console');
  await login();
  await page.getByRole('button', { name: '你的账号尚未启用动态口令' }).click();
  await expect(page.getByRole('heading', { name: '账号安全', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: '启用动态口令', exact: true }).click();
  const enrol = page.getByRole('dialog', { name: '绑定身份验证器' });
  const img = enrol.getByRole('img', { name: '身份验证器绑定二维码' });
  await expect(img).toBeVisible();
  // The QR is the otpauth:// URI of this account, and the key shown for manual entry is its secret.
  const src = (await img.getAttribute('src'))!;
  const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data: pixels, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(pixels), info.width, info.height)?.data ?? '';
  expect(decoded).toMatch(/^otpauth:\/\/totp\/.*dev-branch-TOTP.*secret=[A-Z2-7]+/);
  const key = (await enrol.getByLabel('无法扫码时手动输入密钥').innerText()).replace(/\s/g, '');
  expect(key).toBe(new URL(decoded).searchParams.get('secret'));

  // A wrong code is refused beside the field; TOTP stays off.
  const right = await generate({ secret: key });
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
  const codeField = enrol.getByLabel('动态口令');
  await codeField.fill(wrong);
  await enrol.getByRole('button', { name: '验证并启用' }).click();
  await expect(enrol.locator('.ant-form-item-explain-error')).toHaveText(
    '动态口令：验证码不正确，请输入身份验证器当前显示的6位数字',
  );
  await page.waitForTimeout(500); // the error's fade-in, for the screenshot
  await shot(page, 'console-totp-enrol');
  await codeField.fill(await generate({ secret: key }));
  await enrol.getByRole('button', { name: '验证并启用' }).click();
  await expect(enrol).toBeHidden();
  const totpCard = page.locator('.ant-card').filter({ hasText: '两步验证（动态口令）' });
  await expect(totpCard.getByText('已启用', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '你的账号尚未启用动态口令' })).toBeHidden();
  await shot(page, 'console-totp-active');

  // Logging in again asks for the code; the next step's code (the enrolment's is never accepted twice) lets them in.
  await page.getByRole('button', { name: /退\s?出/ }).click();
  await login(() => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await expect(page.locator('.console-header').getByText(/branch \(dev\)/)).toBeVisible();

  // A lost phone: the admin resets it; the owner sees it off again.
  await admin.reload();
  await expect(staffRow.getByRole('cell').nth(4)).toHaveText('是');
  await staffRow.getByRole('button', { name: '重置动态口令' }).click();
  await admin
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click();
  await expect(staffRow.getByRole('cell').nth(4)).toHaveText('否');
  await page.goto('/console/account');
  await expect(totpCard.getByText('未启用', { exact: true })).toBeVisible();
});
