import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deactivationCheckSchema } from '@portal/contract/account';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import { authFields as f } from '../auth/public.ts';
import * as svc from './service.ts';
import { metaOf as meta } from '../auth/public.ts';
import { rejectedFlag, unshippedPaidOrders } from './repo.ts';

const info = z.object({
  memberId: z.number(),
  mobile: z.string(),
  mail: z.string(),
  /** Whether the member proved `mail` with a code (only a proven address finds the account). */
  mailVerified: z.boolean(),
  name: z.string(),
  idCard: z.string(),
  isFirst: z.boolean(),
});
const member = { auth: 'member' as const };

/** Member calls (document 1, section 7) and the rejected-photo flag shown after login. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/member/getMemberInfo',
    { config: { ...member, allowIncomplete: true }, schema: { response: { 200: envelope(info) } } },
    async (req) => ok(await svc.memberInfo(ctx, memberOf(req))),
  );

  app.post(
    '/api/member/updateMemberInfo',
    {
      config: { ...member, allowIncomplete: true },
      schema: {
        // A new (or never proven) mail needs the code sendMailCode sent to it.
        body: z.object({ name: f.nameField, mail: f.lowerMail.optional(), mailCode: f.mailCodeField.optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const r = await svc.updateInfo(ctx, memberOf(req), req.body);
      return ok(null, message(req.lang ?? 'zh', r.wasFirst ? 'ok.profileCompleted' : 'ok.modified'));
    },
  );

  app.get(
    '/api/member/sendCode',
    {
      config: member,
      schema: {
        querystring: z.object({ mobile: f.mobileField, ...f.mobileCaptcha }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.sendChangeMobileCode(ctx, memberOf(req), req.query, meta(req));
      return ok(null);
    },
  );

  app.post(
    '/api/member/updateMobile',
    {
      config: member,
      schema: {
        body: z.object({
          mobile: f.mobileField,
          imageCode: f.imageCodeField,
          imageToken: f.required('captcha.expired'),
          code: f.smsCodeField,
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.updateMobile(ctx, memberOf(req), req.body);
      return ok(null, message(req.lang ?? 'zh', 'ok.modified'));
    },
  );

  app.get(
    '/api/member/sendMailCode',
    {
      // Also the first-in page's code (its e-mail is proven like any other).
      config: { ...member, allowIncomplete: true },
      schema: { querystring: z.object({ mail: f.lowerMail, ...f.mailCaptcha }), response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.sendChangeMailCode(ctx, memberOf(req), req.query, meta(req));
      return ok(null);
    },
  );

  app.post(
    '/api/member/updateMail',
    {
      config: member,
      schema: { body: z.object({ mail: f.lowerMail, code: f.mailCodeField }), response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.updateMail(ctx, memberOf(req), req.body);
      return ok(null, message(req.lang ?? 'zh', 'ok.modified'));
    },
  );

  /** Before the deactivation dialog: the paid orders not yet shipped that block it (issue 21), with links. */
  app.get(
    '/api/member/deactivationCheck',
    {
      config: { ...member, allowIncomplete: true },
      schema: {
        response: {
          200: envelope(deactivationCheckSchema),
        },
      },
    },
    async (req) => ok({ pendingOrders: await unshippedPaidOrders(ctx.db, memberOf(req).memberId) }),
  );

  app.get(
    '/api/baseInfo/refuseList',
    { config: member, schema: { response: { 200: envelope(z.number()) } } },
    async (req) => ok(await rejectedFlag(ctx.db, memberOf(req).memberId)),
  );
};
