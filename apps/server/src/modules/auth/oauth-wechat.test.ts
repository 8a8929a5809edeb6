import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { eq } from 'drizzle-orm';
import { call, testApp } from '../../../test/helpers.ts';
import { oauthStates } from '../../db/schema.ts';
import { ConfigError, loadConfig, type WechatConfig } from '../../config.ts';
import { PRODUCTION_SITE_ENV } from '../../site-info-config.ts';
import { loggerOptions, redactUrl } from '../../http/logging.ts';
import { lastCode, pick, qs, solvedCaptcha } from './test-kit.ts';
import { FAKE_APP_ID, FAKE_APP_SECRET, startWechatImitation } from './wechat-imitation.ts';

let wx: Awaited<ReturnType<typeof startWechatImitation>>;
let app: FastifyInstance;
/** What the app logged while serving requests, through the real redaction options. */
const logLines: string[] = [];
const TIMEOUT_MS = 400;
const wechat = (apiUrl: string): WechatConfig => ({
  appId: FAKE_APP_ID,
  appSecret: FAKE_APP_SECRET,
  redirectUri: 'https://portal.example.org/loading',
  apiUrl,
  timeoutMs: TIMEOUT_MS,
});

beforeAll(async () => {
  wx = await startWechatImitation();
  app = await testApp({ wechat: wechat(wx.url) });
  const log = pino(loggerOptions('info') as LoggerOptions, { write: (s: string) => void logLines.push(s) });
  app.addHook('onRequest', async (req) => {
    req.log = log;
  });
});
afterAll(async () => {
  await app?.close();
  await wx?.close();
});

type CallbackData = { openId?: string; nickname?: string; token?: string; memberId?: number };
/** /api/login/wxlogin, then WeChat's QR page is left out: its answer is the state to come back with. */
async function authorise(target = app) {
  const w = await call<{ url: string }>(target, { method: 'GET', url: '/api/login/wxlogin' });
  expect(w.code).toBe(200);
  return new URL(w.data.url);
}
const stateOf = async () => (await authorise()).searchParams.get('state')!;
const callback = (code: string, state: string, headers: Record<string, string> = {}, target = app) =>
  call<CallbackData>(target, { method: 'GET', url: `/api/login/callback?${qs({ code, state })}`, headers });
const exchanges = (code: string) =>
  wx.calls.filter((c) => c.path === '/sns/oauth2/access_token' && c.query.code === code).length;

describe('WeChat website login (real adapter against a local imitation)', () => {
  it('sends the browser to the QR connect page with the app id, the redirect and a fresh state; no sandbox beside it', async () => {
    const u = await authorise();
    expect(`${u.origin}${u.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(u.hash).toBe('#wechat_redirect');
    const p = u.searchParams;
    expect([p.get('appid'), p.get('redirect_uri'), p.get('response_type'), p.get('scope')]).toEqual([
      FAKE_APP_ID,
      'https://portal.example.org/loading',
      'code',
      'snsapi_login',
    ]);
    expect(p.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(u.toString()).not.toContain(FAKE_APP_SECRET);
    expect(
      await app.ctx.db
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.state, p.get('state')!)),
    ).toHaveLength(1);
    // The sandbox consent page cannot stand in for WeChat here.
    const confirm = await app.inject({
      method: 'POST',
      url: '/sandbox/oauth/confirm',
      payload: { state: p.get('state'), openId: 'wx_fake' },
    });
    expect(confirm.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/sandbox/oauth/authorize?state=${p.get('state')}` })).statusCode,
    ).toBe(404);
  });

  it('a new WeChat user goes on to binding with the openId and nickname; the state is good once; once bound, the next login gives a session', async () => {
    const openId = `oWx${Date.now()}`;
    const state = await stateOf();
    expect((await callback(`ok-${openId}`, 'forged-state')).msg).toBe('授权已失效，请重新登录');
    const first = await callback(`ok-${openId}`, state);
    expect([first.code, first.data.openId, first.data.nickname]).toEqual([201, openId, '小明同学']);
    // A replay of the same redirect: refused before WeChat is asked again.
    const replay = await callback(`ok-${openId}`, state);
    expect([replay.status, replay.msg]).toEqual([400, '授权已失效，请重新登录']);
    expect(exchanges(`ok-${openId}`)).toBe(1);

    const mobile = `135${String(Date.now()).slice(-8)}`;
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/code/sendMobileCode',
          payload: { mobile, step: 1, ...pick(await solvedCaptcha(app)) },
        })
      ).code,
    ).toBe(200);
    const bound = await call<{ memberId: number }>(app, {
      method: 'POST',
      url: '/api/login/bindingMobile',
      payload: { name: '李明', mobile, messageCode: (await lastCode(app, mobile))!, openId },
    });
    expect(bound.code).toBe(200);

    const again = await callback(`ok-${openId}`, await stateOf());
    expect(again.code).toBe(0);
    expect(again.data.memberId).toBe(bound.data.memberId);
    const me = await call<{ mobile: string }>(app, {
      method: 'GET',
      url: '/api/member/getMemberInfo',
      session: { token: again.data.token!, memberId: again.data.memberId!, randomKey: '' },
    });
    expect(me.code).toBe(200);
    expect(JSON.stringify(me.data)).toContain(mobile.slice(-4));

    const logged = logLines.join('\n');
    expect(logged).not.toContain(FAKE_APP_SECRET);
    expect(logged).not.toContain(`ACCESS-${openId}`);
  });

  it('a used or invalid code (40163, 40029) asks the user to sign in again, in their language; the state is spent', async () => {
    const s1 = await stateOf();
    const used = await callback('used', s1);
    expect([used.status, used.code, used.msg]).toEqual([400, 400, '授权已失效，请重新登录']);
    const s2 = await stateOf();
    const invalid = await callback('invalid', s2, { lang: 'en' });
    expect(invalid.msg).toBe('The authorisation has expired, please log in again');
    // The state went with the failed exchange: the same redirect cannot be tried again.
    expect((await callback('ok-x', s1)).msg).toBe('授权已失效，请重新登录');
    expect(exchanges('ok-x')).toBe(0);
    const warned = logLines.filter((l) => l.includes('third-party login call failed'));
    expect(warned.some((l) => l.includes('"errcode":40163'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(FAKE_APP_SECRET);
  });

  it('an error answer, a non-JSON page or an unreachable WeChat says WeChat login failed (502), never a 500', async () => {
    const busy = await callback('busy', await stateOf());
    expect([busy.status, busy.msg]).toEqual([502, '微信登录服务返回异常，请稍后再试或使用手机号登录']);
    const html = await callback('html', await stateOf(), { lang: 'en' });
    expect([html.status, html.msg]).toEqual([
      502,
      'The WeChat login service gave an error, please try again later or log in with your mobile number',
    ]);
    // demo: false is production's behaviour; NODE_ENV=production itself would refuse the other sandboxes (providers/index.ts).
    const down = await testApp({ demo: false, wechat: wechat('http://127.0.0.1:9') });
    try {
      const u = await authorise(down);
      const r = await callback('ok-someone', u.searchParams.get('state')!, {}, down);
      expect([r.status, r.msg]).toEqual([502, '微信登录服务返回异常，请稍后再试或使用手机号登录']);
    } finally {
      await down.close();
    }
  });

  it('a WeChat that never answers is given up after the timeout (504) and the user is told so', async () => {
    const t0 = Date.now();
    const r = await callback('hang', await stateOf());
    const took = Date.now() - t0;
    expect([r.status, r.msg]).toEqual([504, '微信登录服务响应超时，请稍后再试或使用手机号登录']);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 5000);
  });

  it('a wrong app secret (40125) fails clearly and the secret is in no log line', async () => {
    const wrong = await testApp({ wechat: { ...wechat(wx.url), appSecret: 'not-the-right-secret-0000000000' } });
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, { write: (s: string) => void lines.push(s) });
    wrong.addHook('onRequest', async (req) => {
      req.log = log;
    });
    try {
      const u = await authorise(wrong);
      const r = await callback('ok-abc', u.searchParams.get('state')!, {}, wrong);
      expect([r.status, r.msg]).toEqual([502, '微信登录服务返回异常，请稍后再试或使用手机号登录']);
      expect(lines.join('\n')).toContain('"errcode":40125');
      expect(lines.join('\n')).not.toContain('not-the-right-secret');
    } finally {
      await wrong.close();
    }
  });
});

describe('third-party login settings', () => {
  it('production without the WeChat settings has third-party login off, never the sandbox', async () => {
    const prod = await testApp({ demo: false });
    try {
      const w = await call(prod, { method: 'GET', url: '/api/login/wxlogin' });
      expect([w.status, w.msg]).toEqual([503, '本站未开通微信登录，请使用手机号登录']);
      const c = await call(prod, {
        method: 'GET',
        url: `/api/login/callback?${qs({ code: 'x', state: 'y' })}`,
        headers: { lang: 'en' },
      });
      expect([c.status, c.msg]).toEqual([
        503,
        'WeChat login is not set up on this site, please log in with your mobile number',
      ]);
      expect((await prod.inject({ method: 'GET', url: '/sandbox/oauth/authorize?state=abc' })).statusCode).toBe(404);
      expect(
        (await prod.inject({ method: 'POST', url: '/sandbox/oauth/confirm', payload: { state: 'abc', openId: 'x' } }))
          .statusCode,
      ).toBe(404);
      // The web learns it from the public settings and shows no WeChat button.
      const settings = await call<{ thirdPartyLogin: boolean }>(prod, { method: 'GET', url: '/api/baseInfo/settings' });
      expect(settings.data.thirdPartyLogin).toBe(false);
    } finally {
      await prod.close();
    }
    const demo = await testApp();
    try {
      const settings = await call<{ thirdPartyLogin: boolean }>(demo, { method: 'GET', url: '/api/baseInfo/settings' });
      expect(settings.data.thirdPartyLogin).toBe(true);
    } finally {
      await demo.close();
    }
  });

  it('reads WECHAT_* from the environment: all or none, validated, the redirect defaulting to PUBLIC_URL/loading', () => {
    const base = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/x',
      RESPONSE_SECRET: 'a-secret-of-this-deployment',
      DATA_KEY: '44'.repeat(32),
      METRICS_TOKEN: 'a-metrics-token-of-this-deployment',
      ...PRODUCTION_SITE_ENV,
    } as const;
    expect(loadConfig({ NODE_ENV: 'development' }).wechat).toBeUndefined();
    expect(
      loadConfig({ ...base, WECHAT_APP_ID: '', WECHAT_APP_SECRET: '', WECHAT_API_URL: '' }).wechat,
    ).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        WECHAT_APP_ID: FAKE_APP_ID,
        WECHAT_APP_SECRET: FAKE_APP_SECRET,
        PUBLIC_URL: 'https://p.example.org/',
      }).wechat,
    ).toEqual({
      appId: FAKE_APP_ID,
      appSecret: FAKE_APP_SECRET,
      redirectUri: 'https://p.example.org/loading',
      apiUrl: 'https://api.weixin.qq.com',
      timeoutMs: 10_000,
    });
    const full = {
      ...base,
      WECHAT_APP_ID: FAKE_APP_ID,
      WECHAT_APP_SECRET: FAKE_APP_SECRET,
      WECHAT_REDIRECT_URI: 'https://q.example.org/loading',
    };
    expect(loadConfig({ ...full, WECHAT_TIMEOUT_MS: '2500' }).wechat?.timeoutMs).toBe(2500);
    expect(() => loadConfig({ ...base, WECHAT_APP_ID: FAKE_APP_ID })).toThrow(
      /WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_REDIRECT_URI/,
    );
    expect(() => loadConfig({ ...base, WECHAT_APP_ID: FAKE_APP_ID, WECHAT_APP_SECRET: FAKE_APP_SECRET })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...full, WECHAT_APP_ID: 'myapp' })).toThrow(/WECHAT_APP_ID/);
    expect(() => loadConfig({ ...full, WECHAT_REDIRECT_URI: 'not a url' })).toThrow(/WECHAT_REDIRECT_URI/);
    expect(() => loadConfig({ ...full, WECHAT_TIMEOUT_MS: 'soon' })).toThrow(/WECHAT_TIMEOUT_MS/);
  });

  it('the app secret and tokens never reach a log line', () => {
    expect(redactUrl(`/sns/oauth2/access_token?appid=${FAKE_APP_ID}&secret=${FAKE_APP_SECRET}&code=c1`)).not.toMatch(
      /fake-app-secret|c1/,
    );
    expect(redactUrl('/sns/userinfo?access_token=TOKEN123&openid=o1')).not.toContain('TOKEN123');
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, { write: (s: string) => void lines.push(s) });
    log.info(
      {
        wechat: {
          secret: FAKE_APP_SECRET,
          appSecret: FAKE_APP_SECRET,
          access_token: 'TOKEN123',
          accessToken: 'TOKEN123',
          refresh_token: 'R1',
        },
      },
      'x',
    );
    expect(lines.join('')).not.toMatch(/fake-app-secret|TOKEN123|R1/);
  });
});
