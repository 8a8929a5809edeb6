import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressIdSchema, addressSaveSchema, addressSchema } from '@portal/contract/addresses';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import * as svc from './service.ts';

const member = { auth: 'member' } as const;

/** The logged-in member's address book: every read and write is scoped to the caller. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/address/list',
    { config: member, schema: { response: { 200: envelope(z.array(addressSchema)) } } },
    async (req) => ok(await svc.listAddresses(ctx, memberOf(req).memberId)),
  );
  app.post(
    '/api/address/save',
    { config: member, schema: { body: addressSaveSchema, response: { 200: envelope(addressSchema) } } },
    async (req) => ok(await svc.saveAddress(ctx, memberOf(req).memberId, req.body), message(req.lang, 'ok.modified')),
  );
  app.post(
    '/api/address/setDefault',
    { config: member, schema: { body: addressIdSchema, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.setDefaultAddress(ctx, memberOf(req).memberId, req.body.id);
      return ok(null, message(req.lang, 'ok.modified'));
    },
  );
  app.post(
    '/api/address/delete',
    { config: member, schema: { body: addressIdSchema, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.deleteAddress(ctx, memberOf(req).memberId, req.body.id);
      return ok(null, message(req.lang, 'ok.deleted'));
    },
  );
};
