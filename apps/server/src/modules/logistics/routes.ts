import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { traceItemSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { orders } from '../../db/schema.ts';
import { trackingProvider } from '../../providers/tracking.ts';

const traceNoField = z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, 'logistics.traceNoRequired');
const answer = envelope(z.object({ traceNo: z.string(), carrier: z.string().nullable(), responseItems: z.array(traceItemSchema) }));

/** The waybill trace (GET and POST /api/wayBillTraceReceive/call): members, their own orders only. */
export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tracking = trackingProvider(ctx.db, ctx.config.tracking);

  async function trace(memberId: number, traceNo: string | undefined) {
    if (!traceNo) throw badRequest('logistics.traceNoRequired');
    const [o] = await ctx.db
      .select({ carrier: orders.shippingTypeName })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.shippingOrderNo, traceNo)))
      .limit(1);
    if (!o) throw notFound('logistics.notYours');
    const events = await tracking.trace(traceNo, o.carrier);
    const responseItems = events
      .sort((a, b) => b.opTime.getTime() - a.opTime.getTime())
      .map((e) => ({ opCode: e.opCode, opTime: e.opTime.toISOString(), opDesc: e.opDesc }));
    return ok({ traceNo, carrier: o.carrier, responseItems });
  }

  app.get(
    '/api/wayBillTraceReceive/call',
    { config: { auth: 'member' }, schema: { querystring: z.object({ traceNo: traceNoField.optional() }), response: { 200: answer } } },
    async (req) => trace(memberOf(req).memberId, req.query.traceNo),
  );

  app.post(
    '/api/wayBillTraceReceive/call',
    {
      config: { auth: 'member' },
      schema: {
        querystring: z.object({ traceNo: traceNoField.optional() }),
        body: z.object({ traceNo: traceNoField.optional() }).nullish(),
        response: { 200: answer },
      },
    },
    async (req) => trace(memberOf(req).memberId, req.query.traceNo ?? req.body?.traceNo),
  );
};
