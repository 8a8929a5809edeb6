import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { dashboard } from './staff-dashboard-service.ts';

/** The console's dashboard (review backlog and photo-check failures). */
export const dashboardStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/api/console/dashboard', { schema: { response: { 200: envelope(dashboardSchema) } } }, async (req) =>
    ok(await dashboard(ctx, staffOf(req))),
  );
};
