import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { photoFixture, SPEC_CHECK_KEYS, uploadPhoto } from '../../../test/photo-uploads.ts';
import { photos } from '../../db/schema/photos.ts';
import { MemoryStorage } from '../../providers/storage.ts';
import { EXTRA_ITEMS } from '@portal/contract/photos';
import { deleteMemberPhotos, faceDistance, photoIdFromUrl, readPhotoBytes, storePhotoBytes } from './photo-service.ts';

const fixture = photoFixture;

let app: FastifyInstance;
let a: Session;
let b: Session;
const upload = (s: Session | undefined, bytes: Buffer, flow?: string, headers: Record<string, string> = {}) =>
  uploadPhoto(app, s, bytes, { flow, headers });
const rowCount = async () => (await app.ctx.db.select({ n: count() }).from(photos))[0]!.n;

useAppWithMembers((t) => ({ app, me: a, other: b } = t), { profiles: [{}, {}] });

describe('POST /api/img/upload', () => {
  it('accepts a compliant photo: the URL of the stored, upright, metadata-free 480 x 640 JPEG', async () => {
    const r = await upload(a, fixture('compliant-1.jpg'));
    expect(r.code).toBe(200);
    const url = r.data as string;
    expect(url).toMatch(/^\/api\/img\/view\/[a-f0-9]{40}\.jpg\?exp=\d+&sig=[\w-]+$/);
    const view = await app.inject({ url });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(view.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([480, 640, 'jpeg']);
  }, 60_000);

  it('applies the EXIF orientation, then strips GPS and camera data', async () => {
    const src = await sharp(fixture('exif-rotated-gps.jpg')).metadata();
    expect(src.orientation).toBe(6);
    expect(src.exif).toBeDefined();
    const r = await upload(a, fixture('exif-rotated-gps.jpg'));
    expect(r.code).toBe(200);
    const stored = await app.inject({ url: r.data as string });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  }, 60_000);

  it('rejects a failing photo with code -1, the main problem in plain words, the check object with every problem, and stores nothing', async () => {
    const before = await rowCount();
    const storage = app.ctx.storage as MemoryStorage;
    const objects = storage.objects.size;
    const r = await upload(a, fixture('blurred.jpg'), 'task');
    expect(r.status).toBe(200);
    expect(r.code).toBe(-1);
    expect(r.msg).toBe('照片模糊，请对焦清楚后重新拍摄');
    const c = r.data as Record<string, unknown>;
    // The specification's keys stay; the added items and the problems come beside them.
    expect(Object.keys(c).sort()).toEqual([...SPEC_CHECK_KEYS, 'picPath', ...EXTRA_ITEMS, 'problems'].sort());
    expect(c.problems).toEqual(['blurred']);
    expect(c.sharpness).toMatchObject({ min: 20, result: false });
    expect(c.definition).toBe(false);
    expect(c.topSide).toMatchObject({ min: 50, max: 110, result: true });
    expect(c.eyeAngle).toEqual({ angle: expect.any(Number), config_angle: 5 });
    expect(await rowCount()).toBe(before);
    expect(storage.objects.size).toBe(objects);
  }, 60_000);

  it('names the problem in English for an English caller, and lists every problem of a photo breaking two rules', async () => {
    const r = await upload(a, fixture('off-centre.jpg'), 'task', { lang: 'en' });
    expect([r.code, r.msg]).toEqual([-1, 'Your face is not centred: put it in the middle of the photo']);
    const shifted = await upload(a, fixture('head-cut-off.jpg'), 'task');
    expect(shifted.msg).toBe('头顶被裁掉，请在头顶上方留出空间');
    expect((shifted.data as { problems: string[] }).problems).toEqual(['headCut', 'headHigh']);
  }, 60_000);

  it('offers a corrected version of a zoomed-out photo on red, which becomes the photo once chosen', async () => {
    const W = 600;
    const H = 800;
    const small = await sharp(fixture('compliant-3.jpg')).resize(390, 520, { fit: 'cover' }).toBuffer();
    const phone = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .composite([{ input: small, left: 105, top: 98 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await upload(a, phone, 'individual');
    expect([r.code, r.msg]).toEqual([-1, '头部偏小，请靠近镜头']);
    const c = (r.data as { corrected?: { id: string; steps: string[]; background: string } }).corrected;
    expect(c).toMatchObject({ background: 'blue', steps: expect.arrayContaining(['crop', 'background']) });
    const before = await rowCount();
    const ok = await call<string>(app, {
      method: 'POST',
      url: '/api/img/accept-corrected',
      session: a,
      payload: { candidateId: c!.id },
    });
    expect(ok.code).toBe(200);
    expect(await rowCount()).toBe(before + 1);
  }, 120_000);

  it.each([
    ['not-a-jpeg.jpg', 'individual', '上传头像图片只能是 JPG 格式!'],
    ['png-renamed.jpg', 'individual', '上传头像图片只能是 JPG 格式!'],
    ['webp-renamed.jpg', 'task', '上传头像图片只能是 JPG 格式!'],
    ['small-20kb.jpg', 'individual', '上传头像图片大小不能小于30K!'],
  ])('%s in the %s flow: 400 %s', async (file, flow, msg) => {
    const before = await rowCount();
    const r = await upload(a, fixture(file), flow);
    expect([r.status, r.code, r.msg]).toEqual([400, 400, msg]);
    expect(await rowCount()).toBe(before);
  });

  it('checks a 20 KB photo in the task flow (no lower bound there)', async () => {
    const r = await upload(a, fixture('small-20kb.jpg'), 'task');
    expect(r.code).toBe(200);
  }, 60_000);

  it('refuses a 10000 x 10000 image before decoding it (decompression bomb)', async () => {
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 20 })
      .toBuffer();
    const r = await upload(a, bomb, 'task');
    expect([r.status, r.msg]).toEqual([400, '上传头像图片大小不能超过5M!']);
  }, 60_000);

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([fixture('compliant-1.jpg'), Buffer.alloc(5 * 1024 * 1024)]);
    const r = await upload(a, big, 'task');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect([400, 413]).toContain(r.code);
  });

  it('wants a member and a file', async () => {
    expect((await upload(undefined, fixture('compliant-1.jpg'))).code).toBe(700);
    const empty = await uploadPhoto(app, a, undefined, { flow: 'task' });
    expect([empty.code, empty.msg]).toEqual([400, '请先上传图片']);
  });
});

describe('photo ownership and URLs', () => {
  it('attaches only your own photo: another member gets 403, a forged URL image.required', async () => {
    const r = await upload(a, fixture('compliant-2.jpg'));
    const url = r.data as string;
    const id = await photoIdFromUrl(app.ctx, a.memberId, url);
    expect(id).toBeGreaterThan(0);
    await expect(photoIdFromUrl(app.ctx, b.memberId, url)).rejects.toMatchObject({ status: 403 });
    const forged = url.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(photoIdFromUrl(app.ctx, a.memberId, forged)).rejects.toMatchObject({
      status: 400,
      key: 'image.required',
    });
    expect((await readPhotoBytes(app.ctx, id)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 60_000);

  it('serves a photo only through a valid, unexpired signature', async () => {
    const r = await upload(a, fixture('compliant-3.jpg'));
    const url = r.data as string;
    const key = /view\/([^?]+)/.exec(url)![1]!;
    expect((await app.inject({ url: `/api/img/view/${key}` })).statusCode).toBe(400);
    expect((await app.inject({ url: url.replace(/sig=[\w-]+/, 'sig=wrong') })).statusCode).toBe(403);
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    expect((await app.inject({ url: url.replace(`exp=${exp}`, `exp=${exp + 3600}`) })).statusCode).toBe(403);
  }, 60_000);

  it("flags a clearly different face for staff review, and deletes a member's photos on deactivation", async () => {
    const c = await memberSession(app);
    await upload(c, fixture('compliant-1.jpg'));
    const other = await storePhotoBytes(app.ctx, c.memberId, fixture('compliant-1.jpg'), 'national');
    expect(other.id).toBeGreaterThan(0);
    const rows = await app.ctx.db.select().from(photos).where(eq(photos.memberId, c.memberId));
    expect(rows).toHaveLength(2);
    const uploaded = rows.find((x) => x.source === 'upload')!;
    expect(uploaded.descriptor).toHaveLength(128);
    expect((uploaded.checkResult as { faceMismatch: boolean }).faceMismatch).toBe(false);
    expect(faceDistance(uploaded.descriptor!, uploaded.descriptor!)).toBe(0);
    await deleteMemberPhotos(app.ctx, c.memberId);
    expect(await app.ctx.db.select().from(photos).where(eq(photos.memberId, c.memberId))).toHaveLength(0);
    expect(await app.ctx.storage.get(uploaded.storageKey)).toBeNull();
  }, 60_000);
});
