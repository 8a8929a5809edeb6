import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { latestPaymentResponse, orderIdQuery } from '@portal/contract/payments';
import { payments } from '../../db/schema.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { memberOrderIn } from './service.ts';

/**
 * GET /api/pay/latestPayment?id=: the newest payment of the member's own order (null
 * when none was started). The page-payment return carries no payment number, so the
 * return page reads it here, then asks /api/pay/status about it (which asks the provider
 * while the payment is pending) and can tell paid, failed and still pending apart.
 */
export const latestPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pay/latestPayment',
    {
      config: { auth: 'member' },
      schema: { querystring: orderIdQuery, response: { 200: envelope(latestPaymentResponse) } },
    },
    async (req) => {
      const order = await memberOrderIn(app.ctx, memberOf(req).memberId, req.query.id, 'any');
      const [p] = await app.ctx.db
        .select({ paymentNo: payments.paymentNo, state: payments.state, provider: payments.provider })
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.id))
        .limit(1);
      return ok(p ?? null);
    },
  );
};
