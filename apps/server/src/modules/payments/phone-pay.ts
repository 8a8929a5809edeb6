import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { canPay } from '@portal/contract/order-states';
import type { PhonePayOptions, PhonePayRequest, PhonePayResponse } from '@portal/contract/phone-pay';
import type { AppContext } from '../../context.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { OAuthError } from '../../providers/oauth.ts';
import { factsOf } from '../orders/public.ts';
import { memberOrderIn, phonePayUrl, startPayment } from './service.ts';

/** How long the pay page's trip through WeChat's authorisation may take. */
const STATE_SECONDS = 600;

/**
 * JSAPI is offered where WeChat Pay and the official account's authorisation are both there, of the
 * same kind (the sandbox's openid means nothing to the real WeChat Pay), and it is not turned off.
 */
export function jsapiReady(ctx: AppContext): boolean {
  const wx = ctx.pay.wechat;
  const mp = ctx.wechatMp;
  if (!wx || !mp || ctx.config.pay.PAY_WECHAT_JSAPI === 'off') return false;
  return wx.mode === (mp.kind === 'sandbox' ? 'sandbox' : 'real');
}

/** The state WeChat hands back with the code: this member, this order, for a while (no table needed). */
function stateKey(ctx: AppContext): string {
  return ctx.pii.blindIndex('phone-pay-wechat-state-v1');
}
function signState(ctx: AppContext, memberId: number, orderId: number, at = Date.now()): string {
  const body = `${memberId}.${orderId}.${Math.floor(at / 1000) + STATE_SECONDS}`;
  return `${body}.${crypto.createHmac('sha256', stateKey(ctx)).update(body).digest('base64url')}`;
}
function stateIsGood(ctx: AppContext, state: string, memberId: number, orderId: number): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]{43})$/.exec(state);
  if (!m || Number(m[1]) !== memberId || Number(m[2]) !== orderId || Number(m[3]) < Date.now() / 1000) return false;
  const mac = crypto.createHmac('sha256', stateKey(ctx)).update(`${m[1]}.${m[2]}.${m[3]}`).digest('base64url');
  return crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(m[4]));
}

/** What the phone pay page shows: the server's amount and the ways offered (checked against the member). */
export async function phonePayOptions(
  ctx: AppContext,
  memberId: number,
  orderId: number,
  baseUrl: string,
): Promise<PhonePayOptions> {
  const order = await memberOrderIn(ctx, memberId, orderId, 'any');
  const jsapi = jsapiReady(ctx);
  return {
    orderNo: order.orderNo,
    kind: order.kind,
    amountFen: order.totalFen,
    orderState: order.state,
    payable: canPay(factsOf(order)),
    ways: { jsapi, h5: !!ctx.pay.wechat, wap: !!ctx.pay.alipay },
    wechatAuthUrl: jsapi
      ? ctx.wechatMp!.authorizeUrl(phonePayUrl(baseUrl, order.id), signState(ctx, memberId, order.id), baseUrl)
      : null,
  };
}

/** The payer's openid from the authorisation's code, once its state is this member's for this order. */
async function payerOpenid(ctx: AppContext, memberId: number, body: PhonePayRequest, log: FastifyBaseLogger) {
  if (!body.code || !body.state) throw badRequest('pay.wechatAuthRequired');
  if (!stateIsGood(ctx, body.state, memberId, body.id)) throw badRequest('pay.wechatAuthFailed');
  try {
    return await ctx.wechatMp!.openidOf(body.code);
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    log.warn(
      { reason: e.reason, errcode: e.errcode, detail: e.detail },
      'wechat official account authorisation failed',
    );
    if (e.reason === 'code') throw badRequest('pay.wechatAuthFailed');
    throw new AppError(e.reason === 'timeout' ? 504 : 502, 'pay.providerUnavailable');
  }
}

/**
 * Pay now on a phone: the desktop's one path (startPayment: the server's amount, a zero amount paid,
 * the previous payment closed first), with the way's platform call and the phone's return pages.
 */
export async function startPhonePayment(
  ctx: OutsideTxCtx<AppContext>,
  input: { memberId: number; body: PhonePayRequest; baseUrl: string; clientIp: string },
  log: FastifyBaseLogger,
): Promise<PhonePayResponse> {
  const { body, memberId } = input;
  const available = body.way === 'jsapi' ? jsapiReady(ctx) : body.way === 'h5' ? !!ctx.pay.wechat : !!ctx.pay.alipay;
  // The order is the member's before anything else is said about it (another's answers 404).
  await memberOrderIn(ctx, memberId, body.id, 'any');
  if (!available) throw new AppError(503, 'pay.wayUnavailable');
  const openid = body.way === 'jsapi' ? await payerOpenid(ctx, memberId, body, log) : undefined;
  const r = await startPayment(
    ctx,
    {
      memberId,
      scope: 'any',
      id: body.id,
      payType: body.way === 'wap' ? 1 : 2,
      baseUrl: input.baseUrl,
      phone: { way: body.way, openid, clientIp: input.clientIp },
    },
    log,
  );
  return {
    paid: r.paid,
    amountFen: r.amountFen,
    paymentNo: r.paymentNo,
    jsapi: r.jsapi,
    h5Url: r.h5Url,
    aliPayHtml: r.aliPayHtml,
    cashierUrl: r.cashierUrl,
  };
}
