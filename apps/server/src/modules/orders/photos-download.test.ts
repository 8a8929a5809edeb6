import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { orderDetails, orders } from '../../db/schema.ts';
import { memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { storePhotoBytes } from '../photos/public.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
let other: Session & { mobile: string };

beforeAll(async () => {
  app = await testApp();
  me = await memberSession(app, undefined, { isFirst: false });
  other = await memberSession(app, undefined, { isFirst: false });
});
afterAll(async () => app.close());

const get = (url: string, s: Session) =>
  app.inject({ url, headers: { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) } });

/** A two-person order of mine, made, with each person's own photo (a different colour each). */
async function twoPersonOrder() {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual', persons: 2 });
  const lines = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.id));
  const names = ['张三', '李四'];
  for (const [i, line] of lines.entries()) {
    const jpeg = await sharp({
      create: { width: 480, height: 640, channels: 3, background: { r: 40 * i, g: 90, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const p = await storePhotoBytes(app.ctx, null, jpeg, 'seed');
    await app.ctx.db.update(orderDetails).set({ photoId: p.id, name: names[i] }).where(eq(orderDetails.id, line.id));
  }
  await app.ctx.db.update(orders).set({ state: 120, picAllowState: 1 }).where(eq(orders.id, o.id));
  return { ...o, lineIds: lines.map((l) => l.id) };
}

/** The names of a ZIP's files, read from its central directory. */
function zipNames(buf: Buffer): string[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  const out: string[] = [];
  for (let i = buf.readUInt32LE(eocd + 16), n = 0; n < count; n++) {
    expect(buf.readUInt32LE(i)).toBe(0x02014b50);
    const nameLen = buf.readUInt16LE(i + 28);
    out.push(buf.subarray(i + 46, i + 46 + nameLen).toString('utf8'));
    i += 46 + nameLen + buf.readUInt16LE(i + 30) + buf.readUInt16LE(i + 32);
  }
  return out;
}

describe("a two-person order's photos", () => {
  it('download as one ZIP holding each person’s photo, named after them', async () => {
    const o = await twoPersonOrder();
    const r = await get(`/api/img/downloadPhotos?id=${o.id}`, me);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain(encodeURIComponent(`${o.orderNo}.zip`));
    expect(zipNames(r.rawPayload).sort()).toEqual(['张三.jpg', '李四.jpg'].sort());
    // Not another member's.
    expect((await get(`/api/img/downloadPhotos?id=${o.id}`, other)).json()).toMatchObject({ code: 403 });
  });

  it('download one by one: each person by their line, not always the first', async () => {
    const o = await twoPersonOrder();
    const first = await get(`/api/img/downloadPhoto?id=${o.id}&detailId=${o.lineIds[0]}`, me);
    const second = await get(`/api/img/downloadPhoto?id=${o.id}&detailId=${o.lineIds[1]}`, me);
    expect(first.headers['content-disposition']).toContain(encodeURIComponent('张三.jpg'));
    expect(second.headers['content-disposition']).toContain(encodeURIComponent('李四.jpg'));
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).not.toBe(0);
  });

  it('not before the order allows it', async () => {
    const o = await twoPersonOrder();
    await app.ctx.db.update(orders).set({ state: 110 }).where(eq(orders.id, o.id));
    expect((await get(`/api/img/downloadPhotos?id=${o.id}`, me)).json()).toMatchObject({
      code: 409,
      msg: '当前订单状态不允许下载照片',
    });
  });
});
