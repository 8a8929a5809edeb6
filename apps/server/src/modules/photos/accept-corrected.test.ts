import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { photoFixture, uploadPhoto } from '../../../test/photo-uploads.ts';
import { photoCandidates, photos } from '../../db/schema/photos.ts';
import type { PhotoRefusal } from '@portal/contract/photos';
import { deleteMemberPhotos, memberPhotoKeys, readOriginalBytes } from './photo-service.ts';

// The correction engine is another module's (its own tests measure it): here it answers what
// each test sets, so the offer, the choice and the re-check are tested on their own.
const engine = vi.hoisted(() => ({ next: null as Buffer | null, calls: 0 }));
vi.mock('./correction.ts', () => ({
  correctIfFixable: async (_ctx: unknown, _bytes: Buffer, r: { check: object }) => {
    engine.calls++;
    if (!engine.next) return null;
    return { bytes: engine.next, result: { ...r, passed: true }, steps: ['crop', 'background'] };
  },
}));

const fixture = photoFixture;

let app: FastifyInstance;
let a: Session;
let b: Session;
const upload = (s: Session, bytes: Buffer) => uploadPhoto<PhotoRefusal | string>(app, s, bytes, { flow: 'task' });
const accept = (s: Session, id: unknown, lang = 'zh') =>
  call<string>(app, {
    method: 'POST',
    url: '/api/img/accept-corrected',
    session: s,
    payload: { candidateId: id },
    headers: { lang },
  });
const photoRows = async () => (await app.ctx.db.select({ n: count() }).from(photos))[0]!.n;

/** A refused upload (off-centre) that the engine, as set, offers to correct with `corrected`. */
async function offered(s: Session, corrected: Buffer) {
  engine.next = corrected;
  const r = await upload(s, fixture('off-centre.jpg'));
  expect(r.code).toBe(-1);
  const data = r.data as PhotoRefusal;
  expect(data.corrected).toBeDefined();
  return data.corrected!;
}

useAppWithMembers((t) => ({ app, me: a, other: b } = t), { profiles: [{}, {}] });

describe('a refused photo the machine can fix', () => {
  it('answers the usual refusal and a candidate the member alone can see; accepted, it is checked again and kept with its original', async () => {
    engine.next = fixture('compliant-1.jpg');
    const r = await upload(a, fixture('off-centre.jpg'));
    expect([r.code, r.msg]).toEqual([-1, '脸部不居中，请把脸放在照片正中']);
    const data = r.data as PhotoRefusal;
    // The seed's check fields stay as they were, the candidate comes beside them.
    expect(data.leftSide).toMatchObject({ result: expect.any(Boolean) });
    expect(data.problems).toContain('offCentre');
    const c = data.corrected!;
    expect(c).toMatchObject({ steps: ['crop', 'background'], background: 'blue' });
    expect(c.id).toMatch(/^[a-f0-9]{32}$/);
    expect(c.url).toBe(`/api/img/candidate/${c.id}`);
    expect(new Date(c.expiresAt).getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);

    // The candidate's bytes: for its member only.
    const auth = (s: Session) => ({ authorization: `Bearer ${s.token}`, memberid: String(s.memberId) });
    const mine = await app.inject({ url: c.url, headers: auth(a) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect((await app.inject({ url: c.url, headers: auth(b) })).statusCode).toBe(404);
    expect((await app.inject({ url: c.url })).statusCode).toBe(401);

    const before = await photoRows();
    const other = await accept(b, c.id);
    expect([other.code, other.msg]).toEqual([404, '未找到']);
    expect(await photoRows()).toBe(before);

    const ok = await accept(a, c.id);
    expect(ok.code).toBe(200);
    expect(ok.data).toMatch(/^\/api\/img\/view\/[a-f0-9]{40}\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect((await app.inject({ url: ok.data })).statusCode).toBe(200);
    const key = /view\/([^?]+)/.exec(ok.data)![1]!;
    const [row] = await app.ctx.db.select().from(photos).where(eq(photos.storageKey, key));
    expect(row).toMatchObject({ memberId: a.memberId, passed: true, autoCorrected: true, source: 'upload' });
    expect(row!.descriptor).toHaveLength(128);
    // The original is kept: the upright 480 x 640 frame of the upload.
    expect(row!.originalKey).toMatch(/^[a-f0-9]{40}\.jpg$/);
    const original = await readOriginalBytes(app.ctx, row!.id);
    const meta = await sharp(original!).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([480, 640, 'jpeg']);
    expect(await photoRows()).toBe(before + 1);

    // Twice: refused, nothing written twice.
    const again = await accept(a, c.id);
    expect([again.code, again.msg]).toEqual([409, '这张修正后的照片已经使用过了']);
    expect((await accept(a, c.id, 'en')).msg).toBe('This corrected photo has already been used');
    expect(await photoRows()).toBe(before + 1);
    // The candidate's own address is gone once it became a photo.
    expect((await app.inject({ url: c.url, headers: auth(a) })).statusCode).toBe(404);
  }, 120_000);

  it('refuses an expired candidate with a clear message and keeps nothing', async () => {
    const c = await offered(a, fixture('compliant-2.jpg'));
    await app.ctx.db
      .update(photoCandidates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(photoCandidates.id, c.id));
    const before = await photoRows();
    const r = await accept(a, c.id);
    expect([r.status, r.code, r.msg]).toEqual([400, 400, '修正后的照片已过期，请重新上传照片']);
    expect(await photoRows()).toBe(before);
  }, 120_000);

  it('checks the candidate again: a candidate that does not pass is refused with the check object, and stays unused', async () => {
    const c = await offered(a, fixture('blurred.jpg'));
    const before = await photoRows();
    const r = await accept(a, c.id);
    expect([r.code, r.msg]).toEqual([-1, '修正后的照片未通过检测，请重新拍摄照片']);
    expect((r.data as unknown as PhotoRefusal).problems).toEqual(['blurred']);
    expect(await photoRows()).toBe(before);
    const [row] = await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, c.id));
    expect(row!.acceptedPhotoId).toBeNull();
  }, 120_000);

  it('offers nothing for a photo the engine will not fix: the refusal as before, nothing stored', async () => {
    engine.next = null;
    const objects = (app.ctx.storage as unknown as { objects: Map<string, unknown> }).objects.size;
    const r = await upload(a, fixture('blurred.jpg'));
    expect(r.code).toBe(-1);
    expect(r.data).not.toHaveProperty('corrected');
    expect((app.ctx.storage as unknown as { objects: Map<string, unknown> }).objects.size).toBe(objects);
  }, 60_000);

  it('names the field of a malformed id, and answers 404 for an unknown one', async () => {
    const bad = await accept(a, 'x');
    expect([bad.code, bad.msg]).toEqual([400, '请选择修正后的照片（编号无效）']);
    const unknown = await accept(a, 'f'.repeat(32));
    expect(unknown.code).toBe(404);
  });

  it("lets nothing outlive the member: deactivation's keys hold the originals, and the candidates go", async () => {
    const c = await memberSession(app);
    const taken = await offered(c, fixture('compliant-1.jpg'));
    const url = (await accept(c, taken.id)).data;
    const pending = await offered(c, fixture('compliant-2.jpg'));
    const [p] = await app.ctx.db
      .select()
      .from(photos)
      .where(eq(photos.storageKey, /view\/([^?]+)/.exec(url)![1]!));
    const [q] = await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, pending.id));
    expect(await memberPhotoKeys(app.ctx, c.memberId)).toEqual([p!.storageKey, p!.originalKey]);
    await deleteMemberPhotos(app.ctx, c.memberId);
    for (const key of [p!.storageKey, p!.originalKey!, q!.correctedKey, q!.originalKey])
      expect(await app.ctx.storage.get(key)).toBeNull();
    expect(await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.memberId, c.memberId))).toEqual([]);
  }, 120_000);

  it('sweeps candidates expired over an hour ago (bytes and row) on the next offer', async () => {
    const c = await offered(a, fixture('compliant-3.jpg'));
    const [row] = await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, c.id));
    await app.ctx.db
      .update(photoCandidates)
      .set({ expiresAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(photoCandidates.id, c.id));
    await offered(b, fixture('compliant-3.jpg'));
    expect(await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, c.id))).toHaveLength(0);
    expect(await app.ctx.storage.get(row!.correctedKey)).toBeNull();
    expect(await app.ctx.storage.get(row!.originalKey)).toBeNull();
  }, 120_000);
});
