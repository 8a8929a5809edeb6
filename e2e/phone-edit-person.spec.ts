import { devices, type Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';

/**
 * Editing a saved person in the phone's order wizard, on an iPhone and an Android phone (touch,
 * always Chromium): a person added through the wizard, then its mobile and photo changed (the
 * desktop's modify rule: name, ID number, school and student number stay, shown read-only with the
 * ID number masked), kept over a reload, saved through the server and seen in the list and on the
 * confirmation. The ID number never reaches the address or the browser's storage.
 */
test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000' } });
test.describe.configure({ timeout: 300_000 });

const FIRST = 'apps/server/test/fixtures/photos/compliant-3.jpg';
const SECOND = 'apps/server/test/fixtures/photos/compliant-1.jpg';
const REFUSED = 'apps/server/test/fixtures/photos/red-behind-compliant.jpg';
const ID = '110108200001011237';
const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';

/** A device profile without its browser (the projects here always run Debian's Chromium). */
function phone(name: 'iPhone 13' | 'Pixel 7') {
  const { defaultBrowserType: _browser, ...profile } = devices[name];
  return profile;
}
const PHONES = [
  { label: 'iphone', device: phone('iPhone 13') },
  { label: 'android', device: phone('Pixel 7') },
];

let seq = 0;
const newMobile = () =>
  `1358${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );

/** The bytes of an image on the page (its URL is signed and may change while the photo does not). */
async function photoBytes(page: Page, img: ReturnType<Page['locator']>) {
  const src = await img.getAttribute('src');
  expect(src).toBeTruthy();
  return (await (await page.request.get(src!)).body()).toString('base64');
}

/** Through the wizard to the persons step with one person, 张同学, whose photo is FIRST. */
async function addOnePerson(page: Page) {
  await page.getByRole('button', { name: '开始提交照片' }).tap();
  await expect(page).toHaveURL(/\/phoneModify\/new$/);
  await page.getByText('我已安装并登录学信网 App，已阅读以上说明').tap();
  await page.getByText('我已阅读并单独同意上述处理').tap();
  await page.getByRole('button', { name: '下一步' }).tap();
  await expect(page).toHaveURL(/step=school/);
  await page.getByLabel('学校', { exact: true }).fill('北京大学');
  await page.getByRole('button', { name: /北京大学 \(10001\)/ }).tap();
  await page.getByRole('button', { name: /本科（学信网 App 采集）/ }).tap();
  await page.getByRole('button', { name: '确定' }).tap();
  await page.getByRole('button', { name: '手动填写' }).tap();
  await expect(page).toHaveURL(/step=form/);
  // The first person starts from the member's own name: typed over once it is there.
  await expect(page.getByLabel('姓名', { exact: true })).toHaveValue('王同学');
  await page.getByLabel('姓名', { exact: true }).fill('张同学');
  await page.getByLabel('手机号', { exact: true }).fill('13800138000');
  await page.getByLabel('邮箱', { exact: true }).fill('zhang@example.com');
  await page.getByLabel('证件号码', { exact: true }).fill(ID);
  await page.locator('#new-sex').getByText('男', { exact: true }).tap();
  await page.getByLabel('学号', { exact: true }).fill('2021001');
  await page.getByLabel('专业', { exact: true }).fill('数学');
  await page.getByTestId('camera-input').setInputFiles(FIRST);
  await expect(page.getByText('照片已通过检测')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '保存并继续' }).tap();
  await expect(page).toHaveURL(/step=persons/);
  await expect(page.getByTestId('new-order-person')).toHaveCount(1);
}

for (const { label, device } of PHONES) {
  test.describe(label, () => {
    test.use({ ...device, hasTouch: true });

    test(`edits a saved person's mobile and photo on ${label}`, async ({ page }) => {
      const mobile = newMobile();
      await page.goto('/phoneModify/help');
      await loginAs(page, mobile, { name: '王同学', mail: `${mobile}@example.com` });
      await page.goto('/phoneModify/orders');
      await addOnePerson(page);
      const id = Number(new URL(page.url()).searchParams.get('id'));
      const row = page.getByTestId('new-order-person');
      await expect(row).toContainText('13800138000');
      const before = await photoBytes(page, row.locator('img'));

      // The edit action opens the person with its saved values; what cannot change is shown, not offered.
      await page.getByRole('button', { name: '修改 张同学' }).tap();
      await expect(page).toHaveURL(/step=edit/);
      await expect(page).toHaveURL(/detail=\d+/);
      await expect(page.getByRole('heading', { name: '修改人员信息' })).toBeVisible();
      const locked = page.getByTestId('edit-locked');
      await expect(locked).toContainText('张同学');
      await expect(locked).toContainText('北京大学 (10001)');
      await expect(locked).toContainText('2021001');
      await expect(locked).toContainText(/110\*+1237/);
      await expect(locked).not.toContainText(ID);
      await expect(page.getByText('为保护个人信息，证件号码只显示部分，保存后保持不变。')).toBeVisible();
      await expect(page.getByText('姓名或证件号码填写有误？请返回列表删除此人后重新添加。')).toBeVisible();
      await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13800138000');
      await expect(page.getByLabel('邮箱', { exact: true })).toHaveValue('zhang@example.com');
      await expect(page.getByAltText('已上传的照片')).toBeVisible();

      // The server's rules, asked here first.
      await page.getByLabel('手机号', { exact: true }).fill('');
      await page.getByRole('button', { name: '保存', exact: true }).tap();
      await expect(page.getByText('请输入手机号')).toBeVisible();

      // A photo the check refuses: why, in the check's words, and the corrected one when the machine could.
      const shown = await page.getByAltText('已上传的照片').getAttribute('src');
      await page.getByTestId('file-input').setInputFiles(REFUSED);
      const refusal = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '照片未通过检测' }) });
      await expect(refusal).toBeVisible({ timeout: 60_000 });
      await expect(refusal.getByRole('heading', { level: 3 })).toHaveText('照片未通过检测');
      await expect(refusal.getByRole('listitem').first()).toBeVisible();
      await expect(
        refusal
          .getByRole('button', { name: '使用修正后的照片' })
          .or(refusal.getByText('请按上面的提示重新拍摄或选择照片。')),
      ).toBeVisible();
      if (await refusal.getByRole('button', { name: '使用修正后的照片' }).count()) {
        await expect(refusal.getByAltText('您的照片')).toBeVisible();
        await expect(refusal.getByAltText('修正后的照片')).toBeVisible();
        await expect
          .poll(() => refusal.getByAltText('修正后的照片').evaluate((i) => (i as HTMLImageElement).naturalWidth), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
      }
      await expect(page.getByAltText('已上传的照片')).toHaveAttribute('src', shown!);
      await refusal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/phone-edit-${label}-refused.png`, fullPage: true });

      // A new mobile and another photo, kept over a reload (never the ID number).
      await page.getByLabel('手机号', { exact: true }).fill('13900139001');
      await page.getByTestId('file-input').setInputFiles(SECOND);
      await expect(page.getByAltText('已上传的照片')).not.toHaveAttribute('src', shown!, { timeout: 60_000 });
      await expect(refusal).toHaveCount(0);
      await page.reload();
      await expect(page).toHaveURL(/step=edit/);
      await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13900139001');
      await expect(page.getByAltText('已上传的照片')).not.toHaveAttribute('src', shown!);
      expect(page.url()).not.toContain(ID);
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(
        ID.slice(4, 14),
      );
      await expect(page.locator('.adm-toast-main')).toHaveCount(0);
      await page.screenshot({ path: `${SCREENS}/phone-edit-${label}-zh.png`, fullPage: true });
      await page.getByRole('button', { name: 'Switch to English' }).tap();
      await expect(page.getByRole('heading', { name: 'Edit person details' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/phone-edit-${label}-en.png`, fullPage: true });
      await page.getByRole('button', { name: '切换到中文' }).tap();

      // Saved through the server: back on the list with the change.
      await page.getByRole('button', { name: '保存', exact: true }).tap();
      await expect(page).toHaveURL(/step=persons/);
      expect(page.url()).not.toContain('detail=');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('张同学');
      await expect(row).toContainText('13900139001');
      await expect(row).not.toContainText('13800138000');
      expect(await photoBytes(page, row.locator('img'))).not.toBe(before);
      await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
      await page.screenshot({ path: `${SCREENS}/phone-edit-${label}-persons.png`, fullPage: true });

      // Cancel leaves the person as saved.
      await page.getByRole('button', { name: '修改 张同学' }).tap();
      await expect(page.getByLabel('手机号', { exact: true })).toHaveValue('13900139001');
      await page.getByLabel('手机号', { exact: true }).fill('13700137000');
      await page.getByRole('button', { name: '取消', exact: true }).tap();
      await expect(page).toHaveURL(/step=persons/);
      await expect(row).toContainText('13900139001');

      // The confirmation, as the server has the order, shows the change too.
      await page.goto(`/phoneModify/new?step=confirm&id=${id}`);
      const confirmed = page.getByTestId('confirm-person');
      await expect(confirmed).toHaveCount(1);
      await expect(confirmed).toContainText('张同学');
      await expect(confirmed).toContainText('13900139001');
      expect(await photoBytes(page, confirmed.locator('img'))).not.toBe(before);
    });
  });
}
