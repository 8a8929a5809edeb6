import type { Page } from '@playwright/test';
import { signBody } from '@portal/contract/envelope';
import { expect } from './fixtures.ts';

/** Steps of the individual order wizard shared by the order journeys. */
export const PHOTOS = 'apps/server/test/fixtures/photos';
export interface NationalStudent {
  xh: string;
  xm: string;
  zjhm: string;
  yxdm: string;
  schoolName: string;
  cjm: string | null;
}

export async function pick(page: Page, label: string, option: string, search = true) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  if (search) await box.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

export async function toSchool(page: Page, orderId?: number) {
  await page.goto(`/home/submitPhoto/uploadPhoto${orderId ? `?id=${orderId}` : ''}`);
  await page.getByRole('checkbox', { name: '我已安装并登录学信网 App，已阅读以上说明' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
}

export async function chooseSchool(page: Page, keyword: string, code: string, education: string) {
  const box = page.getByLabel('学校', { exact: true });
  // The wizard remembers the last school; emptying the box first makes the search run again.
  await box.fill('');
  await box.fill(keyword);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first().click();
  await pick(page, '学历层次', education, false);
  await page.getByRole('button', { name: /^确\s*定$/ }).click();
}

export async function consentIfAsked(page: Page) {
  const agree = page.getByRole('checkbox', { name: '我已阅读并单独同意上述处理' });
  if (await agree.isVisible().catch(() => false)) {
    await agree.check();
    await page.getByRole('button', { name: /^同\s*意$/ }).click();
  }
  await expect(page.getByText(/已同意人脸照片及身份证件号码处理/)).toBeVisible();
}

export async function uploadPhoto(page: Page, file: string) {
  await page.locator('.photo-upload input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: '确定并上传' }).click();
  await expect(page.getByText('照片可用,请继续填写').last()).toBeVisible({ timeout: 30_000 });
}

export async function fillManual(page: Page, p: { name: string; idNum: string; studentId: string; photo: string }) {
  await page.getByLabel('姓名', { exact: true }).fill(p.name);
  await page.getByLabel('手机号', { exact: true }).fill('13800138000');
  await page.getByLabel('邮箱', { exact: true }).fill('student@example.com');
  await page.getByLabel('证件号码', { exact: true }).fill(p.idNum);
  await page.getByLabel('男', { exact: true }).check();
  await page.getByLabel('学号', { exact: true }).fill(p.studentId);
  await page.getByLabel('专业', { exact: true }).fill('计算机科学与技术');
  await consentIfAsked(page);
  await uploadPhoto(page, p.photo);
}

/** Signed member calls through the page's request context (what the web's client does). */
export function memberApi(page: Page, me: { token: string; randomKey: string; memberId: number }) {
  const headers = { authorization: `Bearer ${me.token}`, memberId: String(me.memberId) };
  return {
    headers,
    async post<T>(url: string, body: unknown) {
      const r = await page.request.post(url, { headers, data: signBody(body, me.randomKey) });
      return (await r.json()) as { code: number; msg: string; data: T };
    },
    async get<T>(url: string) {
      const r = await page.request.get(url, { headers });
      return (await r.json()) as { code: number; msg: string; data: T };
    },
    /** A passed photo of the member (the individual flow's upload). */
    async photo(file: string): Promise<string> {
      const fs = await import('node:fs');
      const up = await page.request.post('/api/img/upload', {
        headers,
        multipart: {
          flow: 'individual',
          file: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(file) },
        },
      });
      return ((await up.json()) as { data: string }).data;
    },
  };
}

/** A valid 18-digit ID card number with sequence n. */
export function idNumber(n: number): string {
  const body = `11010820000101${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * w[i];
  return body + '10X98765432'[sum % 11];
}
