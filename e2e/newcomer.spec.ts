import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect, loginAs } from './fixtures.ts';
import { shot } from './console-kit.ts';
import { PHOTOS, idNumber, memberApi } from './order-kit.ts';

/** Issue 38: the rough edges a newcomer met walking the portal at 1366 × 768, in Chinese and English. */

test.use({ serverEnv: { RATE_LIMIT_PER_MINUTE: '100000' } });
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

test('item 1: the actions column stays in sight at 1280 and 1366 px, in Chinese and English', async ({ page }) => {
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
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      const del = page.getByRole('button', { name: lang === 'zh' ? /^删\s*除$/ : 'Delete' }).first();
      await expect(del).toBeVisible();
      await insideTable(del);
    }
  }
});
