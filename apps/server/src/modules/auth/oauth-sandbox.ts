import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { randomToken } from '../../lib/crypto.ts';
import { SandboxOAuth } from '../../providers/oauth.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The third-party consent page stand-in (see ARCHITECTURE.md, "Outside parties"): a page that asks the
 * user to confirm, and a plain POST that does what its button does.
 */
export const oauthSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.ctx.oauth;
  // Only where the sandbox is the party: never beside the real WeChat login, never in production.
  if (!(sandbox instanceof SandboxOAuth)) return;
  app.get(
    '/sandbox/oauth/authorize',
    { schema: { hide: true, querystring: z.object({ state: z.string().min(1).max(100) }) } },
    async (req, reply) => {
      const openId = `wx_${randomToken(8)}`;
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>授权登录 / Authorise</title>
<style>body{font-family:sans-serif;background:#f5f5f5;display:flex;justify-content:center;padding-top:80px}
main{background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 2px 8px #0002;width:380px}
label{display:block;margin:16px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}
button{margin-top:20px;width:100%;padding:10px;background:#07c160;color:#fff;border:0;border-radius:4px;font-size:16px;cursor:pointer}</style></head>
<body><main><h1>模拟第三方授权 / Sandbox sign-in</h1>
<p>学生图像采集平台 申请获得你的公开信息（昵称、头像）。<br>The student photo portal asks for your public profile.</p>
<form method="post" action="/sandbox/oauth/confirm">
<input type="hidden" name="state" value="${esc(req.query.state)}">
<label for="openId">openId（沙箱用户标识 / sandbox user id）</label>
<input id="openId" name="openId" value="${esc(openId)}" required maxlength="64">
<button type="submit">确认登录 / Confirm</button></form></main></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/sandbox/oauth/confirm',
    {
      schema: {
        hide: true,
        body: z.object({ state: z.string().min(1).max(100), openId: z.string().trim().min(1).max(64) }),
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (req, reply) => {
      const url = await sandbox.confirm(req.body.state, req.body.openId);
      if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return reply.redirect(url, 303);
      return ok({ url });
    },
  );
};
