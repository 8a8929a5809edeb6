import { fenToYuan } from '@portal/contract/prices';
import type { SandboxTrade } from '../../providers/pay/sandbox.ts';

/** The sandbox cashier's flows: the desktop's QR and page, and a phone's three ways. */
export const CASHIER_FLOWS = ['qr', 'page', 'jsapi', 'h5', 'wap'] as const;
export type CashierFlow = (typeof CASHIER_FLOWS)[number];

/** Flows the platform sends the browser back from (the QR is paid on another device). */
export const returnsToPortal = (flow: CashierFlow) => flow !== 'qr';

export const flowOf = (v: unknown): CashierFlow =>
  (CASHIER_FLOWS as readonly unknown[]).includes(v) ? (v as CashierFlow) : 'qr';

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WAYS: Record<'jsapi' | 'h5' | 'wap', { title: string; way: string; color: string }> = {
  jsapi: { title: '微信支付 / WeChat Pay', way: '微信内支付 (JSAPI) / In WeChat (JSAPI)', color: '#07c160' },
  h5: { title: '微信支付 / WeChat Pay', way: '微信 H5 支付 / WeChat H5', color: '#07c160' },
  wap: { title: '支付宝 / Alipay', way: '手机网站支付 / Alipay WAP', color: '#1677ff' },
};

/** A phone-sized page in the platform's colour (no script: the server's CSP forbids inline ones). */
function phonePage(title: string, color: string, body: string): string {
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#f5f5f5;margin:0}header{background:${color};color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
main{padding:16px}.card{background:#fff;border-radius:12px;padding:20px 16px;text-align:center}.amount{font-size:36px;font-weight:600;margin:8px 0 4px}.sub{color:#666;font-size:14px;word-break:break-all}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;color:#555;font-size:14px;text-align:left;margin:16px 0 0}dd{margin:0;word-break:break-all}
form{margin-top:14px}button{width:100%;min-height:48px;font-size:17px;border-radius:8px;border:0;cursor:pointer}.pay{background:${color};color:#fff}.fail{background:#fff;color:#cf1322;border:1px solid #cf1322}
.note{color:#888;font-size:13px;margin-top:16px;text-align:center}a{color:${color}}</style></head>
<body><header>${esc(title)}（沙箱 / Sandbox）</header><main>${body}</main></body></html>`;
}

/** The phone cashier of a way: amount, what is paid, Pay and Fail. */
export function phoneCashier(t: SandboxTrade, flow: 'jsapi' | 'h5' | 'wap'): string {
  const w = WAYS[flow];
  const no = esc(t.paymentNo);
  const hidden = `<input type="hidden" name="flow" value="${flow}">`;
  return phonePage(
    w.title,
    w.color,
    `<div class="card"><div class="sub">${esc(t.subject)}</div><div class="amount" data-testid="sandbox-amount">¥ ${fenToYuan(t.amountFen)}</div>
<dl><dt>方式 / Way</dt><dd data-testid="sandbox-way">${esc(w.way)}</dd><dt>支付单号 / Payment no.</dt><dd>${no}</dd></dl></div>
<form method="post" action="/sandbox/pay/${no}/pay">${hidden}<button class="pay" type="submit">确认支付 / Pay</button></form>
<form method="post" action="/sandbox/pay/${no}/fail">${hidden}<button class="fail" type="submit">支付失败 / Fail</button></form>
<p class="note">演示环境，不会产生真实扣款。/ Demo sandbox: no real money moves.</p>`,
  );
}

/** After a phone payment that did not return by itself: the outcome and the way back. */
export function phoneResult(t: SandboxTrade, flow: 'jsapi' | 'h5' | 'wap'): string {
  const w = WAYS[flow];
  const head =
    t.state === 'paid'
      ? '支付成功 / Payment succeeded'
      : t.state === 'closed'
        ? '交易已关闭 / Trade closed'
        : '支付失败 / Payment failed';
  return phonePage(
    w.title,
    w.color,
    `<div class="card"><h1 data-testid="sandbox-result" style="font-size:20px">${head}</h1><div class="amount">¥ ${fenToYuan(t.amountFen)}</div>
<p><a href="${esc(t.returnUrl)}">返回商户 / Back to the portal</a></p></div>`,
  );
}
