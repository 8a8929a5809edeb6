import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiData } from './fixtures.ts';

// Rough edges found in a full browser walk: each journey walks what a student met.
test.use({ serverEnv: { PAY_SANDBOX_NOTIFY_DELAY_MS: '300' } });

let seq = 0;
const newMobile = () =>
  `1378${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}${++seq}`.slice(
    0,
    11,
  );
const CJK = /[\u3400-\u9fff]/;
const english = (page: Page) => page.addInitScript(() => localStorage.setItem('lang', 'en'));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${process.env.SCREENS_DIR ?? 'test-results/screens'}/${name}.png`, fullPage: true });

async function devOrder(page: Page, mobile: string): Promise<{ id: number; orderNo: string }> {
  const r = await page.request.post('/api/dev/order', { data: { mobile, kind: 'individual' } });
  const json = (await r.json()) as { code: number; data: { id: number; orderNo: string } };
  expect(json.code).toBe(200);
  return json.data;
}

/** Logs a new member in, makes an unpaid order and starts an Alipay page payment: the sandbox cashier. */
async function toAlipayCashier(page: Page) {
  const mobile = newMobile();
  await loginAs(page, mobile);
  const order = await devOrder(page, mobile);
  await page.goto(`/home/submitPhoto/completionPayment?id=${order.id}&type=1`);
  await page.getByLabel(/支付宝网页支付|Alipay/).check();
  await page.getByRole('button', { name: /立即支付|Pay now/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+\?flow=page$/);
  return order;
}

test.describe('1. the Alipay return page settles', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`a failed payment shows 支付失败 with 重新支付 within seconds (${lang})`, async ({ page }) => {
      if (lang === 'en') await english(page);
      const order = await toAlipayCashier(page);
      await page.getByRole('button', { name: '支付失败 / Fail' }).click();
      await page.getByRole('link', { name: '返回商户 / Back to the portal' }).click();
      await expect(page).toHaveURL(new RegExp(`/home/submitPhoto/pay\\?id=${order.id}&type=1`));
      const failed = lang === 'zh' ? '支付失败' : 'Payment failed';
      await expect(page.getByRole('heading', { name: failed })).toBeVisible({ timeout: 8_000 });
      await expect(page.getByText(/正在确认支付结果|Confirming the payment/)).toHaveCount(0);
      await shot(page, `walk-pay-failed-${lang}`);
      await page.getByRole('button', { name: lang === 'zh' ? '重新支付' : 'Pay again' }).click();
      await expect(page).toHaveURL(new RegExp(`/home/submitPhoto/completionPayment\\?id=${order.id}&type=1`));
      await expect(page.getByTestId('pay-order-no')).toHaveText(order.orderNo);
    });
  }

  test('a return without a result says the order will be updated and links to it (zh, en)', async ({ page }) => {
    const order = await toAlipayCashier(page);
    // Back without paying or failing: the provider has no result yet.
    await page.goto(`/home/submitPhoto/pay?id=${order.id}&type=1&kind=individual`);
    await expect(page.getByRole('heading', { name: '支付结果确认中' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('我们确认到账后会自动更新此订单，无需重复支付。')).toBeVisible();
    await shot(page, 'walk-pay-pending-zh');
    await page.getByRole('button', { name: '查看订单' }).click();
    await expect(page).toHaveURL(new RegExp(`/home/orderDetails\\?id=${order.id}`));

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`/home/submitPhoto/pay?id=${order.id}&type=1&kind=individual`);
    await expect(page.getByRole('heading', { name: 'Confirming the payment with the provider' })).toBeVisible({
      timeout: 15_000,
    });
    await shot(page, 'walk-pay-pending-en');
  });
});

test.describe('3. every route change starts at the top', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`footer links open at the top; back restores the old position (${lang})`, async ({ page }) => {
      if (lang === 'en') await english(page);
      await page.goto('/home/newsList');
      await expect(page.locator('.ant-list-item, .news-item, li').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bottom = await page.evaluate(() => window.scrollY);
      expect(bottom).toBeGreaterThan(100);
      await page
        .locator('.site-footer')
        .getByRole('link', { name: lang === 'zh' ? '关于我们' : 'About us' })
        .click();
      await expect(page).toHaveURL(/staticV\?type=aboutUs/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await shot(page, `walk-scroll-top-${lang}`);
      await page.goBack();
      await expect(page).toHaveURL(/\/home\/newsList$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    });
  }

  test('a news item opened from the bottom of the list starts at the top', async ({ page }) => {
    await page.goto('/home/newsList');
    const last = page.locator('a[href*="newsDetails"]').last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await last.click();
    await expect(page).toHaveURL(/newsDetails/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

interface NationalStudent {
  xh: string;
  xm: string;
  zjhm: string;
  yxdm: string;
}

async function entry(page: Page, school: string, code: string, lang: 'zh' | 'en' = 'zh') {
  await page.goto('/home/collectFirst');
  await page.getByLabel(lang === 'zh' ? '学校' : 'School', { exact: true }).fill(school);
  await page.locator('.ant-select-item-option', { hasText: school }).first().click();
  await page.getByLabel(lang === 'zh' ? '特征码' : 'Feature code').fill(code);
  await page.getByRole('button', { name: lang === 'zh' ? '下一步' : 'Next' }).click();
}

test.describe('6. centralised entry takes the student number', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`a 12-digit student number matches the student (${lang})`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      if (lang === 'en') await english(page);
      const all = await apiData<NationalStudent[]>(page, '/api/dev/national-students');
      const student = all.find((s) => s.yxdm === '10001' && /^\d{12}$/.test(s.xh))!;
      await loginAs(page, newMobile());
      // An empty form: field messages, never an uncaught error.
      await page.goto('/home/collectFirst');
      await page.getByRole('button', { name: lang === 'zh' ? '下一步' : 'Next' }).click();
      await expect(page.getByText(lang === 'zh' ? '请选择学校' : /choose the school/i).first()).toBeVisible();
      await entry(page, '北京大学', await seasonCode(page, 'PKU'), lang);
      const label = lang === 'zh' ? '学号/身份证号' : 'Student number / ID number';
      await page.getByLabel(label).fill('AB1');
      await page.getByRole('button', { name: lang === 'zh' ? /^确\s?认$/ : 'Confirm' }).click();
      await expect(
        page.getByText(lang === 'zh' ? '请输入正确的学号或身份证号' : /valid student number or ID number/i),
      ).toBeVisible();
      await page.getByLabel(label).fill(student.xh);
      await shot(page, `walk-collect-number-${lang}`);
      await page.getByRole('button', { name: lang === 'zh' ? /^确\s?认$/ : 'Confirm' }).click();
      // The identity proof before the form: the last 4 characters of the student's ID number.
      await page
        .getByLabel(lang === 'zh' ? '身份证号后4位' : 'Last 4 characters of the ID number')
        .fill(student.zjhm.slice(-4));
      await page.getByRole('button', { name: lang === 'zh' ? /^核\s?验$/ : 'Verify' }).click();
      await expect(page).toHaveURL(new RegExp(`/home/upImg\\?.*studentId=${student.xh}`));
      await expect(page.getByLabel(lang === 'zh' ? '姓名' : 'Name', { exact: true })).toHaveValue(student.xm);
      expect(errors).toEqual([]);
    });
  }

  test('a wrong feature code keeps its message until the field is edited', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await entry(page, '北京大学', 'NOPE');
    const msg = page
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel('特征码') })
      .getByText('未找到该采集任务，请核对学校和特征码');
    await expect(msg).toBeVisible();
    await page.waitForTimeout(2_500);
    await expect(msg).toBeVisible();
    await shot(page, 'walk-collect-code-zh');
    await page.getByLabel('特征码').fill('NOPE2');
    await expect(msg).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

/** The demo season's feature code of a pilot school (PKU or THU + class year), as the home notice shows it. */
async function seasonCode(_page: Page, prefix: string) {
  return `${prefix}${classYear()}`;
}

/** The class whose photos are collected now: from June on, next year's graduates. */
function classYear(now = new Date()) {
  return now.getUTCMonth() >= 5 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
}

test.describe('11. English mode is English', () => {
  test('collection centres: provinces, contacts and addresses in English', async ({ page }) => {
    await english(page);
    await page.goto('/home/collectionCenter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(12);
    expect(await page.locator('.ant-table-tbody').innerText()).not.toMatch(CJK);
    await page.getByLabel('Province').click();
    await page.getByTitle('Guangdong').click();
    await expect(rows).toHaveCount(2);
    await shot(page, 'walk-centres-en');
  });

  test('the address picker names regions in English and offers no 市辖区', async ({ page }) => {
    await page.goto('/home');
    const wuhan = await page.request
      .post('/api/baseInfo/selectArea?upid=420100')
      .then((r) => r.json() as Promise<{ data: { name: string; nameEn: string }[] }>);
    expect(wuhan.data.map((a) => a.name)).not.toContain('市辖区');
    expect(wuhan.data.find((a) => a.name === '武昌区')?.nameEn).toBe('Wuchang District');
    for (const lang of ['zh', 'en'] as const) {
      const mobile = newMobile();
      if (lang === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await loginAs(page, mobile);
      const order = await devOrder(page, mobile);
      await page.goto(`/home/submitPhoto/orderInfo?id=${order.id}`);
      // The pickers search by what they show: Chinese names in Chinese, English names in English.
      await page.getByLabel(lang === 'zh' ? '省份' : 'Province').fill(lang === 'zh' ? '湖北' : 'Hub');
      await page.getByTitle(lang === 'zh' ? '湖北省' : 'Hubei').click();
      await page.getByLabel(lang === 'zh' ? '城市' : 'City').fill(lang === 'zh' ? '武汉' : 'Wuh');
      await page.getByTitle(lang === 'zh' ? '武汉市' : 'Wuhan').click();
      await page.getByLabel(lang === 'zh' ? '县区' : 'District').click();
      const list = page.locator('.ant-select-dropdown:visible');
      await expect(list.getByTitle(lang === 'zh' ? '武昌区' : 'Wuchang District')).toBeVisible();
      await expect(list.getByTitle('市辖区')).toHaveCount(0);
      await shot(page, `walk-districts-${lang}`);
      await page.keyboard.press('Escape');
    }
  });

  test('banners, the orders menu and the home page carry no Chinese artwork text in English', async ({ page }) => {
    await english(page);
    await page.goto('/home');
    await expect(page.locator('.home-carousel')).toBeVisible();
    const pics = await page
      .locator('.home-slide img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    for (const src of pics) {
      const svg = await (await page.request.get(src)).text();
      expect(svg, src).not.toMatch(CJK);
    }
    await expect(page.locator('.home-slide[data-active="true"]')).not.toHaveText(CJK);
    await shot(page, 'walk-home-en');
    await loginAs(page, newMobile());
    await page.goto('/home/myOrder');
    await expect(page.getByRole('heading', { name: 'Individual orders' })).toBeVisible();
    await expect(page.getByText('Scattered-shoot')).toHaveCount(0);
  });
});

test.describe('12. the footer', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`one set of hours, the operator and both filing numbers (${lang})`, async ({ page }) => {
      if (lang === 'en') await english(page);
      await page.goto('/home');
      const footer = page.locator('.site-footer');
      await expect(footer).toContainText(
        lang === 'zh' ? '服务时间：工作日 8:00-11:00，14:00-17:00' : 'Hours: Workdays 8:00-11:00 and 14:00-17:00',
      );
      await expect(footer).not.toContainText(/另一说明|also stated as|8:00-17:00\b/);
      const icp = footer.getByRole('link', { name: /ICP备\d+号/ });
      await expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
      await expect(footer).toContainText(/公安备案号|Public security filing/);
      await expect(footer).toContainText(/\d{14}号/);
      await expect(footer.getByTestId('operator')).not.toBeEmpty();
      await shot(page, `walk-footer-${lang}`);
    });
  }
});

test.describe('13. the demo season follows the date', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`banners, notices and tasks name the current class (${lang})`, async ({ page }) => {
      if (lang === 'en') await english(page);
      const year = classYear();
      await page.goto('/home');
      const banners = await apiData<{ title: { zh: string; en: string } }[]>(page, '/api/baseInfo/getBanner');
      const titles = banners.map((b) => b.title[lang]).join(' ');
      expect(titles).toContain(lang === 'zh' ? `${year}届` : `class of ${year}`);
      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/2025届|class of 2025/);
      await expect(
        page.getByText(lang === 'zh' ? new RegExp(`${year}届`) : new RegExp(`class of ${year}`)).first(),
      ).toBeVisible();
      await shot(page, `walk-season-${lang}`);
      // The centralised entry takes this season's code.
      await entry(page, '北京大学', `PKU${year}`, lang);
      await expect(page.getByText(lang === 'zh' ? '学号/身份证号' : 'Student number / ID number')).toBeVisible();
    });
  }
});

test.describe('14. one list of accepted backgrounds', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`the photo guide and the guide banner say the same (${lang})`, async ({ page }) => {
      if (lang === 'en') await english(page);
      await page.goto('/home/photoGuide');
      const sentence =
        lang === 'zh'
          ? '浅蓝色 RGB(100,197,255)（标准）、白色或浅灰色'
          : 'light blue RGB(100,197,255) (the standard), white or light grey';
      await expect(page.getByText(sentence, { exact: false }).first()).toBeVisible();
      await shot(page, `walk-guide-${lang}`);
      await page.goto('/home');
      const banners = await apiData<{ id: number; picUrl: string }[]>(page, '/api/baseInfo/getBanner');
      const guide = banners.find((b) => b.picUrl.includes('banner-guide'))!;
      await page.goto(`/bannerContent?type=2&content=${guide.id}`);
      await expect(page.locator('.banner-content')).toContainText(sentence);
      await shot(page, `walk-guide-banner-${lang}`);
    });
  }
});
