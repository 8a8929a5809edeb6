import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, testApp } from '../../test/helpers.ts';
import { rateCounters, verificationCodes } from '../db/schema.ts';
import { loadMessagingConfig, type SmsSettings } from './messaging.ts';
import { AliyunSms, SmsError, TencentSms } from './sms.ts';
import { startSmsImitation } from './sms-imitation.testkit.ts';
import { pick, qs, solvedCaptcha } from '../modules/auth/test-kit.ts';
import { counterKeys } from '../modules/auth/codes.ts';

/**
 * Issue 18, SMS: the official SDKs of Alibaba Cloud and Tencent Cloud against a local endpoint
 * answering as each provider does; the provider's refusals as the user and the operator see them.
 */

const outcomes = new Map<string, string>();
let imitation: Awaited<ReturnType<typeof startSmsImitation>>;
beforeAll(async () => {
  imitation = await startSmsImitation((phone) => outcomes.get(phone) ?? 'OK');
});
afterAll(async () => imitation.close());

function settings(provider: 'aliyun' | 'tencent'): SmsSettings {
  const env =
    provider === 'aliyun'
      ? {
          SMS_PROVIDER: 'aliyun',
          ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
          ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret-1',
          ALIYUN_SMS_SIGN_NAME: '学生图像采集',
          ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
          ALIYUN_SMS_ENDPOINT: imitation.url,
        }
      : {
          SMS_PROVIDER: 'tencent',
          TENCENT_SMS_SECRET_ID: 'AKID-test',
          TENCENT_SMS_SECRET_KEY: 'secret-2',
          TENCENT_SMS_SDK_APP_ID: '1400000001',
          TENCENT_SMS_SIGN_NAME: '学生图像采集',
          TENCENT_SMS_TEMPLATE_ID: '2000001',
          TENCENT_SMS_ENDPOINT: imitation.url,
        };
  const c = loadMessagingConfig(env);
  if ('errors' in c) throw new Error(c.errors.join('; '));
  return c.sms;
}
const adapter = (p: 'aliyun' | 'tencent') => {
  const s = settings(p);
  return s.provider === 'aliyun'
    ? new AliyunSms(s.aliyun)
    : s.provider === 'tencent'
      ? new TencentSms(s.tencent)
      : null!;
};
const refusal = (p: 'aliyun' | 'tencent', phone: string) =>
  adapter(p)
    .send(phone, 'text', '123456')
    .then(
      () => 'sent',
      (e: SmsError) => `${e.reason} ${e.providerCode}`,
    );

describe('the SDK requests', () => {
  it('Alibaba Cloud: SendSms with the sign name, the template code and {"code":"..."}, signed', async () => {
    imitation.requests.length = 0;
    await adapter('aliyun').send('13900001111', 'ignored', '654321');
    const [r] = imitation.requests;
    expect(r.action).toBe('SendSms');
    expect(r.params).toMatchObject({
      PhoneNumbers: '13900001111',
      SignName: '学生图像采集',
      TemplateCode: 'SMS_123456789',
    });
    expect(JSON.parse(String(r.params.TemplateParam))).toEqual({ code: '654321' });
    expect(r.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test,/);
  });

  it('Tencent Cloud: SendSms with SmsSdkAppId, SignName, TemplateId and TemplateParamSet, signed', async () => {
    imitation.requests.length = 0;
    await adapter('tencent').send('13900002222', 'ignored', '654321');
    const [r] = imitation.requests;
    expect(r.action).toBe('SendSms');
    expect(r.params).toEqual({
      PhoneNumberSet: ['+8613900002222'],
      SmsSdkAppId: '1400000001',
      SignName: '学生图像采集',
      TemplateId: '2000001',
      TemplateParamSet: ['654321'],
    });
    expect(r.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKID-test\//);
  });
});

describe("the providers' refusals", () => {
  it('Alibaba Cloud codes: rate limit, bad or blacklisted number, unapproved sign or template, balance, server error', async () => {
    const cases: [string, string][] = [
      ['isv.BUSINESS_LIMIT_CONTROL', 'rateLimited'],
      ['isv.MOBILE_NUMBER_ILLEGAL', 'numberInvalid'],
      ['isv.BLACK_KEY_CONTROL_LIMIT', 'numberInvalid'],
      ['isv.SMS_SIGNATURE_ILLEGAL', 'notApproved'],
      ['isv.SMS_TEMPLATE_ILLEGAL', 'notApproved'],
      ['isv.AMOUNT_NOT_ENOUGH', 'balance'],
      ['HTTP500', 'unavailable'],
    ];
    for (const [i, [code, reason]] of cases.entries()) {
      const phone = `1380000100${i}`;
      outcomes.set(phone, code);
      expect(await refusal('aliyun', phone)).toBe(`${reason} ${code === 'HTTP500' ? 'InternalError' : code}`);
    }
  });

  it('Tencent Cloud codes, per number and for the whole request', async () => {
    const cases: [string, string][] = [
      ['LimitExceeded.PhoneNumberDailyLimit', 'rateLimited'],
      ['InvalidParameterValue.IncorrectPhoneNumber', 'numberInvalid'],
      ['FailedOperation.PhoneNumberInBlacklist', 'numberInvalid'],
      ['FailedOperation.SignatureIncorrectOrUnapproved', 'notApproved'],
      ['FailedOperation.TemplateIncorrectOrUnapproved', 'notApproved'],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 'balance'],
      ['AuthFailure.SecretIdNotFound', 'unavailable'],
    ];
    for (const [i, [code, reason]] of cases.entries()) {
      const phone = `1380000200${i}`;
      outcomes.set(phone, code);
      expect(await refusal('tencent', phone)).toBe(`${reason} ${code}`);
    }
  });
});

describe('a refused send, as the member and the operator see it', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ sms: settings('aliyun') });
  });
  afterAll(async () => app.close());

  const send = async (mobile: string, lang = 'zh') =>
    call(app, {
      method: 'GET',
      url: `/api/login/sendCode?${qs({ mobile, ...pick(await solvedCaptcha(app)) })}`,
      headers: { lang },
    });

  it('answers 短信发送失败，请稍后重试, leaves no code, and costs neither the minute nor the counts', async () => {
    const mobile = '13800003001';
    outcomes.set(mobile, 'isv.AMOUNT_NOT_ENOUGH');
    const r = await send(mobile);
    expect([r.status, r.msg]).toEqual([503, '短信发送失败，请稍后重试']);
    expect((await send(mobile, 'en')).msg).toBe('The text message could not be sent, please try again later');
    expect(await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, mobile))).toEqual([]);
    const k = counterKeys(app.ctx, 'sms', mobile, '127.0.0.1');
    const counts = await app.ctx.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(eq(rateCounters.key, k.targetHour));
    expect(counts.map((c) => c.count)).toEqual([0]);
    // The provider works again: the code goes at once (no 60-second wait was spent).
    outcomes.delete(mobile);
    expect((await send(mobile)).code).toBe(200);
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /code_send_failures_total\{channel="sms",provider="aliyun",reason="balance",code="isv.AMOUNT_NOT_ENOUGH"\} 2/,
    );
  });

  it('a rate limit or a bad number says so', async () => {
    outcomes.set('13800003002', 'isv.BUSINESS_LIMIT_CONTROL');
    outcomes.set('13800003003', 'isv.MOBILE_NUMBER_ILLEGAL');
    const limited = await send('13800003002');
    expect([limited.status, limited.msg]).toEqual([429, '短信服务商限制了该号码的发送频率，请稍后再试']);
    const bad = await send('13800003003');
    expect([bad.status, bad.msg]).toEqual([400, '该手机号无法接收短信，请检查号码是否正确']);
  });
});
