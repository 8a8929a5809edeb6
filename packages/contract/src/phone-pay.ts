import { z } from 'zod';

/**
 * Paying on a phone (the phone portal, /phoneModify): the way depends on where the page is open.
 * Inside WeChat's browser: WeChat Pay JSAPI (the payer's openid from the official account's
 * snsapi_base authorisation); in any other phone browser: WeChat Pay H5 or Alipay WAP.
 */
export const PHONE_PAY_WAYS = ['jsapi', 'h5', 'wap'] as const;
export type PhonePayWay = (typeof PHONE_PAY_WAYS)[number];

/** The user agent of WeChat's built-in browser carries MicroMessenger. */
export const isWechatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

/** What the phone pay page shows: the server's amount and the ways this portal offers. */
export const phonePayOptionsResponse = z.object({
  orderNo: z.string(),
  kind: z.enum(['individual', 'reprint', 'task']),
  amountFen: z.number().int(),
  orderState: z.number().int(),
  /** The order may be paid now (a zero amount too: it is then paid without a platform). */
  payable: z.boolean(),
  ways: z.object({ jsapi: z.boolean(), h5: z.boolean(), wap: z.boolean() }),
  /** WeChat's web authorisation (snsapi_base) that returns to the pay page with code and state; null without JSAPI. */
  wechatAuthUrl: z.string().nullable(),
});
export type PhonePayOptions = z.infer<typeof phonePayOptionsResponse>;

const authField = z.string().trim().min(1, 'pay.wechatAuthRequired').max(512, 'pay.wechatAuthRequired');

/** Pay now on a phone: the order, the way, and for JSAPI the authorisation's code and state. */
export const phonePayRequest = z.object({
  id: z.coerce.number().int().positive(),
  way: z.enum(PHONE_PAY_WAYS, { error: 'pay.methodRequired' }),
  code: authField.optional(),
  state: authField.optional(),
});
export type PhonePayRequest = z.infer<typeof phonePayRequest>;

/** The parameters WeixinJSBridge.invoke('getBrandWCPayRequest', ...) takes. */
export const jsapiParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiParams = z.infer<typeof jsapiParams>;

export const phonePayResponse = z.object({
  /** A zero amount counts as paid without a platform; so does a payment the platform says was paid meanwhile. */
  paid: z.boolean(),
  amountFen: z.number().int(),
  paymentNo: z.string().optional(),
  /** JSAPI: for WeixinJSBridge. */
  jsapi: jsapiParams.optional(),
  /** H5: WeChat's cashier, with redirect_url back to the return page. */
  h5Url: z.string().optional(),
  /** WAP: Alipay's form, inserted and submitted by the page. */
  aliPayHtml: z.string().optional(),
  /** Sandbox only: its phone cashier, for a JSAPI payment opened outside WeChat's real client. */
  cashierUrl: z.string().optional(),
});
export type PhonePayResponse = z.infer<typeof phonePayResponse>;
