import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';

interface WorkerFixtures {
  /** Extra server environment for a file (e.g. a shortened inactivity timeout). */
  serverEnv: Record<string, string>;
  server: RunningServer;
}

/** Each worker runs its own real server on a fresh data dir; pages use it as baseURL. */
export const test = base.extend<object, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const s = await startServer(serverEnv);
      await use(s);
      await s.stop();
    },
    // Beyond the server's own start-up wait (E2E_SERVER_START_MS, longer on a loaded machine).
    { scope: 'worker', timeout: Number(process.env.E2E_SERVER_START_MS ?? 90_000) + 30_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // The home page's important notice pops up once per browser session; journeys about
  // something else start with it seen (home.spec tests the popup in its own context).
  page: async ({ page }, use) => {
    await page.addInitScript(() => sessionStorage.setItem('importantNoticeSeen', '1'));
    await use(page);
  },
});

export { expect };

/** GET a demo hook or API and return the envelope's data. */
export async function apiData<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path);
  const body = (await r.json()) as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Logs a member in through the demo hook and stores the session as the login page would. */
export async function loginAs(
  page: Page,
  mobile: string,
  profile: { name?: string; mail?: string; isFirst?: boolean } = {},
) {
  const r = await page.request.post('/api/dev/login', { data: { mobile, ...profile } });
  const body = (await r.json()) as {
    code: number;
    data: {
      token: string;
      randomKey: string;
      memberId: number;
      isFirst: boolean;
      name: string | null;
      mobile: string | null;
      mail: string | null;
    };
  };
  if (body.code !== 200) throw new Error(`dev login failed: ${JSON.stringify(body)}`);
  const d = body.data;
  if (!page.url().startsWith('http')) await page.goto('/home');
  await page.evaluate((s) => {
    sessionStorage.setItem('token', s.token);
    sessionStorage.setItem('randomKey', s.randomKey);
    localStorage.setItem('randomKey', s.randomKey);
    sessionStorage.setItem('memberId', String(s.memberId));
    sessionStorage.setItem('isFirst', String(s.isFirst));
    sessionStorage.setItem('isLogin', 'true');
    sessionStorage.setItem('name', s.name ?? '');
    sessionStorage.setItem('mobile', s.mobile ?? '');
    sessionStorage.setItem('mail', s.mail ?? '');
  }, d);
  return d;
}
