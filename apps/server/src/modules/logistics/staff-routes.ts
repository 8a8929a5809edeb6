import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf, pageQueryFields } from '@portal/contract/console';
import { parcelProblemRowSchema, parcelRefreshSchema } from '@portal/contract/parcels';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { parcelProblems } from './parcel-queue.ts';
import { refreshParcel } from './parcel-service.ts';
import { bulkShipRoutes } from './bulk-ship-routes.ts';

/** Staff who ship (orders.produce in the contract's staff-access table) see the parcels with a problem and may ask the carrier now. */

export const consoleParcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  await app.register(bulkShipRoutes);

  app.get(
    '/api/console/parcels/problems',
    {
      schema: {
        querystring: z.object(pageQueryFields(200)),
        response: { 200: envelope(pageOf(parcelProblemRowSchema)) },
      },
    },
    async (req) => ok(await parcelProblems(ctx.db, staffOf(req), req.query.page, req.query.size)),
  );

  app.post(
    '/api/console/parcels/:id/refresh',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(parcelRefreshSchema) },
      },
    },
    async (req) => ok(await refreshParcel(ctx, staffOf(req), req.params.id)),
  );
};
