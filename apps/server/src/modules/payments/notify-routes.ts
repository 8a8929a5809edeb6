import type { FastifyPluginAsync } from 'fastify';
import { NotifyRejected, type PayChannel } from '../../providers/pay/types.ts';
import { afterSettle, recordRefundOutcome } from './refund-run.ts';
import { findRefundByNo } from './repo.ts';
import { settlePayment } from './service.ts';

/**
 * Provider notifications: POST /api/pay/notify/wechat and /api/pay/notify/alipay.
 * Verified on the raw body bytes (this context keeps bodies as strings), answered
 * the provider's way (WeChat 204, Alipay the literal "success"), within the provider's limit.
 */
export const notifyRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  for (const channel of ['wechat', 'alipay'] as PayChannel[]) {
    app.post(`/api/pay/notify/${channel}`, { schema: { hide: true } }, async (req, reply) => {
      const provider = ctx.pay[channel];
      if (!provider) return reply.code(404).type('text/plain').send('not configured');
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = (a: { status: number; contentType: string; body: string }) =>
        reply.code(a.status).type(a.contentType).send(a.body);
      let verified;
      try {
        verified = await provider.verifyNotify(req.headers, raw);
      } catch (e) {
        const why = e instanceof NotifyRejected ? e.message : 'verification error';
        req.log.warn({ channel, why }, 'payment notification rejected');
        return answer(provider.nack(why));
      }
      if (verified.kind === 'refund') {
        const r = await findRefundByNo(ctx.db, verified.refundNo);
        // A refund this server never asked for: refused (and retried by the platform), never guessed at.
        if (!r) return answer(provider.nack('unknown refund'));
        const changed = await recordRefundOutcome(ctx.db, r.id, verified.result, 'notification');
        req.log.info(
          { channel, refundNo: verified.refundNo, state: verified.result.state, changed },
          'refund notification',
        );
        return answer(provider.ack());
      }
      const outcome = await settlePayment(ctx.db, verified, channel, 'notify', req.log);
      req.log.info({ channel, paymentNo: verified.paymentNo, outcome }, 'payment notification');
      await afterSettle(ctx, outcome, req.log);
      return answer(outcome === 'refused' ? provider.nack('refused') : provider.ack());
    });
  }
};
