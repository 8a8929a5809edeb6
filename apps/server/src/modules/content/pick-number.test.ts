import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PickNumber } from '@portal/contract/content';
import { call, memberSession, useTestApp } from '../../../test/helpers.ts';
import { orderDetails, orders } from '../../db/schema/orders.ts';
import { storePhotoBytes } from '../photos/photo-service.ts';

const jpeg = readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/photos/compliant-1.jpg'));

let app: FastifyInstance;
useTestApp((built) => (app = built));

async function orderWith(memberId: number, photoId: number | null, state: number, no: string) {
  const [o] = await app.ctx.db
    .insert(orders)
    .values({ orderNo: no, memberId, kind: 'individual', type: 1, state })
    .returning();
  await app.ctx.db.insert(orderDetails).values({ orderId: o!.id, name: '张三', photoId });
}

describe('本季已采集照片 (pick_number)', () => {
  it('counts the photos on live orders only: not replaced uploads, not photos of deleted or closed orders', async () => {
    const m = await memberSession(app);
    const kept = await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
    // Uploaded and then replaced by `kept` on the same person: never collected.
    await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
    // Uploaded for an order the member deleted (the order and its people are gone).
    await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
    const closed = await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
    const paid = await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
    await orderWith(m.memberId, kept.id, 110, 'PN1');
    await orderWith(m.memberId, closed.id, 150, 'PN2');
    await orderWith(m.memberId, paid.id, 120, 'PN3');
    const r = await call<PickNumber>(app, { method: 'POST', url: '/api/baseinfo/pick_number' });
    expect(r.code).toBe(200);
    expect(r.data.count).toBe(2);
  });
});
