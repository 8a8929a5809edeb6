import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderListItemSchema, photoConsentSchema } from '@portal/contract/order-lists';
import {
  orderDetailAnswerSchema,
  nationalRejectionSchema,
  orderTimelineSchema,
  orderWithDetailsSchema,
  personFormSchema,
  photoIssuesSchema,
  personUpdateSchema,
  updateShippingSchema,
} from '@portal/contract/orders';
import { envelope, ok } from '../../http/envelope.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { badRequest } from '../../http/errors.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import * as svc from './service.ts';
import { orderListJson, orderPageJson } from './list-cache.ts';
import { photoBytes } from './photo-link.ts';
import { photosZip } from './photos-zip.ts';
import { nationalRejections } from './photo-issues.ts';
import { ordersState } from './state.ts';

const member = { auth: 'member' } as const;
const idQuery = z.object({ id: z.coerce.number().int().positive() });
const listSchema = z.array(orderListItemSchema);
const consentSchema = photoConsentSchema;

/** Individual photo orders (document 2, section 7), also serving reprint orders where the calls are generic. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The area's own state (state.ts): the member's order reads, prepared once, and the list cache.
  Object.assign(ctx, ordersState(ctx.db, ctx.dbPool));

  app.get(
    '/api/order/photoConsent',
    { config: member, schema: { response: { 200: envelope(consentSchema) } } },
    async (req) => ok(await svc.photoConsent(ctx, memberOf(req).memberId)),
  );
  app.post(
    '/api/order/photoConsent',
    {
      config: member,
      schema: { body: z.object({ version: z.string().max(20) }), response: { 200: envelope(consentSchema) } },
    },
    async (req) => ok(await svc.givePhotoConsent(ctx, memberOf(req).memberId, req.body.version)),
  );

  app.post(
    '/api/order/createCollectionOrder',
    { config: member, schema: { body: personFormSchema, response: { 200: envelope(z.number()) } } },
    async (req) => ok(await svc.createOrder(ctx, memberOf(req).memberId, req.body)),
  );

  app.post(
    '/api/order/addPerson2Order',
    {
      config: member,
      schema: { body: personFormSchema, response: { 200: envelope(z.number()) } },
    },
    async (req) => {
      if (!req.body.order_id) throw badRequest('order.notFound');
      return ok(await svc.addPerson(ctx, memberOf(req).memberId, req.body.order_id, req.body));
    },
  );

  app.post(
    '/api/order/updatePerson',
    {
      config: member,
      schema: {
        body: z.preprocess((b) => {
          const o = (b ?? {}) as Record<string, unknown>;
          return { ...o, picUrl: o.picUrl ?? o.imageUrl ?? o.pic_url };
        }, personUpdateSchema),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.updatePerson(ctx, memberOf(req).memberId, req.body);
      return ok(null, message(req.lang, 'ok.modified'));
    },
  );

  app.get(
    '/api/order/deletePerson',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.deletePerson(ctx, memberOf(req).memberId, req.query.id);
      return ok(null, message(req.lang, 'ok.deleted'));
    },
  );
  app.post(
    '/api/order/deletePerson',
    {
      config: member,
      schema: {
        body: z.object({
          detail_id: z.coerce.number().int().positive(),
          order_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.deletePerson(ctx, memberOf(req).memberId, req.body.detail_id, req.body.order_id);
      return ok(null, message(req.lang, 'ok.deleted'));
    },
  );

  app.get(
    '/api/order/deleteOrder',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.deleteOrder(ctx, memberOf(req).memberId, req.query.id);
      return ok(null, message(req.lang, 'ok.deleted'));
    },
  );

  app.get(
    '/api/order/findOrderList',
    {
      // Its freshness read confirms the session (list-cache.ts), so the guard may take it from memory.
      config: { ...member, confirmsSession: true },
      schema: {
        querystring: z.object({
          type: z.coerce
            .number()
            .int()
            .pipe(z.union([z.literal(1), z.literal(2)]))
            .default(1),
        }),
        response: { 200: envelope(listSchema) },
      },
    },
    // Sent as the cached JSON text: validated and serialized once per change of the list.
    async (req, reply) => {
      const kept = await orderListJson(ctx, memberOf(req), req.query.type as 1 | 2, req.lang, (list) =>
        JSON.stringify(z.encode(listSchema, list)),
      );
      return sendKeptJson(req, reply, kept, ctx.config.responseSecret);
    },
  );

  app.get(
    '/api/order/findOrderAndOrderDetails',
    {
      config: { ...member, confirmsSession: true },
      schema: { querystring: idQuery, response: { 200: envelope(orderWithDetailsSchema) } },
    },
    // Sent as kept JSON text like the list: read, checked and serialized once per change of the order.
    async (req, reply) => {
      const me = memberOf(req);
      const kept = await orderPageJson(ctx, me, req.query.id, req.lang, async () =>
        JSON.stringify(
          z.encode(orderWithDetailsSchema, await svc.orderWithDetails(ctx, me.memberId, req.query.id, req.lang)),
        ),
      );
      return sendKeptJson(req, reply, kept, ctx.config.responseSecret);
    },
  );
  app.post(
    '/api/order/list',
    {
      config: member,
      schema: {
        body: z.object({ order_id: z.coerce.number().int().positive() }),
        response: { 200: envelope(orderWithDetailsSchema) },
      },
    },
    async (req) => ok(await svc.orderWithDetails(ctx, memberOf(req).memberId, req.body.order_id, req.lang)),
  );

  app.get(
    '/api/order/findOrderDetail',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(orderDetailAnswerSchema) } } },
    async (req) => ok(await svc.findDetail(ctx, memberOf(req).memberId, req.query.id)),
  );

  /** One history for the three order kinds' detail pages. */
  app.get(
    '/api/order/timeline',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(orderTimelineSchema) } } },
    async (req) => ok(await svc.timelineOf(ctx, memberOf(req).memberId, req.query.id)),
  );
  app.get(
    '/api/order/photoIssues',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(photoIssuesSchema) } } },
    async (req) => ok(await svc.photoIssuesOf(ctx, memberOf(req).memberId, req.query.id)),
  );
  /** Every photo of the member's orders the national platform refused (the rejected-photo prompt). */
  app.get(
    '/api/order/photoRejections',
    { config: member, schema: { response: { 200: envelope(z.array(nationalRejectionSchema)) } } },
    async (req) => ok(await nationalRejections(ctx.db, memberOf(req).memberId)),
  );

  app.post(
    '/api/order/updateShipping',
    { config: member, schema: { body: updateShippingSchema, response: { 200: envelope(z.null()) } } },
    async (req) => {
      const { id, ...form } = req.body;
      await svc.updateShipping(ctx, memberOf(req).memberId, id, form);
      return ok(null, message(req.lang, 'ok.modified'));
    },
  );

  app.get(
    '/api/img/downloadPhoto',
    {
      config: member,
      schema: {
        querystring: z.object({
          id: z.coerce.number().int().positive(),
          yxdm: z.string().max(10).optional(),
          studentId: z.string().max(40).optional(),
          /** The person's line (GET /api/order/findOrderAndOrderDetails's detail id). */
          detailId: z.coerce.number().int().positive().optional(),
          type: z.coerce.number().int().optional(),
        }),
      },
    },
    async (req, reply) => {
      const p = await svc.photoForDownload(ctx, memberOf(req).memberId, req.query);
      const bytes = await photoBytes(ctx, p.photoId);
      const file = `${p.name}.jpg`;
      return reply
        .type('image/jpeg')
        .header('content-disposition', `attachment; filename="photo.jpg"; filename*=UTF-8''${encodeURIComponent(file)}`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  // Every person's photo of an order as one ZIP (a two-person order has two photos).
  app.get(
    '/api/img/downloadPhotos',
    { config: member, schema: { querystring: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req, reply) => {
      const { orderNo, photos } = await svc.photosForDownload(ctx, memberOf(req).memberId, req.query.id);
      const zip = await photosZip(photos.map((p) => ({ name: p.name, bytes: () => photoBytes(ctx, p.photoId) })));
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="photos.zip"; filename*=UTF-8''${encodeURIComponent(`${orderNo}.zip`)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
};
