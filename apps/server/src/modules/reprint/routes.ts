import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindStatusSchema,
  bindingBody,
  createWashOrderBody,
  modifyWashOrderBody,
  washOrderAndDetailsSchema,
  washStudentRow,
} from '@portal/contract/reprint';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import * as service from './service.ts';
import * as binding from './binding-service.ts';
import { bindingPhotoBytes } from './binding-photo.ts';
import { sendJpeg } from '../photos/public.ts';

const member = { auth: 'member' } as const;
const idQuery = z.object({ id: z.coerce.number().int().positive() });

/** Graduation-photo reprints: identity binding (document 1 section 7) and reprint orders (document 2 section 7). */
export const reprintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/binding/binding',
    { config: member, schema: { body: bindingBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await binding.bind(ctx, memberOf(req).memberId, req.body, req.ip ?? null);
      return ok(null, message(req.lang, 'ok.bound'));
    },
  );

  app.get(
    '/api/binding/unbinding',
    { config: member, schema: { response: { 200: envelope(z.null()) } } },
    async (req) => {
      await binding.applyUnbind(ctx, memberOf(req).memberId);
      return ok(null, message(req.lang, 'ok.unbindApplied'));
    },
  );

  app.post(
    '/api/binding/cancelUnbinding',
    { config: member, schema: { body: z.object({}), response: { 200: envelope(z.null()) } } },
    async (req) => {
      await binding.cancelUnbind(ctx, memberOf(req).memberId);
      return ok(null, message(req.lang, 'ok.unbindCancelled'));
    },
  );

  app.get(
    '/api/binding/findCheckStatus',
    { config: member, schema: { response: { 200: envelope(bindStatusSchema) } } },
    async (req) => ok(await binding.checkStatus(ctx, memberOf(req).memberId)),
  );

  app.get(
    '/api/binding/findWashStudentInfo',
    { config: member, schema: { response: { 200: envelope(z.array(washStudentRow)) } } },
    async (req) => ok(await service.washStudentInfo(ctx, memberOf(req).memberId, req.lang)),
  );

  // A photo on file, through the binding that may see it (img tags send no headers: the address is the capability).
  app.get(
    '/api/binding/photo/:bindingId/:photoId',
    {
      schema: {
        hide: true,
        params: z.object({
          bindingId: z.coerce.number().int().positive(),
          photoId: z.coerce.number().int().positive(),
        }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const bytes = await bindingPhotoBytes(
        ctx,
        req.params.bindingId,
        req.params.photoId,
        req.query.exp,
        req.query.sig,
      );
      return sendJpeg(reply, bytes);
    },
  );

  app.post(
    '/api/order/createWashOrder',
    { config: member, schema: { body: createWashOrderBody, response: { 200: envelope(z.number()) } } },
    async (req) => ok(await service.createWashOrder(ctx, memberOf(req).memberId, req.body)),
  );

  app.post(
    '/api/order/modifyWashOrder',
    { config: member, schema: { body: modifyWashOrderBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await service.modifyWashOrder(ctx, memberOf(req).memberId, req.body);
      return ok(null, message(req.lang, 'ok.modified'));
    },
  );

  app.get(
    '/api/order/findWashOrderAndOrderDetails',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(washOrderAndDetailsSchema) } } },
    async (req) => ok(await service.washOrderAndDetails(ctx, memberOf(req).memberId, req.query.id, req.lang)),
  );
};
