import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures.ts';

// Screens go to test-results/screens (SCREENS_DIR elsewhere: a parallel run cleans test-results).
const shot = (name: string) => path.join(process.env.SCREENS_DIR ?? 'test-results/screens', name);
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

  // A photo with the head cut off (no machine may fix it; a framing-only fault gets a corrected
  // version instead, see photo-correction.spec.ts): crop dialog (with the three bands), then the refusal in plain words.
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'head-cut-off.jpg'));
  const crop = page.getByRole('dialog', { name: '裁剪照片（3:4）' });
  await expect(crop).toBeVisible();
  await expect(crop.locator('.reactEasyCrop_CropArea')).toBeVisible();
  await page.screenshot({ path: shot('photos-crop.png'), fullPage: true });
  await crop.getByRole('button', { name: '确定并上传' }).click();
  const result = page.getByRole('dialog', { name: '头顶被裁掉，请在头顶上方留出空间' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  // The refused photo with the guide, and every problem listed in the same words.
  await expect(result.getByRole('img', { name: '未通过检测的照片（标出标准范围与问题位置）' })).toBeVisible();
  await expect(result.getByRole('list', { name: '需要修改的地方' }).getByRole('listitem')).toHaveText([
    '头顶被裁掉，请在头顶上方留出空间',
    '头部位置太高，请把头部往下移',
  ]);
  // The item-by-item values stay, one click away.
  await result.getByRole('button', { name: /检测明细/ }).click();
  await expect(result.getByRole('row', { name: /头顶完整.*未通过/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /脸部距左边.*通过/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /头部左右转动.*通过/ })).toBeVisible();
  await page.screenshot({ path: shot('photos-rejected.png'), fullPage: true });
  await result.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByText('未上传')).toBeVisible();

  // A compliant photo: the success message and the preview.
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'compliant-1.jpg'));
  await page.getByRole('dialog', { name: '裁剪照片（3:4）' }).getByRole('button', { name: '确定并上传' }).click();
  await expect(page.getByText('照片可用,请继续填写')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('img', { name: '照片预览' })).toHaveAttribute('src', /\/api\/img\/view\//);
  await page.screenshot({ path: shot('photos-accepted.png'), fullPage: true });
});

/** Counts the photo uploads the page sends. */
function countUploads(page: Page) {
  const sent = { n: 0 };
  page.on('request', (r) => {
    if (r.url().includes('/api/img/upload')) sent.n++;
  });
  return sent;
}

test('a file that breaks a browser rule is never sent: a real PNG, a PNG named .jpg, a JPEG under 30 KB', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, '13800000001');
  await page.goto('/home/photoGuide');
  await expect(page.getByRole('heading', { name: '检测我的照片' })).toBeVisible();
  const sent = countUploads(page);
  const png = readFileSync(path.join(fixtures, 'png-renamed.jpg'));
  const input = page.locator('input[type=file]');

  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('上传头像图片只能是 JPG 格式!')).toBeVisible();
  await input.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByText('上传头像图片只能是 JPG 格式!')).toBeVisible();
  await input.setInputFiles(path.join(fixtures, 'small-20kb.jpg'));
  await expect(page.getByText('上传头像图片大小不能小于30K!')).toBeVisible();

  // Give a wrongly sent upload the time to leave and be answered.
  await page.waitForTimeout(3000);
  expect(sent.n).toBe(0);
  await expect(page.getByText('照片可用,请继续填写')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '裁剪照片（3:4）' })).toHaveCount(0);
  await expect(page.getByText('未上传')).toBeVisible();
});

test('the refusal in English: the main problem, every problem, the photo with its guide', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, '13800000001');
  await page.goto('/home/photoGuide');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check my photo' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'head-cut-off.jpg'));
  const crop = page.getByRole('dialog', { name: 'Crop the photo (3:4)' });
  await expect(crop).toBeVisible();
  await page.screenshot({ path: shot('photos-crop-en.png'), fullPage: true });
  await crop.getByRole('button', { name: 'Crop and upload' }).click();
  const result = page.getByRole('dialog', { name: 'The top of your head is cut off: leave room above it' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByRole('list', { name: 'What to change' }).getByRole('listitem')).toHaveText([
    'The top of your head is cut off: leave room above it',
    'Your head is too high in the frame: move it down',
  ]);
  await expect(
    result.getByRole('img', { name: 'The refused photo, with the standard ranges and where the problems are' }),
  ).toBeVisible();
  await page.screenshot({ path: shot('photos-rejected-en.png'), fullPage: true });
});

test('the guide shows what the check refuses, each with an example and its words, zh and en', async ({ page }) => {
  await page.goto('/home/photoGuide');
  await expect(page.getByRole('heading', { name: '这些照片会被拒收' })).toBeVisible();
  for (const [example, words] of [
    ['偏色（脸色发绿、发青）', '照片偏色，请在自然光或白光下拍摄，不要使用滤镜'],
    ['阴阳脸（光线从一侧照来）', '脸部一侧偏暗（阴阳脸），请让光线从正前方均匀照亮脸部'],
    ['眼镜反光遮挡眼睛', '眼镜反光遮挡了眼睛，请调整灯光或眼镜角度，或摘下眼镜'],
    ['镜框横过眼睛', '眼镜框遮挡了眼睛，请扶正眼镜，让镜框不挡住瞳孔，或摘下眼镜'],
    ['刘海遮挡眉毛', '头发遮挡了眉毛或眼睛，请将头发梳到眉毛以上，露出眉毛和眼睛'],
    ['头部歪斜', '头部歪斜，请保持头部端正'],
  ]) {
    await expect(page.getByRole('img', { name: example })).toBeVisible();
    await expect(page.getByText(words, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: shot('photos-guide-refused.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'These photos are refused' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Colour cast (a green or cyan face)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'A fringe over the eyebrows' })).toBeVisible();
  await expect(
    page.getByText('Hair covers your eyebrows or eyes: comb it back above your eyebrows so both show'),
  ).toBeVisible();
  await expect(
    page.getByText('The colours are off (colour cast): take it in daylight or white light, without filters'),
  ).toBeVisible();
  await page.screenshot({ path: shot('photos-guide-refused-en.png'), fullPage: true });
});
