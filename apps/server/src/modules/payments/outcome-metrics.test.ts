import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, staffCall, staffSession, type Session } from '../../../test/helpers.ts';
import { usePaySandboxApp } from '../../../test/member-apps.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { sandboxNotifyBody, sandboxNotifyHeaders } from '../../providers/pay/sandbox.ts';

// The payment and refund counters at /metrics move where the outcome is decided: an operator
// watching them sees payments settle and refunds fail.

let app: FastifyInstance;
let me: Session & { mobile: string };
usePaySandboxApp((t) => ({ app, me } = t));
const sandbox = () => app.ctx.pay.sandbox!;

/** The value of one sample in the /metrics text (0 when the series has not appeared yet). */
async function sample(name: string, labels: string): Promise<number> {
  const r = await app.inject({ url: '/metrics' });
  expect(r.statusCode).toBe(200);
  const line = r.body.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function payByNotify(amountFen: number, state: 'paid' | 'failed' = 'paid') {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
  const info = await call<{ paymentNo?: string; amountFen: number }>(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id: o.id, payType: 2 },
    session: me,
  });
  const no = info.data.paymentNo!;
  const trade = (await sandbox().trade(no))!;
  const body = sandboxNotifyBody(trade, state, sandbox().merchantId, amountFen);
  const r = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/wechat',
    headers: sandboxNotifyHeaders(sandbox().key, body),
    payload: body,
  });
  return { order: o, paymentNo: no, amountFen: info.data.amountFen, status: r.statusCode };
}

it('counts a settled, a refused and a failed payment notification by provider and outcome', async () => {
  const settled = () => sample('payments_total', 'provider="wechat",outcome="settled"');
  const refused = () => sample('payments_total', 'provider="wechat",outcome="refused"');
  const failed = () => sample('payments_total', 'provider="wechat",outcome="failed"');
  const before = { settled: await settled(), refused: await refused(), failed: await failed() };

  const paid = await payByNotify(4500);
  expect(paid.status).toBe(204);
  expect(await settled()).toBe(before.settled + 1);

  // A notification whose amount does not match is refused and counted as such, not as settled.
  await payByNotify(1);
  expect(await refused()).toBe(before.refused + 1);
  await payByNotify(4500, 'failed');
  expect(await failed()).toBe(before.failed + 1);
  expect(await settled()).toBe(before.settled + 1);
});

it('counts an order of zero amount as settled without a provider', async () => {
  const before = await sample('payments_total', 'provider="zero",outcome="settled"');
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual', amountFen: 0 });
  const r = await call<{ paid: boolean }>(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id: o.id, payType: 2 },
    session: me,
  });
  expect(r.data.paid).toBe(true);
  expect(await sample('payments_total', 'provider="zero",outcome="settled"')).toBe(before + 1);
});

it('counts refunds given back and refunds the provider refused', async () => {
  const refunded = () => sample('refunds_total', 'outcome="refunded"');
  const failed = () => sample('refunds_total', 'outcome="failed"');
  const before = { refunded: await refunded(), failed: await failed() };
  const fin = await staffSession(app, 'finance');
  const approve = async (id: number) =>
    staffCall<{ status: number }>(app, fin.token, `/api/console/refunds/${id}/approve`, {});

  const paid = await payByNotify(4500);
  await sandbox().complete(paid.paymentNo, 'paid');
  const req = await call<{ id: number }>(app, { url: `/api/pay/refund?id=${paid.order.id}`, session: me });
  sandbox().failRefunds = 'SYSTEM_ERROR: sandbox refund outage';
  try {
    expect((await approve(req.data.id)).data.status).toBe(5);
  } finally {
    sandbox().failRefunds = null;
  }
  expect([await refunded(), await failed()]).toEqual([before.refunded, before.failed + 1]);

  expect((await approve(req.data.id)).data.status).toBe(4);
  expect([await refunded(), await failed()]).toEqual([before.refunded + 1, before.failed + 1]);
});
