import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderIdQuery,
  payInfoRequest,
  payInfoResponse,
  payStatusResponse,
  payTypeResponse,
  refundQuery,
  refundRequest,
  refundView,
} from '@portal/contract/payments';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import { memberOrderIn, payStatus, startPayment, type PayScope } from './service.ts';
import { cancelRefund, memberRefund, requestRefund } from './refund-service.ts';
import { notifyRoutes } from './notify-routes.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { consoleRefundRoutes } from './staff-routes.ts';
import { reconcilePayments } from './reconcile.ts';
import { baseUrlOf } from './base-url.ts';
import { phonePayRoutes } from './phone-routes.ts';
import { sandboxPhoneRoutes } from './sandbox-phone-routes.ts';

const member = { auth: 'member' as const };

/**
 * Payments and refunds (document 2, sections 2, 4, 7): pay now for the three order kinds,
 * the pay-page poll, refunds; plus the notify endpoints, the sandbox cashier and the
 * console's refund review. Reconciliation runs on an interval outside tests.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const parties = ctx.pay;

  for (const scope of ['pay', 'taskPay'] as PayScope[]) {
    app.post(
      `/api/${scope}/getPayInfo`,
      { config: member, schema: { body: payInfoRequest, response: { 200: envelope(payInfoResponse) } } },
      async (req) =>
        ok(
          await startPayment(
            ctx,
            {
              memberId: memberOf(req).memberId,
              scope,
              id: req.body.id,
              payType: req.body.payType,
              baseUrl: baseUrlOf(req),
            },
            req.log,
          ),
        ),
    );
    app.get(
      `/api/${scope}/refund`,
      { config: member, schema: { querystring: refundQuery, response: { 200: envelope(refundView) } } },
      // "Refund requested": 退款成功 belongs to the moment the money is back (refund status 4).
      async (req) =>
        ok(
          await requestRefund(ctx, memberOf(req).memberId, req.query.id, scope, req.ip, req.query),
          message(req.lang, 'ok.refundRequested'),
        ),
    );
  }

  app.get(
    '/api/taskPay/getPayType',
    { config: member, schema: { querystring: orderIdQuery, response: { 200: envelope(payTypeResponse) } } },
    async (req) => {
      // Only the member's own task order (the pay page of another's order answers 404).
      await memberOrderIn(ctx, memberOf(req).memberId, req.query.id, 'taskPay');
      return ok({ wxpay: parties.wechat !== null });
    },
  );

  /** The pay page's poll: the order's state and the payment's (asking the provider while pending). */
  app.get(
    '/api/pay/status',
    {
      config: member,
      schema: {
        querystring: orderIdQuery.extend({ paymentNo: z.string().max(64).optional() }),
        response: { 200: envelope(payStatusResponse) },
      },
    },
    async (req) => ok(await payStatus(ctx, memberOf(req).memberId, req.query.id, req.query.paymentNo, req.log)),
  );

  app.post(
    '/api/refund/creatRefund',
    { config: member, schema: { body: refundRequest, response: { 200: envelope(refundView) } } },
    async (req) =>
      ok(
        await requestRefund(ctx, memberOf(req).memberId, req.body.order_id, 'any', req.ip, req.body),
        message(req.lang, 'ok.refundRequested'),
      ),
  );

  /** Cancels a refund request still pending review (已取消退款). */
  app.post(
    '/api/refund/cancelRefund',
    { config: member, schema: { body: refundRequest, response: { 200: envelope(refundView) } } },
    async (req) =>
      ok(
        await cancelRefund(ctx, memberOf(req).memberId, req.body.order_id, req.ip),
        message(req.lang, 'ok.refundCancelled'),
      ),
  );

  /** The live refund of an order (status 1-5), or null. */
  app.get(
    '/api/refund/status',
    { config: member, schema: { querystring: orderIdQuery, response: { 200: envelope(refundView.nullable()) } } },
    async (req) => ok(await memberRefund(ctx, memberOf(req).memberId, req.query.id)),
  );

  await app.register(notifyRoutes);
  await app.register(phonePayRoutes);
  if (parties.sandbox) await app.register(sandboxRoutes);
  if (ctx.wechatMp?.kind === 'sandbox') await app.register(sandboxPhoneRoutes);
  await app.register(consoleRefundRoutes);

  const every = parties.settings.reconcileSeconds;
  if (every > 0 && ctx.config.env !== 'test') {
    let run: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      run = reconcilePayments(ctx, app.log).catch((err: unknown) =>
        app.log.error({ err }, 'payment reconciliation failed'),
      );
    }, every * 1000);
    timer.unref();
    // Before the server and the database close: no new run, and the one under way finishes.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await run;
    });
  }
  app.addHook('onClose', async () => parties.sandbox?.close());
};
