import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { signedEnvelope } from '../../http/envelope.ts';
import { message } from '../../http/lang.ts';
import type { SandboxTrade } from '../../providers/pay/sandbox.ts';
import { fenToYuan } from '@portal/contract/prices';
import { esc, flowOf, phoneCashier, phoneResult, returnsToPortal, type CashierFlow } from './sandbox-phone-pages.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#f0f2f5;margin:0;padding:32px}main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 16px}.amount{font-size:32px;color:#d4380d;margin:8px 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;color:#555}dd{margin:0;word-break:break-all}
.row{display:flex;gap:12px;margin-top:20px}form{flex:1}button{width:100%;padding:10px;font-size:16px;border-radius:6px;border:1px solid #1677ff;cursor:pointer}
.pay{background:#1677ff;color:#fff}.fail{background:#fff;color:#cf1322;border-color:#cf1322}.note{color:#888;font-size:13px;margin-top:16px}</style></head>
<body><main>${body}</main></body></html>`;
}

function cashier(t: SandboxTrade, flow: string): string {
  const no = esc(t.paymentNo);
  const hidden = `<input type="hidden" name="flow" value="${esc(flow)}">`;
  return page(
    '沙箱收银台 Sandbox cashier',
    `<h1>沙箱收银台 / Sandbox cashier</h1>
<div class="amount" data-testid="sandbox-amount">¥ ${fenToYuan(t.amountFen)}</div>
<dl><dt>商品 / Item</dt><dd>${esc(t.subject)}</dd><dt>支付单号 / Payment no.</dt><dd>${no}</dd><dt>方式 / Way</dt><dd>${t.channel === 'wechat' ? '扫码支付 / QR' : '网页支付 / Page'}</dd><dt>状态 / State</dt><dd>${esc(t.state)}</dd></dl>
<div class="row"><form method="post" action="/sandbox/pay/${no}/pay">${hidden}<button class="pay" type="submit">支付 / Pay</button></form>
<form method="post" action="/sandbox/pay/${no}/fail">${hidden}<button class="fail" type="submit">支付失败 / Fail</button></form></div>
<p class="note">演示环境，不会产生真实扣款。/ Demo sandbox: no real money moves.</p>`,
  );
}

function result(t: SandboxTrade, flow: CashierFlow): string {
  if (flow === 'jsapi' || flow === 'h5' || flow === 'wap') return phoneResult(t, flow);
  const paid = t.state === 'paid';
  const back = returnsToPortal(flow) ? `<p><a href="${esc(t.returnUrl)}">返回商户 / Back to the portal</a></p>` : '';
  return page(
    paid ? '支付成功' : '支付失败',
    `<h1 data-testid="sandbox-result">${paid ? '支付成功 / Payment succeeded' : t.state === 'closed' ? '交易已关闭 / Trade closed' : '支付失败 / Payment failed'}</h1>
<div class="amount">¥ ${fenToYuan(t.amountFen)}</div><p>${esc(t.paymentNo)}</p>${back}`,
  );
}

const wantsHtml = (req: FastifyRequest) => String(req.headers.accept ?? '').includes('text/html');

/**
 * The sandbox cashier (demo mode; see ARCHITECTURE.md, "Outside parties"): GET /sandbox/pay/:paymentNo shows the
 * amount and Pay / Fail; the plain POSTs /sandbox/pay/:paymentNo/pay and /fail do what
 * the buttons do. Paying notifies the server asynchronously with a signed message; the
 * page flow then returns the browser to the portal (which is no proof of payment).
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const sandbox = ctx.pay.sandbox!;
  // Notifications go to this instance's own notify route (every instance shares the database,
  // so any of them settles any payment), as the real platforms post to the load balancer.
  sandbox.setDeliver(
    async (url, headers, body) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
  );
  sandbox.onError = (err) => app.log.warn({ err }, 'sandbox cashier notification failed');
  // Owed notifications, this instance's or any other's (one stopped with some owed), are looked for
  // from start; before the database closes the looking stops and a delivery under way finishes.
  app.addHook('onReady', async () => sandbox.start());
  app.addHook('preClose', async () => sandbox.stop());

  const notFoundPage = (req: FastifyRequest, reply: FastifyReply) =>
    wantsHtml(req)
      ? reply.code(404).type('text/html').send(page('404', '<h1>未找到该支付 / Payment not found</h1>'))
      : reply
          .code(404)
          .send(signedEnvelope(404, message(req.lang ?? 'zh', 'http.notFound'), null, ctx.config.responseSecret));

  app.get<{ Params: { paymentNo: string }; Querystring: { flow?: string } }>(
    '/sandbox/pay/:paymentNo',
    { schema: { hide: true } },
    async (req, reply) => {
      const t = await sandbox.trade(req.params.paymentNo);
      if (!t) return notFoundPage(req, reply);
      const flow = flowOf(req.query.flow);
      const open = t.state === 'pending';
      if (open && (flow === 'jsapi' || flow === 'h5' || flow === 'wap'))
        return reply.type('text/html').send(phoneCashier(t, flow));
      return reply.type('text/html').send(open ? cashier(t, flow) : result(t, flow));
    },
  );

  for (const outcome of ['pay', 'fail'] as const) {
    app.post<{ Params: { paymentNo: string }; Body: { flow?: string } | undefined }>(
      `/sandbox/pay/:paymentNo/${outcome}`,
      { schema: { hide: true } },
      async (req, reply) => {
        const t = await sandbox.complete(req.params.paymentNo, outcome === 'pay' ? 'paid' : 'failed');
        if (!t) return notFoundPage(req, reply);
        const flow = flowOf(req.body?.flow);
        if (!wantsHtml(req))
          return reply.send(
            signedEnvelope(200, 'success', { paymentNo: t.paymentNo, state: t.state }, ctx.config.responseSecret),
          );
        // The page flow and a phone's ways return to the portal after paying, as the real platforms
        // do (WeChat H5 to its redirect_url, Alipay to return_url): never proof of payment there.
        if (returnsToPortal(flow) && t.state === 'paid') return reply.redirect(t.returnUrl, 303);
        return reply.type('text/html').send(result(t, flow));
      },
    );
  }

  /**
   * Test switches of the sandbox platform (it exists only in demo mode): refunds that fail
   * with a reason, and a platform that does not honour close (a member who paid an old QR
   * just before it was closed), so journeys can show automatic refunds and failed ones.
   */
  app.post<{ Body: { failRefunds?: string | null; ignoreClose?: boolean } | undefined }>(
    '/sandbox/switches',
    { schema: { hide: true } },
    async (req, reply) => {
      if (req.body?.failRefunds !== undefined) sandbox.failRefunds = req.body.failRefunds || null;
      if (req.body?.ignoreClose !== undefined) sandbox.ignoreClose = !!req.body.ignoreClose;
      return reply.send(
        signedEnvelope(
          200,
          'success',
          { failRefunds: sandbox.failRefunds, ignoreClose: sandbox.ignoreClose },
          ctx.config.responseSecret,
        ),
      );
    },
  );
};
