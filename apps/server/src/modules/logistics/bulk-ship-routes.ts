import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkShipBody, bulkShipResultSchema } from '@portal/contract/bulk-shipping';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { bulkShip } from './bulk-ship.ts';

/** POST /api/console/shipping/bulk: a carrier's file of waybill numbers, as a dry run or applied. */
export const bulkShipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/console/shipping/bulk',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: { body: bulkShipBody, response: { 200: envelope(bulkShipResultSchema) } },
    },
    async (req) => ok(await bulkShip(ctx, staffOf(req), req.body)),
  );
};
