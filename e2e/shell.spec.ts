import { test, expect } from './fixtures.ts';

test('home loads in Chinese with the header and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: '学生图像采集平台' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
  await expect(page.getByRole('link', { name: '关于我们' })).toBeVisible();
  await expect(page.getByText(/工作日 8:00-11:00/)).toBeVisible();
  // One reading of the hours, never the specification's second one.
  await expect(page.getByText(/另一说明/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/home-zh.png', fullPage: true });
});

test('the English toggle survives a reload', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Log in / Register' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in / Register' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await page.getByRole('button', { name: '切换到中文' }).click();
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
});

test('a protected route sends a visitor to /login and remembers the way back', async ({ page }) => {
  await page.goto('/home/myOrder');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('url'))).toBe('/home/myOrder');
});

test('the customer-service button opens the chat page in a new window', async ({ page, context }) => {
  await context.route('https://kf.example.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<h1>chat</h1>' }),
  );
  // The chat address comes with the public settings: a click while they are still on their way
  // must not be lost (it was: the button showed at once and did nothing until they arrived).
  await page.route('**/api/baseInfo/settings', async (r) => {
    await new Promise((done) => setTimeout(done, 1500));
    await r.continue();
  });
  await page.goto('/home');
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: '在线客服' }).click();
  const chat = await popup;
  await chat.waitForURL(/kf\.example\.com\/chat/);
  await chat.close();
});

test.describe('phones', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  test('an iPhone lands on /phoneModify outside the layout: the phone portal, which starts at its login', async ({
    page,
  }) => {
    await page.goto('/home/newsList');
    await expect(page).toHaveURL(/\/phoneModify\/login$/);
    await expect(page.getByRole('heading', { name: '手机号登录 / 注册' })).toBeVisible();
    await expect(page.getByRole('button', { name: '登录/注册' })).toHaveCount(0);
  });
});

test('an unknown route shows a 404 page with a way home', async ({ page }) => {
  await page.goto('/home/nothing-here');
  await expect(page.getByText('页面不存在')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the maintenance notice appears when the setting is on', async ({ page }) => {
  const set = (on: boolean) =>
    page.request.post('/api/dev/settings', {
      data: {
        key: 'maintenance',
        value: { on, zh: '系统维护中，预计今晚恢复。', en: 'Under maintenance until tonight.' },
      },
    });
  await set(true);
  try {
    await page.goto('/home');
    await expect(page.getByText('系统维护中', { exact: true })).toBeVisible();
    await expect(page.getByText('系统维护中，预计今晚恢复。')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/maintenance.png' });
  } finally {
    await set(false);
  }
  await page.reload();
  await expect(page.getByRole('button', { name: '登录/注册' })).toBeVisible();
});
