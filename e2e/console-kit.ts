import type { APIRequestContext, Browser, Page } from '@playwright/test';

/** Shared by the console journeys: screenshots, envelope data, a console tab per role. */

const SCREENS = process.env.SCREENS_DIR ?? 'test-results/screens';
export const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });

/** The data of an answer, or an error naming the call and the answer. */
export async function data<T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await r.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${r.url()}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A console tab (its own browser context) logged in as a role through the demo hook. */
export async function consoleAs(
  browser: Browser,
  baseURL: string,
  role: string,
  branch: string | null = null,
): Promise<Page> {
  const ctx = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await ctx.newPage();
  const { token } = await data<{ token: string }>(
    await page.request.post('/api/dev/staff-login', { data: { role, branch } }),
  );
  await page.goto('/console');
  await page.evaluate((t) => sessionStorage.setItem('staffToken', t), token);
  return page;
}
