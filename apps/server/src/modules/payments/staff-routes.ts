import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleRefundQuery, consoleRefundRow, consoleRefuseBody } from '@portal/contract/payments';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { approveRefund, listConsoleRefunds, refuseRefund } from './refund-service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Console refund review for finance (and admin); every action is written to audit_log. */
export const consoleRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/refunds',
    {
      schema: { querystring: consoleRefundQuery, response: { 200: envelope(z.array(consoleRefundRow)) } },
    },
    async (req) => ok(await listConsoleRefunds(ctx, req.query)),
  );

  app.post(
    '/api/console/refunds/:id/approve',
    { schema: { params: idParams, response: { 200: envelope(consoleRefundRow) } } },
    async (req) => ok(await approveRefund(ctx, req.params.id, { staffId: staffOf(req).staffId, ip: req.ip }, req.log)),
  );

  app.post(
    '/api/console/refunds/:id/refuse',
    {
      schema: { params: idParams, body: consoleRefuseBody, response: { 200: envelope(consoleRefundRow) } },
    },
    async (req) =>
      ok(await refuseRefund(ctx, req.params.id, req.body.reason, { staffId: staffOf(req).staffId, ip: req.ip })),
  );
};
