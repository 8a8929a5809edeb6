import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { memberSession, testApp } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { ConfigError } from '../../config-error.ts';
import { members, noticeDeliveries, noticePrefs } from '../../db/schema.ts';
import { loadMessagingConfig } from '../../providers/messaging.ts';
import { startSmsImitation } from '../../providers/sms-imitation.testkit.ts';
import { NOTICE_TEMPLATE_ENV } from '../../config/notices.testkit.ts';
import { runNoticeSender } from './sender.ts';
import { deliveriesOf, MORNING, orderInReview, refuseInConsole } from './test-kit.ts';

/**
 * Issue 36, delivery through the real adapters: the official SMS SDKs against the providers'
 * local imitation (template code, parameters, the notice's key as the provider's own reference),
 * a provider failing then recovering (one SMS in the end), and e-mail to a real SMTP server in the
 * member's language.
 */

let answers: string[] = [];
let sms: Awaited<ReturnType<typeof startSmsImitation>>;
const inbox: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let smtpUrl = '';

beforeAll(async () => {
  sms = await startSmsImitation(() => answers.shift() ?? 'OK');
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

function smsSettings(provider: 'aliyun' | 'tencent') {
  const env =
    provider === 'aliyun'
      ? {
          SMS_PROVIDER: 'aliyun',
          ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
          ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
          ALIYUN_SMS_SIGN_NAME: '学生图像采集',
          ALIYUN_SMS_TEMPLATE_CODE: 'SMS_LOGIN',
          ALIYUN_SMS_ENDPOINT: sms.url,
        }
      : {
          SMS_PROVIDER: 'tencent',
          TENCENT_SMS_SECRET_ID: 'AKID-test',
          TENCENT_SMS_SECRET_KEY: 's',
          TENCENT_SMS_SDK_APP_ID: '1400000001',
          TENCENT_SMS_SIGN_NAME: '学生图像采集',
          TENCENT_SMS_TEMPLATE_ID: '2000001',
          TENCENT_SMS_ENDPOINT: sms.url,
        };
  const c = loadMessagingConfig(env);
  if ('errors' in c) throw new Error(c.errors.join('; '));
  return c.sms;
}

async function appWith(provider: 'aliyun' | 'tencent'): Promise<FastifyInstance> {
  const base = loadConfig({ NODE_ENV: 'test', ...NOTICE_TEMPLATE_ENV });
  return testApp({
    sms: smsSettings(provider),
    mail: { smtpUrl, from: 'noreply@photo.example.edu.cn', timeoutMs: 5000 },
    notices: base.notices,
    publicUrl: 'https://photo.example.edu.cn',
  });
}

const apps: Partial<Record<'aliyun' | 'tencent', FastifyInstance>> = {};
beforeAll(async () => {
  apps.aliyun = await appWith('aliyun');
  apps.tencent = await appWith('tencent');
}, 180_000);
afterAll(async () => {
  await apps.aliyun?.close();
  await apps.tencent?.close();
});

describe.each(['aliyun', 'tencent'] as const)('%s', (provider) => {
  it('sends a refusal by its filed template once, with the notice key as the reference, after the provider fails twice', async () => {
    const app = apps[provider]!;
    const s = await memberSession(app);
    const o = await orderInReview(app, s.memberId, '王芳');
    await refuseInConsole(app, o.id, '头部过大');
    // Written at the controlled clock's morning: the day of tries runs from then.
    await app.ctx.db
      .update(noticeDeliveries)
      .set({ createdAt: MORNING })
      .where(eq(noticeDeliveries.memberId, s.memberId));
    const before = sms.requests.length;
    answers =
      provider === 'aliyun'
        ? ['isv.BUSINESS_LIMIT_CONTROL', 'isv.AMOUNT_NOT_ENOUGH']
        : ['LimitExceeded.PhoneNumber', 'FailedOperation.InsufficientBalanceInSmsPackage'];
    expect((await runNoticeSender(app.ctx, MORNING)).retried).toBe(1);
    // Backed off: not due again at once.
    expect((await runNoticeSender(app.ctx, MORNING)).retried).toBe(0);
    expect((await runNoticeSender(app.ctx, new Date(MORNING.getTime() + 31_000))).retried).toBe(1);
    expect((await runNoticeSender(app.ctx, new Date(MORNING.getTime() + 200_000))).sent).toBe(1);
    expect((await runNoticeSender(app.ctx, new Date(MORNING.getTime() + 400_000))).sent).toBe(0);
    const mine = sms.requests.slice(before);
    expect(mine).toHaveLength(3);
    const [d] = await deliveriesOf(app, s.memberId);
    expect(d).toMatchObject({ state: 'sent', attempts: 3 });
    const last = mine[2]!.params;
    if (provider === 'aliyun') {
      expect(last.TemplateCode).toBe(NOTICE_TEMPLATE_ENV.NOTICE_SMS_TEMPLATE_PHOTO_REFUSED);
      expect(last.OutId).toBe(d!.idemKey);
      const p = JSON.parse(String(last.TemplateParam)) as Record<string, string>;
      expect(p).toMatchObject({ orderNo: o.orderNo, persons: '王芳', reason: '头部过大' });
      expect(p.link).toBe(`https://photo.example.edu.cn/home/orderDetails?id=${o.id}&con=xiangqing`);
    } else {
      expect(last.TemplateId).toBe(NOTICE_TEMPLATE_ENV.NOTICE_SMS_TEMPLATE_PHOTO_REFUSED);
      expect(last.SessionContext).toBe(d!.idemKey);
      expect((last.TemplateParamSet as string[]).slice(0, 3)).toEqual([o.orderNo, '王芳', '头部过大']);
    }
  }, 60_000);
});

describe('e-mail', () => {
  it('goes to a proven address in the member’s language, once', async () => {
    const app = apps.aliyun!;
    const s = await memberSession(app);
    await app.ctx.db
      .update(members)
      .set({ mail: 'student@example.edu.cn', mailVerifiedAt: new Date() })
      .where(eq(members.id, s.memberId));
    await app.ctx.db.insert(noticePrefs).values({ memberId: s.memberId, lang: 'en' });
    const o = await orderInReview(app, s.memberId, 'Li Hua');
    await refuseInConsole(app, o.id, 'the background is not plain');
    await runNoticeSender(app.ctx, MORNING);
    await runNoticeSender(app.ctx, new Date(MORNING.getTime() + 600_000));
    const mails = inbox.filter((m) => m.to === 'student@example.edu.cn');
    expect(mails).toHaveLength(1);
    const body = mails[0]!.raw.replace(/=\r?\n/g, '');
    expect(body).toContain('Subject: Photo not accepted by the reviewer');
    expect(body).toContain(
      `In your order ${o.orderNo} the photo of Li Hua was not accepted: the background is not plain.`,
    );
  }, 60_000);
});

describe('production', () => {
  const prod = {
    NODE_ENV: 'production',
    DATA_KEY: '33'.repeat(32),
    RESPONSE_SECRET: 'a-secret-of-this-deployment',
    METRICS_TOKEN: 'a-metrics-token-of-this-deployment',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
    ALIYUN_SMS_SIGN_NAME: '学生图像',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  };
  it('refuses to start with the real SMS adapter and a notice without its template code, naming it', () => {
    const { NOTICE_SMS_TEMPLATE_SHIPPED: _, ...allButOne } = NOTICE_TEMPLATE_ENV;
    expect(() => loadConfig({ ...prod, ...allButOne })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, ...allButOne })).toThrow(
      /NOTICE_SMS_TEMPLATE_SHIPPED: required with SMS_PROVIDER=aliyun/,
    );
  });
  it('takes the quiet hours as whole hours FROM-TO and refuses anything else', () => {
    expect(loadConfig({ NODE_ENV: 'test', NOTICE_QUIET_HOURS: '22-7' }).notices).toMatchObject({
      quietFrom: 22,
      quietTo: 7,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', NOTICE_QUIET_HOURS: '9pm' })).toThrow(/NOTICE_QUIET_HOURS/);
  });
});
