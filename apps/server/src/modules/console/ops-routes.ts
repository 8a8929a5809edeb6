import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bindingRowSchema, dashboardSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { decideBinding, listBindings } from './bindings-service.ts';
import { dashboard } from './dashboard-service.ts';

/** Unbinding requests and the dashboard. */
export const consoleOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/bindings',
    { config: { staff: ['reviewer'] }, schema: { querystring: z.object({ state: z.coerce.number().int().default(2) }), response: { 200: envelope(z.array(bindingRowSchema)) } } },
    async (req) => ok(await listBindings(ctx, req.query.state)),
  );

  for (const [verb, approve] of [['approve', true], ['refuse', false]] as const) {
    app.post(
      `/api/console/bindings/:id/${verb}`,
      { config: { staff: ['reviewer'] }, schema: { params: z.object({ id: z.coerce.number().int() }), response: { 200: envelope(z.object({ state: z.number() })) } } },
      async (req) => ok(await decideBinding(ctx, staffOf(req), req.params.id, approve)),
    );
  }

  app.get('/api/console/dashboard', { config: { staff: 'any' }, schema: { response: { 200: envelope(dashboardSchema) } } }, async (req) =>
    ok(await dashboard(ctx, staffOf(req))),
  );
};
