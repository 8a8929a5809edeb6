import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderPageSchema,
  orderRowSchema,
  orderSearchQuery,
  pageOf,
  pageQueryFields,
  personSchema,
  reviewItemSchema,
  transitionBody,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { forbidden } from '../../http/errors.ts';
import { ORDER_ACTION_ABILITIES, staffMay } from '@portal/contract/staff-access';
import { orderPage, packingList, reviewQueue, searchOrders, transition } from './staff-service.ts';
import { sendStaffPhoto } from './staff-photo.ts';

/** Order search, the order page, the review queue, transitions and the packing list. */
export const consoleOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/orders',
    {
      schema: { querystring: orderSearchQuery, response: { 200: envelope(pageOf(orderRowSchema)) } },
    },
    async (req) => ok(await searchOrders(ctx, staffOf(req), req.query)),
  );

  app.get(
    '/api/console/orders/:id',
    {
      schema: { params: z.object({ id: z.coerce.number().int() }), response: { 200: envelope(orderPageSchema) } },
    },
    async (req) => ok(await orderPage(ctx, staffOf(req), req.params.id)),
  );

  app.get(
    '/api/console/review',
    {
      schema: {
        querystring: z.object(pageQueryFields(100)),
        response: { 200: envelope(pageOf(reviewItemSchema)) },
      },
    },
    async (req) => ok(await reviewQueue(ctx, staffOf(req), req.query.page, req.query.size)),
  );

  app.post(
    '/api/console/orders/transition',
    {
      schema: { body: transitionBody, response: { 200: envelope(z.object({ changed: z.number() })) } },
    },
    async (req) => {
      const staff = staffOf(req);
      // Which role may take which action: the contract's role table (admin always).
      if (!staffMay(staff.role, ORDER_ACTION_ABILITIES[req.body.action])) throw forbidden();
      return ok(await transition(ctx, staff, req.body));
    },
  );

  app.get(
    '/api/console/packing-list',
    {
      schema: {
        querystring: z.object({ ids: z.string().regex(/^\d+(,\d+)*$/) }),
        response: { 200: envelope(z.array(z.object({ order: orderRowSchema, persons: z.array(personSchema) }))) },
      },
    },
    async (req) => ok(await packingList(ctx, staffOf(req), req.query.ids.split(',').map(Number).slice(0, 200))),
  );

  app.get(
    '/api/console/photos/:id',
    {
      schema: { params: z.object({ id: z.coerce.number().int() }) },
    },
    async (req, reply) => sendStaffPhoto(ctx, staffOf(req), req.params.id, reply),
  );

  // The original upload of a photo the machine corrected: the same role rule as the photo itself.
  app.get(
    '/api/console/photos/:id/original',
    {
      schema: { params: z.object({ id: z.coerce.number().int() }) },
    },
    async (req, reply) => sendStaffPhoto(ctx, staffOf(req), req.params.id, reply, true),
  );
};
