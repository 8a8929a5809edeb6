import type { Page, Route } from '@playwright/test';
import { consoleAs, shot } from './console-kit.ts';
import { test, expect } from './fixtures.ts';

const LINK_RULE = '链接：须为以 http:// 或 https:// 开头的地址';

/** Answers a content call as the server did, with its data changed (a row saved before links were checked). */
async function served(page: Page, url: string, change: (data: unknown) => void) {
  await page.route(url, async (route: Route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: unknown };
    change(body.data);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

test('a banner or news link is http or https: the console says so on save, the portal links no other scheme', async ({
  browser,
  baseURL,
  page,
}) => {
  // The console's form shows the server's rule before saving.
  const editor = await consoleAs(browser, baseURL!, 'editor');
  await editor.goto('/console/content');
  await editor
    .getByRole('button', { name: /编\s?辑/ })
    .first()
    .click();
  const dialog = editor.getByRole('dialog');
  const link = dialog.getByLabel('链接', { exact: true });
  await link.fill('javascript:alert(document.cookie)');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(dialog.getByText(LINK_RULE)).toBeVisible();
  await shot(editor, 'console-content-bad-link');
  await link.fill('https://www.chsi.com.cn/');
  await expect(dialog.getByText(LINK_RULE)).toHaveCount(0);

  // The server refuses it however it is sent.
  const token = await editor.evaluate(() => sessionStorage.getItem('staffToken'));
  const refused = await editor.request.post('/api/console/content/news', {
    headers: { 'x-staff-token': token! },
    data: { values: { titleZh: '外链', titleEn: 'Link', type: 2, url: 'javascript:alert(1)' } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { msg: string }).msg).toBe(LINK_RULE);

  // A news item and a banner carrying a javascript: link are never rendered as links to it.
  await served(page, '**/api/baseinfo/information_list', (d) => {
    const first = (d as { list: { type: number; url: string | null }[] }).list[0]!;
    first.type = 2;
    first.url = 'javascript:alert(1)';
  });
  await served(page, '**/api/baseInfo/getBanner', (d) => {
    const first = (d as { type: number; url: string | null }[])[0]!;
    first.type = 1;
    first.url = 'javascript:alert(2)';
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/home/newsList');
  await expect(page.locator('.news-list .ant-list-item')).toHaveCount(20);
  await expect(page.locator('a[href^="javascript" i]')).toHaveCount(0);
  await expect(page.locator('.news-list .ant-list-item').first().getByRole('link')).toHaveAttribute(
    'href',
    /\/home\/newsList\/newsDetails\/\d+/,
  );
  await shot(page, 'news-bad-link-not-linked');
  await page.goto('/home');
  const slide = page.locator('.home-slide[data-active="true"]');
  await expect(slide).toBeVisible();
  await slide.click();
  await page.waitForTimeout(500);
  expect(page.context().pages()).toHaveLength(1);
  expect(dialogs).toEqual([]);
});
