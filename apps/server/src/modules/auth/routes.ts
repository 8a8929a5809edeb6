import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { withCode } from '../../http/errors.ts';
import { memberOf } from '../../http/auth.ts';
import { endSession } from './sessions.ts';
import { createCaptcha } from './captcha.ts';
import * as svc from './service.ts';
import { metaOf as meta } from './request-meta.ts';
import * as f from './fields.ts';
import { oauthSandboxRoutes } from './oauth-sandbox.ts';
import { accountsDevHooks } from './dev-hooks.ts';

const loginData = z.object({ token: z.string(), randomKey: z.string(), memberId: z.number(), isFirst: z.boolean() });
/** The two channels a WeChat account is bound by: their paths and the names of their fields. */
const BIND_CHANNELS = [
  {
    channel: 'sms',
    bindPath: '/api/login/bindingMobile',
    sendPath: '/api/code/sendMobileCode',
    target: 'mobile',
    targetField: f.mobileField,
    code: 'messageCode',
    captcha: f.mobileCaptcha,
  },
  {
    channel: 'mail',
    bindPath: '/api/login/bindingMail',
    sendPath: '/api/code/sendEmailCode',
    target: 'mail',
    targetField: f.lowerMail,
    code: 'mailCode',
    captcha: f.mailCaptcha,
  },
] as const;

/** Login and session calls (document 1, section 7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(oauthSandboxRoutes);
  if (ctx.config.demo) await app.register(accountsDevHooks);

  app.get(
    '/api/login/getImageCode',
    { schema: { response: { 200: envelope(z.object({ imageCodeToken: z.string(), imageCode: z.string() })) } } },
    async () => ok(await createCaptcha(ctx.db)),
  );

  app.get(
    '/api/login/sendCode',
    { schema: { querystring: f.sendCodeQuery, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.sendLoginCode(ctx, req.query, meta(req));
      return ok(null);
    },
  );

  app.get(
    '/api/login/auth',
    { schema: { querystring: f.loginQuery, response: { 200: envelope(loginData) } } },
    async (req) => ok(await svc.login(ctx, req.query, meta(req))),
  );

  app.get('/api/login/wxlogin', { schema: { response: { 200: envelope(z.object({ url: z.string() })) } } }, async () =>
    ok({ url: await svc.authorizeUrl(ctx) }),
  );

  app.get(
    '/api/login/callback',
    {
      schema: {
        querystring: z.object({ code: f.required('oauth.stateInvalid'), state: f.required('oauth.stateInvalid') }),
        response: {
          200: envelope(
            z.union([loginData, z.object({ openId: z.string(), nickname: z.string().optional() }), z.null()]),
          ),
        },
      },
    },
    async (req) => {
      const r = await svc.callback(ctx, req.query, meta(req));
      // Code 0 logs the user in; otherwise the openId goes on to /selectStudent (document 1, section 4).
      if (!r.loggedIn) throw withCode(201, null, { openId: r.openId, nickname: r.nickname }, 'openId');
      const { loggedIn: _l, ...data } = r;
      return { ...ok(data), code: 0 };
    },
  );

  app.post(
    '/api/login/exit',
    { config: { auth: 'optional' }, schema: { response: { 200: envelope(z.null()) } } },
    async (req) => {
      if (req.member) await endSession(ctx, req.member.sessionId, 'logout');
      return ok(null);
    },
  );

  app.get(
    '/api/login/sendLogoutCode',
    {
      config: { auth: 'member', allowIncomplete: true },
      schema: { querystring: z.object(f.ownCaptcha), response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.sendLogoutCode(ctx, memberOf(req), req.query, meta(req));
      return ok(null);
    },
  );

  app.get(
    '/api/login/logout',
    {
      config: { auth: 'member', allowIncomplete: true },
      schema: { querystring: z.object({ messageCode: f.smsCodeField }), response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.deactivate(ctx, memberOf(req), req.query.messageCode);
      return ok(null, 'ok');
    },
  );

  // Binding a WeChat account by mobile or by mail, and sending the code for it, follow one rule each;
  // the two channels differ only in the names of their fields (document 1, section 4).
  for (const c of BIND_CHANNELS) {
    app.post(
      c.bindPath,
      {
        schema: {
          body: z.object({
            name: f.selectStudentName,
            [c.target]: c.targetField,
            [c.code]: f.selectStudentCode,
            openId: f.openIdField,
          }),
          response: { 200: envelope(loginData) },
        },
      },
      async (req) => {
        const b = req.body as Record<string, string>;
        const bind = { channel: c.channel, target: b[c.target], name: b.name, code: b[c.code], openId: b.openId };
        return ok(await svc.bind(ctx, bind, meta(req)));
      },
    );
  }

  for (const c of BIND_CHANNELS) {
    app.post(
      c.sendPath,
      {
        schema: {
          body: z.object({ [c.target]: c.targetField, step: f.stepField, ...c.captcha }),
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        const b = req.body as { step: number; imageToken: string; imageCode: string } & Record<string, unknown>;
        await svc.sendBindCode(ctx, { channel: c.channel, target: b[c.target] as string, ...b }, meta(req));
        return ok(null);
      },
    );
  }
};
