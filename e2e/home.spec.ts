import { test, expect, loginAs } from './fixtures.ts';

// The demo content names the current season's class (the server's demo-season.ts): from June on, next year's.
const now = new Date();
const CLASS_YEAR = now.getUTCMonth() >= 5 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();

test('the carousel moves every 3 s and banner types open the right place', async ({ page, context }) => {
  await context.route('https://www.chsi.com.cn/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<h1>chsi</h1>' }),
  );
  await page.goto('/home');
  const dots = page.locator('.home-carousel-dots button');
  await expect(dots).toHaveCount(4);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 4500 });
  await page.screenshot({ path: 'test-results/screens/home-zh.png', fullPage: true });

  // type 1: external url in a new window
  await dots.nth(2).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: '中国高等教育学生信息网' }).click();
  const ext = await popup;
  await ext.waitForURL(/chsi\.com\.cn/);
  await ext.close();
  // Back to the portal's tab: a background tab gets no animation frames, so no click could settle.
  await page.bringToFront();

  // type 2: inline rich content
  // The carousel keeps moving: go to the first slide and open it while it is the active one.
  await expect(async () => {
    await dots.nth(0).click();
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true', { timeout: 1000 });
    await page.getByRole('button', { name: `${CLASS_YEAR}届毕业生图像采集全面启动` }).click({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/bannerContent\?type=2&content=\d+/);
  await expect(page.getByRole('heading', { name: `${CLASS_YEAR}届毕业生图像采集全面启动`, level: 1 })).toBeVisible();
  await expect(page.getByText('收费标准：每人次45元')).toBeVisible();
  const img = page.locator('.safe-html img').first();
  const box = await img.boundingBox();
  const container = await page.locator('.safe-html').first().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(container!.width);
});

test('individual submission: notes, then login for a visitor, reopened after login', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /个人提交/ }).click();
  const notes = page.getByRole('dialog', { name: '个人提交须知' });
  await expect(notes.getByText(/每人次45元/)).toBeVisible();
  await expect(notes.getByText('江苏高校学生请先致电客服确认后再提交。')).toBeVisible();
  await expect(notes.getByText(/请勿提交美颜或修图照片/)).toBeVisible();
  await notes.getByRole('button', { name: '我已知晓，继续' }).click();
  const login = page.getByRole('dialog').filter({ hasText: '请先登录系统，再提交照片。' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  expect(await page.evaluate(() => sessionStorage.getItem('backhome'))).toBe('individual');

  // Logged in, back home: the dialog reopens once and backhome is cleared.
  await loginAs(page, '13800000001', { name: '张三' });
  await page.goto('/home');
  await expect(page.getByRole('dialog', { name: '个人提交须知' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('backhome'))).toBeNull();
  await page.getByRole('button', { name: '我已知晓，继续' }).click();
  await expect(page).toHaveURL(/\/home\/submitPhoto\/uploadPhoto/);
});

test('collective collection opens its notes and leads to /home/collectFirst', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /集体采集/ }).click();
  const notes = page.getByRole('dialog', { name: '集体采集须知' });
  await expect(notes.getByText(/不得使用录取照片/)).toBeVisible();
  await notes.getByRole('button', { name: '我已知晓，继续' }).click();
  await expect(page).toHaveURL(/\/home\/collectFirst$/);
});

test('graduation reprint: a visitor must log in; a member goes where the bind check says', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /毕业照冲印/ }).click();
  await expect(
    page.getByRole('dialog').filter({ hasText: '您还没登录,只有登录用户才能执行此操作!请首先登陆!' }),
  ).toBeVisible();
  await page.getByRole('button', { name: /取\s*消|Cancel/ }).click();

  await loginAs(page, '13800000002', { name: '李四' });
  await page.goto('/home');
  await page.getByRole('button', { name: /毕业照冲印/ }).click();
  // A fresh member is not bound: status 0 -> /newId.
  await expect(page).toHaveURL(/\/newId$/);
});

test('website notices, quick links, the important notice once per session, and English', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('tab', { name: '网站公告' })).toBeVisible();
  await expect(page.locator('.home-notice article h2')).toHaveText(`关于${CLASS_YEAR}届毕业生图像采集工作的通知`);
  await expect(page.getByRole('link', { name: '常用表格' })).toHaveAttribute('href', '/home/downloadExcel');
  await expect(page.getByRole('link', { name: '本地采集点' })).toHaveAttribute('href', '/home/collectionCenter');
  await expect(page.getByRole('link', { name: '常见问题' })).toHaveAttribute('href', '/home/helpCenter');
  await expect(page.getByRole('link', { name: '在线客服' })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: /Individual submission/ })).toBeVisible();
  await expect(page.locator('.home-notice article h2')).toHaveText(
    `Notice on photo collection for the class of ${CLASS_YEAR}`,
  );
  await page.screenshot({ path: 'test-results/screens/home-en.png', fullPage: true });
});

test('the important notice pops up once per browser session', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/home');
  const dialog = page.getByRole('dialog', { name: '重要通知' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/江苏高校学生请先致电客服/)).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /个人提交/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '重要通知' })).toHaveCount(0);
  await context.close();
});
