import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SandboxMpAuth } from '../../providers/wechat-mp-auth.ts';
import { baseUrlOf } from './base-url.ts';

/**
 * The sandbox official account's web authorisation (demo mode): snsapi_base shows WeChat's user no
 * screen, so GET /sandbox/mp-oauth/authorize sends the browser straight back to redirect_uri with a
 * code and the state, as WeChat does. It returns only into this portal (never an open redirect).
 * `openid` may name the payer (scripts); else each authorisation is a new payer.
 */
export const sandboxPhoneRoutes: FastifyPluginAsync = async (app) => {
  const mp = app.ctx.wechatMp;
  if (!(mp instanceof SandboxMpAuth)) return;
  app.get<{ Querystring: { redirect_uri?: string; state?: string; openid?: string } }>(
    '/sandbox/mp-oauth/authorize',
    { schema: { hide: true } },
    async (req, reply) => {
      const base = baseUrlOf(req);
      let target: URL;
      try {
        target = new URL(String(req.query.redirect_uri ?? ''));
      } catch {
        return reply.code(400).type('text/plain').send('redirect_uri must be a URL of this portal');
      }
      if (target.origin !== new URL(base).origin)
        return reply.code(400).type('text/plain').send('redirect_uri must be a URL of this portal');
      const openid = /^[\w-]{6,64}$/.test(req.query.openid ?? '')
        ? req.query.openid!
        : `o_sbx_${crypto.randomBytes(9).toString('base64url')}`;
      target.searchParams.set('code', mp.issueCode(openid));
      target.searchParams.set('state', String(req.query.state ?? '').slice(0, 256));
      return reply.redirect(target.toString(), 302);
    },
  );
};
