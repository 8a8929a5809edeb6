import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleNoticeRowSchema, staffNoticeOverviewSchema } from '@portal/contract/notices';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { noticeOverview, orderNotices, resendNotice } from './staff-service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The console's notices: an order's, resending a failed one, and the dashboard's overdue reviews and failures. */
export const noticeStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/console/orders/:id/notices',
    { schema: { params: idParam, response: { 200: envelope(z.array(consoleNoticeRowSchema)) } } },
    async (req) => ok(await orderNotices(ctx, staffOf(req), req.params.id)),
  );
  app.post(
    '/api/console/notices/:id/resend',
    { schema: { params: idParam, response: { 200: envelope(consoleNoticeRowSchema) } } },
    async (req) => ok(await resendNotice(ctx, staffOf(req), req.params.id)),
  );
  app.get(
    '/api/console/notices/overview',
    { schema: { response: { 200: envelope(staffNoticeOverviewSchema) } } },
    async (req) => ok(await noticeOverview(ctx, staffOf(req))),
  );
};
