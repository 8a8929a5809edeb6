import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { BulkShipResult } from '@portal/contract/bulk-shipping';
import { orderDetails, orders, parcels, refunds } from '../../db/schema.ts';
import { staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const order = (mobile: string, state: number) =>
  createDevOrder(app.ctx, { mobile, kind: 'individual', persons: 1, withShipping: true, state });
const csv = (text: string) => Buffer.from(text).toString('base64');
const send = (token: string, fileName: string, content: string, apply: boolean) =>
  staffCall<BulkShipResult>(app, token, '/api/console/shipping/bulk', { fileName, content, apply });
const stateOf = async (id: number) =>
  (await app.ctx.db.select({ s: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.s;

describe('bulk shipping from a carrier file', () => {
  it('a dry run lists what would change and every row that would not; applying ships exactly those', async () => {
    const a = await order('13800003801', 130);
    const b = await order('13800003802', 130);
    const paid = await order('13800003803', 115);
    const refunding = await order('13800003804', 130);
    await app.ctx.db
      .insert(refunds)
      .values({ refundNo: `R${refunding.id}`, orderId: refunding.id, amountFen: 100, status: 1, origin: 'member' });
    const file = csv(
      [
        '订单编号,运单号,快递公司',
        `${a.orderNo},SF1000000000001,顺丰速运`,
        `${b.orderNo},EA200000002CN,`,
        `${paid.orderNo},SF1000000000003,顺丰速运`,
        `${refunding.orderNo},SF1000000000004,顺丰速运`,
        'NO-SUCH-ORDER,SF1000000000005,顺丰速运',
        `${a.orderNo},SF1000000000006,顺丰速运`,
        `${b.orderNo.slice(0, 0)},SF1000000000007,`,
        `${refunding.orderNo}x,bad waybill!,`,
      ].join('\r\n'),
    );
    const prod = await staffSession(app, 'production');
    const dry = await send(prod.token, '顺丰回单.csv', file, false);
    expect(dry.code).toBe(200);
    expect(dry.data).toMatchObject({ applied: false, shipped: 2, refused: 6 });
    expect(dry.data.rows.map((r) => [r.row, r.ok, r.reason])).toEqual([
      [2, true, null],
      [3, true, null],
      [4, false, 'logistics.bulk.wrongState'],
      [5, false, 'logistics.bulk.refundPending'],
      [6, false, 'logistics.bulk.unknownOrder'],
      [7, false, 'logistics.bulk.duplicateOrder'],
      [8, false, 'logistics.bulk.orderNoMissing'],
      [9, false, 'logistics.bulk.waybillInvalid'],
    ]);
    expect(dry.data.rows[2]!.state).toBe(115);
    // Nothing changed by the dry run.
    expect([await stateOf(a.id), await stateOf(b.id)]).toEqual([130, 130]);

    const done = await send(prod.token, '顺丰回单.csv', file, true);
    expect(done.data).toMatchObject({ applied: true, shipped: 2, refused: 6 });
    expect([await stateOf(a.id), await stateOf(b.id), await stateOf(paid.id), await stateOf(refunding.id)]).toEqual([
      140, 140, 115, 130,
    ]);
    const [shipped] = await app.ctx.db.select().from(orders).where(eq(orders.id, a.id));
    expect([shipped!.shippingOrderNo, shipped!.shippingTypeName]).toEqual(['SF1000000000001', '顺丰速运']);
    const ps = await app.ctx.db
      .select()
      .from(parcels)
      .where(inArray(parcels.orderId, [a.id, b.id]));
    expect(ps.map((p) => p.waybillNo).sort()).toEqual(['EA200000002CN', 'SF1000000000001']);
    // The same file again: both are shipped already, nothing moves twice.
    const again = await send(prod.token, '顺丰回单.csv', file, true);
    expect(again.data.shipped).toBe(0);
    expect(again.data.rows[0]!.reason).toBe('logistics.bulk.wrongState');
  });

  it('reads the Excel sheet a carrier sends, columns in any order', async () => {
    const c = await order('13800003805', 130);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('回单');
    ws.addRow(['快递单号', '收件人', '订单号']);
    ws.addRow(['EA300000001CN', '张三', c.orderNo]);
    const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const prod = await staffSession(app, 'production');
    const r = await send(prod.token, 'jd.xlsx', content, true);
    expect(r.data).toMatchObject({ applied: true, shipped: 1, refused: 0 });
    expect(await stateOf(c.id)).toBe(140);
  });

  it('refuses another file type, a file without the columns, and names the rule', async () => {
    const prod = await staffSession(app, 'production');
    const pdf = await send(prod.token, 'list.pdf', csv('%PDF-1.4'), false);
    expect([pdf.code, pdf.msg]).toEqual([400, '只接受CSV或Excel（.xlsx）文件']);
    const fake = await send(prod.token, 'list.xlsx', csv('not a zip'), false);
    expect(fake.code).toBe(400);
    const noCols = await send(prod.token, 'list.csv', csv('姓名,电话\n张三,1380000'), false);
    expect([noCols.code, noCols.msg]).toEqual([400, '文件第一行须有“订单编号”和“运单号”两列']);
    const empty = await send(prod.token, 'list.csv', csv('订单编号,运单号\n'), false);
    expect([empty.code, empty.msg]).toEqual([400, '文件中没有数据行']);
  });

  it("a branch account may not ship from a file: refused, another branch's order unchanged", async () => {
    const mine = await order('13800003806', 130);
    const theirs = await order('13800003807', 130);
    await app.ctx.db.update(orderDetails).set({ fy: 'BJ' }).where(eq(orderDetails.orderId, mine.id));
    await app.ctx.db.update(orderDetails).set({ fy: 'SH' }).where(eq(orderDetails.orderId, theirs.id));
    const branch = await staffSession(app, 'branch', 'BJ');
    // A branch account has no shipping ability at all: the guard refuses it.
    const refused = await send(branch.token, 'x.csv', csv(`订单编号,运单号\n${theirs.orderNo},SF1000000000009`), true);
    expect(refused.code).toBe(403);
    expect(await stateOf(theirs.id)).toBe(130);
  });
});
