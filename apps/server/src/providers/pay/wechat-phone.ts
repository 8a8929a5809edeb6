import crypto from 'node:crypto';
import { chinaRfc3339 } from './types.ts';
import type * as pay from './types.ts';

/**
 * WeChat Pay API v3 on phones, beside the desktop's Native order (wechat-v3.ts): the JSAPI order
 * inside WeChat's browser (the payer's openid at the official account) and the H5 order in any
 * other phone browser (scene_info.h5_info and the payer's IP). The same merchant, keys and
 * notifications as Native; only the order call and what the page receives differ.
 */
export interface WechatOrderIds {
  mchId: string;
  /** The app id of Native and H5 orders (WXPAY_APP_ID). */
  appId: string;
  /** The official account's app id (WECHAT_MP_APP_ID): JSAPI orders and their paySign name it. */
  mpAppId?: string;
}

/** The order call of a way: its path and body. */
export function wechatOrderCall(
  ids: WechatOrderIds,
  input: pay.CreatePaymentInput,
): { way: 'native' | 'jsapi' | 'h5'; path: string; body: Record<string, unknown> } {
  const common = {
    mchid: ids.mchId,
    description: input.subject.slice(0, 127),
    out_trade_no: input.paymentNo,
    time_expire: chinaRfc3339(input.expiresAt),
    notify_url: input.notifyUrl,
    amount: { total: input.amountFen, currency: 'CNY' },
  };
  if (input.way === 'jsapi') {
    if (!ids.mpAppId) throw new Error('JSAPI needs the official account app id (WECHAT_MP_APP_ID)');
    if (!input.openid) throw new Error('JSAPI needs the payer openid');
    return {
      way: 'jsapi',
      path: '/v3/pay/transactions/jsapi',
      body: { appid: ids.mpAppId, ...common, payer: { openid: input.openid } },
    };
  }
  if (input.way === 'h5') {
    if (!input.clientIp) throw new Error('H5 needs the payer client ip');
    return {
      way: 'h5',
      path: '/v3/pay/transactions/h5',
      body: { appid: ids.appId, ...common, scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } } },
    };
  }
  return { way: 'native', path: '/v3/pay/transactions/native', body: { appid: ids.appId, ...common } };
}

/** paySign of getBrandWCPayRequest: RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant key. */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  merchantPrivateKey: string,
  at = Date.now(),
  nonceStr = crypto.randomBytes(16).toString('hex'),
): pay.JsapiPayParams {
  const timeStamp = String(Math.floor(at / 1000));
  const pkg = `prepay_id=${prepayId}`;
  const paySign = crypto
    .createSign('RSA-SHA256')
    .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
    .sign(merchantPrivateKey, 'base64');
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

/** WeChat returns the H5 payer to redirect_url appended (url-encoded) to h5_url; the return is no proof of payment. */
export function h5UrlWithReturn(h5Url: string, returnUrl: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(returnUrl)}`;
}
