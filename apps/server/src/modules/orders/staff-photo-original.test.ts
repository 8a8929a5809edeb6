import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { call, memberSession, staffSession, testApp } from '../../../test/helpers.ts';
import { auditLog, orderDetails, orders, photos } from '../../db/schema.ts';
import { storePhotoBytes } from '../photos/photo-service.ts';

const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/photos');
const fixture = (f: string) => readFileSync(path.join(dir, f));

let app: FastifyInstance;
let corrected: number;
let plain: number;
let orderId: number;
const original = fixture('off-centre.jpg');

/** An order waiting for review (state 115) in branch BJ with one person and the photo. */
async function orderWith(memberId: number, photoId: number) {
  const [o] = await app.ctx.db
    .insert(orders)
    .values({
      orderNo: `C${Date.now()}${photoId}`,
      memberId,
      kind: 'individual',
      type: 1,
      state: 115,
      totalFen: 4500,
      payTime: new Date(),
      shippingTypeName: 'EMS',
      shippingReceiveName: '张三',
      shippingReceiveMobile: '13900000000',
      shippingAddress: '海淀路1号',
    })
    .returning();
  await app.ctx.db
    .insert(orderDetails)
    .values({ orderId: o!.id, name: '张三', fy: 'BJ', schoolName: '北京大学', yxdm: '10001', photoId });
  return o!.id;
}

beforeAll(async () => {
  app = await testApp();
  const m = await memberSession(app);
  // A photo the member chose after the machine corrected it (the accept call's row), and a plain one.
  const p = await storePhotoBytes(app.ctx, m.memberId, fixture('compliant-1.jpg'), 'upload');
  await app.ctx.storage.put('0'.repeat(40) + '.jpg', original, 'image/jpeg');
  await app.ctx.db
    .update(photos)
    .set({ autoCorrected: true, originalKey: '0'.repeat(40) + '.jpg' })
    .where(eq(photos.id, p.id));
  corrected = p.id;
  plain = (await storePhotoBytes(app.ctx, m.memberId, fixture('compliant-2.jpg'), 'upload')).id;
  orderId = await orderWith(m.memberId, corrected);
  await orderWith(m.memberId, plain);
});
afterAll(() => app.close());

const get = async (url: string, role: Parameters<typeof staffSession>[1], branch: string | null = null) => {
  const s = await staffSession(app, role, branch);
  return app.inject({ url, headers: { 'x-staff-token': s.token } });
};

describe('the original of an automatically corrected photo, for staff', () => {
  it('marks the photo auto-corrected in the review queue', async () => {
    const s = await staffSession(app, 'reviewer');
    const q = await call<{
      rows: { order: { id: number }; persons: { photo: { id: number; autoCorrected?: boolean } }[] }[];
    }>(app, { method: 'GET', url: '/api/console/review?size=100', headers: { 'x-staff-token': s.token } });
    const photosSeen = q.data.rows.flatMap((r) => r.persons.map((p) => p.photo));
    expect(photosSeen.find((p) => p.id === corrected)?.autoCorrected).toBe(true);
    expect(photosSeen.find((p) => p.id === plain)?.autoCorrected).toBe(false);
    expect(q.data.rows.some((r) => r.order.id === orderId)).toBe(true);
  });

  it('serves the original to the roles that see faces, audited; never to the editor or finance', async () => {
    const url = `/api/console/photos/${corrected}/original`;
    const r = await get(url, 'reviewer');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(r.rawPayload, original)).toBe(0);
    expect((await get(url, 'production')).statusCode).toBe(200);
    expect((await get(url, 'admin')).statusCode).toBe(200);
    expect((await get(url, 'branch', 'BJ')).statusCode).toBe(200);
    expect((await get(url, 'branch', 'SH')).statusCode).toBe(404);
    expect((await get(url, 'editor')).statusCode).toBe(403);
    expect((await get(url, 'finance')).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).not.toBe(200);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.viewOriginal'), eq(auditLog.targetId, String(corrected))));
    expect(audit.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 404 for a photo kept as uploaded (no original) and for an unknown photo', async () => {
    expect((await get(`/api/console/photos/${plain}/original`, 'reviewer')).statusCode).toBe(404);
    expect((await get('/api/console/photos/999999/original', 'reviewer')).statusCode).toBe(404);
  });
});
