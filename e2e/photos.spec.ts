import path from 'node:path';
import { test, expect, loginAs } from './fixtures.ts';

const fixtures = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/photos');

test('a member checks photos from the guide: crop, upload, failure table, then success', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/home/photoGuide');
  await expect(page.getByRole('heading', { name: '合格毕业照片指南' })).toBeVisible();
  // A visitor is asked to log in first.
  await expect(page.getByText('请先登录系统，再提交照片。')).toBeVisible();

  await loginAs(page, '13800000001');
  await page.goto('/home/photoGuide');
  await expect(page.getByRole('heading', { name: '检测我的照片' })).toBeVisible();

  // An off-centre photo: crop dialog, then the item-by-item table.
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'off-centre.jpg'));
  const crop = page.getByRole('dialog', { name: '裁剪照片（3:4）' });
  await expect(crop).toBeVisible();
  await expect(crop.locator('.reactEasyCrop_CropArea')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/photos-crop.png', fullPage: true });
  await crop.getByRole('button', { name: '确定并上传' }).click();
  const result = page.getByRole('dialog', { name: '照片不可用,请确定照片格式无误!' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByRole('row', { name: /脸部距左边.*未通过/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /头顶距上边.*通过/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/photos-rejected.png', fullPage: true });
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByText('未上传')).toBeVisible();

  // A compliant photo: the success message and the preview.
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'compliant-1.jpg'));
  await page.getByRole('dialog', { name: '裁剪照片（3:4）' }).getByRole('button', { name: '确定并上传' }).click();
  await expect(page.getByText('照片可用,请继续填写')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: '照片预览' })).toHaveAttribute('src', /\/api\/img\/view\//);
  await page.screenshot({ path: 'test-results/screens/photos-accepted.png', fullPage: true });

  // A photo under 30 KB never reaches the crop dialog.
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'small-20kb.jpg'));
  await expect(page.getByText('上传头像图片大小不能小于30K!')).toBeVisible();
});
