import Dysmsapi, * as ali from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import * as tencent from 'tencentcloud-sdk-nodejs-sms';

/** Sends a text with a code to a mobile number (see ARCHITECTURE.md, "Outside parties"). */
export interface SmsProvider {
  readonly kind: 'sandbox' | 'aliyun' | 'tencent';
  send(to: string, text: string, code: string): Promise<void>;
  /** Sends a notice through its filed template (modules/notices); `ref` is the notice's idempotency key. */
  sendTemplate(to: string, m: SmsTemplateMessage): Promise<void>;
}

/** A notice by template: the provider's template code, its parameters and their order, the text as filed. */
export interface SmsTemplateMessage {
  templateCode: string;
  params: Record<string, string>;
  /** The parameters' order (Tencent's TemplateParamSet is a list). */
  paramOrder: readonly string[];
  /** The filled-in text (the sandbox's outbox shows it). */
  text: string;
  /** The notice's idempotency key, passed as the provider's own reference (OutId, SessionContext). */
  ref: string;
}

/**
 * Why a provider refused: the user sees a message per reason, the operator the provider's own
 * code in the log and the `sms_send_failures_total` metric.
 */
export type SmsFailure = 'rateLimited' | 'numberInvalid' | 'notApproved' | 'balance' | 'unavailable';

export class SmsError extends Error {
  constructor(
    readonly reason: SmsFailure,
    readonly providerCode: string,
    detail: string,
  ) {
    super(`SMS provider refused (${providerCode}): ${detail}`);
  }
}

/** First matching prefix wins; an unknown code is `unavailable` (the service failed us). */
function classify(code: string, table: [string, SmsFailure][]): SmsFailure {
  return table.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 'unavailable';
}

/** Alibaba Cloud SMS error codes (SendSms answers HTTP 200 with a Code other than OK). */
const ALIYUN_CODES: [string, SmsFailure][] = [
  ['isv.BUSINESS_LIMIT', 'rateLimited'],
  ['isv.DAY_LIMIT_CONTROL', 'rateLimited'],
  ['BUSINESS_LIMIT_CONTROL', 'rateLimited'],
  ['Throttling', 'rateLimited'],
  ['isv.MOBILE_NUMBER_ILLEGAL', 'numberInvalid'],
  ['isv.PHONE_NUMBER_ILLEGAL', 'numberInvalid'],
  ['isv.BLACK', 'numberInvalid'],
  ['isv.SMS_SIGNATURE_ILLEGAL', 'notApproved'],
  ['isv.SMS_SIGN_NAME_ILLEGAL', 'notApproved'],
  ['isv.SMS_TEMPLATE_ILLEGAL', 'notApproved'],
  ['isv.TEMPLATE_MISSING_PARAMETERS', 'notApproved'],
  ['isv.AMOUNT_NOT_ENOUGH', 'balance'],
  ['isv.OUT_OF_SERVICE', 'balance'],
];

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Host (and port) of the API; `dysmsapi.aliyuncs.com` unless a test points it elsewhere. */
  endpoint: string;
  protocol: 'https' | 'http';
  timeoutMs: number;
}

/** Alibaba Cloud SMS through its official SDK: SendSms with sign name, template and `{"code":"..."}`. */
export class AliyunSms implements SmsProvider {
  readonly kind = 'aliyun' as const;
  private readonly client: Dysmsapi;
  constructor(private readonly cfg: AliyunSmsConfig) {
    const Client = ((Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi) as typeof Dysmsapi;
    this.client = new Client(
      new $OpenApiUtil.Config({
        accessKeyId: cfg.accessKeyId,
        accessKeySecret: cfg.accessKeySecret,
        endpoint: cfg.endpoint,
        protocol: cfg.protocol,
        readTimeout: cfg.timeoutMs,
        connectTimeout: cfg.timeoutMs,
      }),
    );
  }
  async send(to: string, _text: string, code: string): Promise<void> {
    const req = new ali.SendSmsRequest({
      phoneNumbers: to,
      signName: this.cfg.signName,
      templateCode: this.cfg.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    await this.call(req);
  }
  async sendTemplate(to: string, m: SmsTemplateMessage): Promise<void> {
    await this.call(
      new ali.SendSmsRequest({
        phoneNumbers: to,
        signName: this.cfg.signName,
        templateCode: m.templateCode,
        templateParam: JSON.stringify(Object.fromEntries(m.paramOrder.map((k) => [k, m.params[k] ?? '']))),
        outId: m.ref,
      }),
    );
  }
  private async call(req: ali.SendSmsRequest): Promise<void> {
    let answer: { code?: string; message?: string };
    try {
      answer = (await this.client.sendSms(req)).body ?? {};
    } catch (e) {
      // Refusals answered with an HTTP error (signature, permission, throttling) arrive as exceptions.
      const err = e as { code?: string; message?: string; data?: { Code?: string } };
      const providerCode = String(err.code ?? err.data?.Code ?? 'network');
      throw new SmsError(classify(providerCode, ALIYUN_CODES), providerCode, String(err.message ?? e));
    }
    if (answer.code !== 'OK') {
      const providerCode = answer.code ?? 'unknown';
      throw new SmsError(classify(providerCode, ALIYUN_CODES), providerCode, answer.message ?? '');
    }
  }
}

/** Tencent Cloud SMS codes, per number in SendStatusSet or for the whole request. */
const TENCENT_CODES: [string, SmsFailure][] = [
  ['LimitExceeded.PhoneNumber', 'rateLimited'],
  ['LimitExceeded.DailyLimit', 'rateLimited'],
  ['RequestLimitExceeded', 'rateLimited'],
  ['InvalidParameterValue.IncorrectPhoneNumber', 'numberInvalid'],
  ['FailedOperation.PhoneNumberInBlacklist', 'numberInvalid'],
  ['UnsupportedOperation.UnsupportedRegion', 'numberInvalid'],
  ['FailedOperation.SignatureIncorrectOrUnapproved', 'notApproved'],
  ['FailedOperation.TemplateIncorrectOrUnapproved', 'notApproved'],
  ['FailedOperation.MissingSignature', 'notApproved'],
  ['FailedOperation.MissingTemplate', 'notApproved'],
  ['FailedOperation.InsufficientBalanceInSmsPackage', 'balance'],
  ['FailedOperation.ContainDomesticAndInternationalPhoneNumber', 'numberInvalid'],
];

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  region: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** Host (and port) of the API; `sms.tencentcloudapi.com` unless a test points it elsewhere. */
  endpoint: string;
  protocol: 'https' | 'http';
  timeoutMs: number;
}

/** Tencent Cloud SMS through its official SDK: SendSms with SmsSdkAppId, SignName, TemplateId, TemplateParamSet. */
export class TencentSms implements SmsProvider {
  readonly kind = 'tencent' as const;
  private readonly client: InstanceType<typeof tencent.sms.v20210111.Client>;
  constructor(private readonly cfg: TencentSmsConfig) {
    this.client = new tencent.sms.v20210111.Client({
      credential: { secretId: cfg.secretId, secretKey: cfg.secretKey },
      region: cfg.region,
      profile: {
        httpProfile: {
          endpoint: cfg.endpoint,
          protocol: `${cfg.protocol}://`,
          reqTimeout: Math.ceil(cfg.timeoutMs / 1000),
        },
      },
    });
  }
  async send(to: string, _text: string, code: string): Promise<void> {
    await this.call(to, this.cfg.templateId, [code]);
  }
  async sendTemplate(to: string, m: SmsTemplateMessage): Promise<void> {
    await this.call(
      to,
      m.templateCode,
      m.paramOrder.map((k) => m.params[k] ?? ''),
      m.ref,
    );
  }
  private async call(to: string, templateId: string, params: string[], ref?: string): Promise<void> {
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const r = await this.client.SendSms({
        PhoneNumberSet: [`+86${to}`],
        SmsSdkAppId: this.cfg.sdkAppId,
        SignName: this.cfg.signName,
        TemplateId: templateId,
        TemplateParamSet: params,
        ...(ref ? { SessionContext: ref } : {}),
      });
      status = r.SendStatusSet?.[0];
    } catch (e) {
      const err = e as { code?: string; message?: string };
      const providerCode = String(err.code || 'network');
      throw new SmsError(classify(providerCode, TENCENT_CODES), providerCode, String(err.message ?? e));
    }
    if (status?.Code !== 'Ok') {
      const providerCode = status?.Code ?? 'unknown';
      throw new SmsError(classify(providerCode, TENCENT_CODES), providerCode, status?.Message ?? '');
    }
  }
}
