import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { waybillProblem } from '@portal/contract/waybill';
import type { BulkShipResult } from '@portal/contract/bulk-shipping';
import { orders } from '../../db/schema.ts';
import {
  call,
  staffCall,
  staffHeaders,
  memberSession,
  staffSession,
  testApp,
  type Session,
} from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
let staff: { token: string };

beforeAll(async () => {
  app = await testApp();
  me = await memberSession(app, undefined, { isFirst: false });
  staff = await staffSession(app, 'admin');
});
afterAll(async () => app.close());

const act = (id: number, action: string, extra: Record<string, unknown> = {}) =>
  staffCall(app, staff.token, '/api/console/orders/transition', { ids: [id], action, ...extra });

/** An order in production, paid at once (zero amount) through the pay call. */
async function inProduction() {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual', amountFen: 0 });
  const r = await call(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id: o.id, payType: 2 },
    session: me,
  });
  expect(r.code).toBe(200);
  expect((await act(o.id, 'approve')).code).toBe(200);
  expect((await act(o.id, 'produce')).code).toBe(200);
  return o.id;
}

describe("a waybill number must have its carrier's format", () => {
  it('refuses 1234 for EMS naming the field and the format; the order stays in production', async () => {
    const id = await inProduction();
    const r = await act(id, 'ship', { waybillNos: ['1234'], carrier: 'EMS' });
    expect([r.code, r.msg]).toEqual([400, '运单号格式不正确：EMS的运单号应为13位数字，或2位字母+9位数字+2位字母']);
    const en = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: { ...staffHeaders(staff.token), 'accept-language': 'en' },
      payload: { ids: [id], action: 'ship', waybillNos: ['1234'], carrier: '顺丰速运' },
    });
    expect(en.msg).toBe(
      'The waybill number has the wrong format: a 顺丰速运 number is SF + 12 or 13 digits, or 12 digits',
    );
    expect((await act(id, 'ship', { waybillNos: ['EA123456789CN'], carrier: 'EMS' })).code).toBe(200);
  });

  it('bulk shipping refuses the row whose number does not fit its carrier, and ships the rest', async () => {
    const ok = await inProduction();
    const bad = await inProduction();
    const no = async (id: number) =>
      (await app.ctx.db.select({ n: orders.orderNo }).from(orders).where(eq(orders.id, id)))[0]!.n;
    const file = ['订单编号,运单号,快递公司', `${await no(ok)},EA123456780CN,EMS`, `${await no(bad)},1234,EMS`].join(
      '\n',
    );
    const r = await staffCall<BulkShipResult>(app, staff.token, '/api/console/shipping/bulk', {
      fileName: 'x.csv',
      content: Buffer.from(file).toString('base64'),
      apply: true,
    });
    expect(r.data.rows.map((x) => [x.ok, x.reason])).toEqual([
      [true, null],
      [false, 'logistics.bulk.waybillFormat'],
    ]);
  });

  it('has one rule per carrier and a general one for the rest', () => {
    expect(waybillProblem('EMS', '1100123456789')).toBeNull();
    expect(waybillProblem('顺丰速运', 'SF1234567890123')).toBeNull();
    expect(waybillProblem('顺丰速运', 'YT1234567890123')).not.toBeNull();
    expect(waybillProblem('圆通速递', 'YT1234567890123')).toBeNull();
    expect(waybillProblem('中通快递', '78123456789012')).toBeNull();
    expect(waybillProblem('某地方快递', '1234')).not.toBeNull();
    expect(waybillProblem('某地方快递', 'AB12345678')).toBeNull();
  });
});
