import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { traceItemSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { orders } from '../../db/schema.ts';
import { storedTrace } from './parcel-service.ts';
import { sweepParcels } from './parcel-sweep.ts';
import { kuaidi100CallbackRoutes } from './callback-routes.ts';
import { consoleParcelRoutes } from './staff-routes.ts';

const traceNoField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,40}$/, 'logistics.traceNoRequired');
const answer = envelope(
  z.object({ traceNo: z.string(), carrier: z.string().nullable(), responseItems: z.array(traceItemSchema) }),
);

/** The waybill trace (GET and POST /api/wayBillTraceReceive/call): members, their own orders only; stored events, no call out per view. */
export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  async function trace(memberId: number, traceNo: string | undefined) {
    if (!traceNo) throw badRequest('logistics.traceNoRequired');
    const [o] = await ctx.db
      .select({ carrier: orders.shippingTypeName })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.shippingOrderNo, traceNo)))
      .limit(1);
    if (!o) throw notFound('logistics.notYours');
    const events = await storedTrace(ctx, traceNo);
    const responseItems = events
      .reverse()
      .map((e) => ({ opCode: e.opCode, opTime: e.opTime.toISOString(), opDesc: e.opDesc }));
    return ok({ traceNo, carrier: o.carrier, responseItems });
  }

  app.get(
    '/api/wayBillTraceReceive/call',
    {
      config: { auth: 'member' },
      schema: { querystring: z.object({ traceNo: traceNoField.optional() }), response: { 200: answer } },
    },
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

  await app.register(consoleParcelRoutes);
  if (ctx.tracking.kind === 'kuaidi100') await app.register(kuaidi100CallbackRoutes);

  // The daily sweep of parcels with no event for days (one instance runs it: advisory lock). A
  // first run a minute after start, so instances restarted more often than the period still sweep;
  // a parcel asked within the day is not asked again.
  const every = ctx.config.tracking.sweepHours;
  if (every > 0 && ctx.tracking.kind !== 'none' && ctx.config.env !== 'test') {
    let run: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      run = sweepParcels(ctx, app.log).catch((err: unknown) => app.log.error({ err }, 'parcel sweep failed'));
    };
    const first = setTimeout(sweep, 60_000);
    const timer = setInterval(sweep, every * 3_600_000);
    first.unref();
    timer.unref();
    app.addHook('preClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
      await run;
    });
  }
};
