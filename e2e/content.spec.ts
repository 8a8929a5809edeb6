import fs from 'node:fs';
import { test, expect } from './fixtures.ts';

test('news: 20 to a page, server pagination, internal detail and external link', async ({ page }) => {
  await page.goto('/home/newsList');
  await expect(page.getByRole('heading', { name: '新闻动态', level: 1 })).toBeVisible();
  await expect(page.locator('.news-list .ant-list-item')).toHaveCount(20);
  await page.screenshot({ path: 'test-results/screens/news.png', fullPage: true });
  const req = page.waitForRequest(
    (r) => r.url().includes('/api/baseinfo/information_list') && (r.postData() ?? '').includes('"page":2'),
  );
  await page.getByRole('listitem', { name: '2' }).click();
  await req;
  await expect(page.locator('.news-list .ant-list-item')).toHaveCount(4);
  const external = page.getByRole('link', { name: /学信网学历照片上报说明/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('link', { name: '如何查看订单制作进度' }).click();
  await expect(page).toHaveURL(/\/home\/newsList\/newsDetails\/\d+/);
  await expect(page.getByRole('heading', { name: '如何查看订单制作进度', level: 1 })).toBeVisible();
  await expect(page.getByText(/每人次45元/)).toBeVisible();
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('heading', { name: "How to follow your order's production", level: 1 })).toBeVisible();
});

test('collection centres: table by region with a province filter', async ({ page }) => {
  await page.goto('/home/collectionCenter');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(12);
  await page.screenshot({ path: 'test-results/screens/centres.png', fullPage: true });
  await page.getByLabel('省份').click();
  await page.getByTitle('广东省').click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '020-83561234' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '黄老师' })).toBeVisible();
});

test('common forms: a file downloads', async ({ page }) => {
  await page.goto('/home/downloadExcel');
  await expect(page.getByText('学生信息采集登记表.csv')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/forms.png', fullPage: true });
  const dl = page.waitForEvent('download');
  await page.getByRole('link', { name: '下载 学生信息采集登记表.csv' }).click();
  const file = await dl;
  const p = await file.path();
  expect(fs.readFileSync(p, 'utf8')).toContain('姓名');
});

test('help centre: FAQ by type and a server search', async ({ page }) => {
  await page.goto('/home/helpCenter');
  await expect(page.getByText('共12个问题')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/help.png', fullPage: true });
  const req = page.waitForRequest(
    (r) => r.url().includes('/api/baseInfo/getQuestion') && r.url().includes('question='),
  );
  await page.getByRole('searchbox', { name: '搜索问题' }).fill('背胶');
  await page.getByRole('searchbox', { name: '搜索问题' }).press('Enter');
  await req;
  await expect(page.getByText('共1个问题')).toBeVisible();
  await page.getByRole('button', { name: '冲印照片有背胶吗？' }).click();
  await expect(page.getByText('冲印照片无背胶。')).toBeVisible();
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Do reprints have adhesive backing?' })).toBeVisible();
});

test('static pages, and the contact map with tiles and with its fallback', async ({ page }) => {
  await page.goto('/home/staticV?type=aboutUs');
  await expect(page.getByRole('heading', { name: '关于我们', level: 1 })).toBeVisible();
  await page.goto('/home/staticV?type=copyRight');
  await expect(page.getByRole('heading', { name: '版权声明', level: 1 })).toBeVisible();

  // Tiles answer: a grey PNG for every tile.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
    'base64',
  );
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ contentType: 'image/png', body: png }));
  await page.goto('/home/staticV?type=contactUs');
  await expect(page.getByRole('heading', { name: '联系我们', level: 1 })).toBeVisible();
  const map = page.getByRole('application');
  await expect(map).toHaveAttribute('data-zoom', '16');
  await expect(page.locator('.tile-map img.tile').first()).toHaveAttribute(
    'src',
    /tile\.openstreetmap\.org\/16\/\d+\/\d+\.png/,
  );
  await page.getByRole('button', { name: '放大' }).click();
  await page.getByRole('button', { name: '放大' }).click();
  await page.getByRole('button', { name: '放大' }).click();
  await expect(map).toHaveAttribute('data-zoom', '19');
  await expect(page.getByRole('button', { name: '放大' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/contact.png', fullPage: true });

  // Tiles fail: the address card takes the map's place.
  await page.unroute('https://*.tile.openstreetmap.org/**');
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.abort());
  await page.reload();
  await expect(page.getByText('地图暂时无法加载，请参考以下地址信息。')).toBeVisible();
  await expect(page.locator('.map-fallback')).toContainText('北京市西城区宣武门西大街57号');
  await page.screenshot({ path: 'test-results/screens/contact-fallback.png', fullPage: true });
});
