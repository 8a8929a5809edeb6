import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bindingRowSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { bindingDisputeRow, resolveDisputeBody } from '@portal/contract/reprint';
import { decideBinding, listBindings, listDisputes, resolveDispute } from './staff-bindings-service.ts';

/** The reprint area's staff routes: unbinding requests and binding disputes. */
export const reprintStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/bindings',
    {
      schema: {
        querystring: z.object({ state: z.coerce.number().int().default(2) }),
        response: { 200: envelope(z.array(bindingRowSchema)) },
      },
    },
    async (req) => ok(await listBindings(ctx, req.query.state)),
  );

  for (const [verb, approve] of [
    ['approve', true],
    ['refuse', false],
  ] as const) {
    app.post(
      `/api/console/bindings/:id/${verb}`,
      {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          response: { 200: envelope(z.object({ state: z.number() })) },
        },
      },
      async (req) => ok(await decideBinding(ctx, staffOf(req), req.params.id, approve)),
    );
  }

  app.get(
    '/api/console/binding-disputes',
    {
      schema: {
        querystring: z.object({ state: z.coerce.number().int().min(1).max(3).default(1) }),
        response: { 200: envelope(z.array(bindingDisputeRow)) },
      },
    },
    async (req) => ok(await listDisputes(ctx, req.query.state)),
  );

  app.post(
    '/api/console/binding-disputes/:id/resolve',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int() }),
        body: resolveDisputeBody,
        response: { 200: envelope(z.object({ state: z.number() })) },
      },
    },
    async (req) => ok(await resolveDispute(ctx, staffOf(req), req.params.id, req.body.outcome, req.log)),
  );
};
