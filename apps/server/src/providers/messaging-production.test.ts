import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { ConfigError, loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { captchas } from '../db/schema.ts';
import { call } from '../../test/helpers.ts';
import { PRODUCTION_SITE_ENV } from '../site-info-config.ts';
import { realWechatPayEnv } from '../../test/pay-platforms.ts';
import { startSmsImitation } from './sms-imitation.testkit.ts';
import { NOTICE_TEMPLATE_ENV } from '../config/notices.testkit.ts';

/**
 * Issue 18, production wiring: a production start with the Alibaba Cloud or Tencent Cloud
 * settings sends login codes through the SDK, mail codes by SMTP; no sandbox, no outbox table,
 * no dev hooks; and it refuses to start without a real SMS provider or without SMTP.
 */

const others = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/messaging-production-test',
  DATA_KEY: '33'.repeat(32),
  RESPONSE_SECRET: 'a-secret-of-this-deployment',
  METRICS_TOKEN: 'a-metrics-token-of-this-deployment',
  LOG_LEVEL: 'silent',
  ...PRODUCTION_SITE_ENV,
  ...NOTICE_TEMPLATE_ENV,
  PUBLIC_URL: 'https://photo.example.edu.cn',
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  S3_BUCKET: 'photos',
  S3_ACCESS_KEY_ID: 'k',
  S3_SECRET_ACCESS_KEY: 's',
  ...realWechatPayEnv(),
  NATIONAL_API_URL: 'http://127.0.0.1:9',
  NATIONAL_API_KEY: 'key',
  NATIONAL_API_SECRET: 'secret',
};

let sms: Awaited<ReturnType<typeof startSmsImitation>>;
let smtp: SMTPServer;
let smtpUrl = '';
const inbox: { to: string; raw: string }[] = [];

beforeAll(async () => {
  sms = await startSmsImitation();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sms.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const smsEnv = {
  aliyun: () => ({
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-prod',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
    ALIYUN_SMS_SIGN_NAME: '学生图像',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    ALIYUN_SMS_ENDPOINT: sms.url,
  }),
  tencent: () => ({
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'AKID-prod',
    TENCENT_SMS_SECRET_KEY: 's',
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '学生图像',
    TENCENT_SMS_TEMPLATE_ID: '2000001',
    TENCENT_SMS_ENDPOINT: sms.url,
  }),
};

async function productionApp(env: Record<string, string>): Promise<FastifyInstance> {
  const database = await openDatabase({ pgliteDir: ':memory:' });
  // The payment keys are read from the process environment when the parties are built.
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const app = await buildApp(loadConfig(env, { pgliteDir: ':memory:' }), { database, skipSeed: true, logger: false });
    app.addHook('onClose', async () => database.close());
    return app;
  } catch (e) {
    await database.close();
    throw e;
  } finally {
    for (const k of Object.keys(env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

async function captcha(app: FastifyInstance) {
  const r = await call<{ imageCodeToken: string }>(app, { method: 'GET', url: '/api/login/getImageCode' });
  const [c] = await app.ctx.db.select().from(captchas).where(eq(captchas.token, r.data.imageCodeToken));
  return { imageToken: c.token, imageCode: c.answer };
}
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('a production start', () => {
  for (const provider of ['aliyun', 'tencent'] as const) {
    it(`with ${provider} SMS: the login code goes through the SDK, the member logs in; no outbox, no dev hook`, async () => {
      const app = await productionApp({
        ...others,
        ...smsEnv[provider](),
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'noreply@photo.example.edu.cn',
      });
      try {
        const mobile = provider === 'aliyun' ? '13912340001' : '13912340002';
        const cap = await captcha(app);
        sms.requests.length = 0;
        expect((await call(app, { method: 'GET', url: `/api/login/sendCode?${qs({ mobile, ...cap })}` })).code).toBe(
          200,
        );
        const [req] = sms.requests;
        expect([req.provider, req.action]).toEqual([provider, 'SendSms']);
        const code =
          provider === 'aliyun'
            ? (JSON.parse(String(req.params.TemplateParam)) as { code: string }).code
            : (req.params.TemplateParamSet as string[])[0];
        const login = await call<{ token: string }>(app, {
          method: 'GET',
          url: `/api/login/auth?${qs({ mobile, ...cap, messageCode: code })}`,
        });
        expect(login.code).toBe(200);
        // No table of codes in clear, and no hook to read one.
        const t = await app.ctx.db.execute(sql`select to_regclass('public.outbox') as t`);
        expect((t as unknown as { rows: { t: string | null }[] }).rows[0].t).toBeNull();
        expect((await call(app, { method: 'GET', url: `/api/dev/outbox?to=${mobile}` })).status).toBe(404);

        // A mail code arrives at the SMTP server.
        const mail = `${provider}@example.org`;
        const sent = await call(app, {
          method: 'POST',
          url: '/api/code/sendEmailCode',
          payload: { mail, step: 1, ...(await captcha(app)) },
        });
        expect(sent.code).toBe(200);
        expect(inbox.find((m) => m.to === mail)).toBeDefined();
      } finally {
        await app.close();
      }
    }, 120_000);
  }

  it('refuses to start without a real SMS provider or without SMTP, naming the settings', async () => {
    await expect(
      productionApp({ ...others, SMTP_URL: smtpUrl, MAIL_FROM: 'noreply@photo.example.edu.cn' }),
    ).rejects.toThrow(/SMS: the outbox sandbox; set SMS_PROVIDER=aliyun or tencent/);
    await expect(
      productionApp({ ...others, SMS_PROVIDER: 'sandbox', SMTP_URL: smtpUrl, MAIL_FROM: 'x@example.org' }),
    ).rejects.toThrow(/SMS: the outbox sandbox/);
    await expect(productionApp({ ...others, ...smsEnv.aliyun() })).rejects.toThrow(
      /mail: the outbox sandbox; set SMTP_URL and MAIL_FROM/,
    );
    expect(() => loadConfig({ ...others, SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...others, SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' })).toThrow(
      /TENCENT_SMS_SECRET_KEY: required with SMS_PROVIDER=tencent/,
    );
    expect(() => loadConfig({ ...others, SMTP_URL: smtpUrl })).toThrow(/MAIL_FROM: required with SMTP_URL/);
    expect(() => loadConfig({ ...others, SMS_PROVIDER: 'http' })).toThrow(/SMS_PROVIDER/);
  }, 180_000);
});
