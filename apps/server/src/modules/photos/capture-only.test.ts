import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { call, multipartBody, staffCall, staffSession, type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { photoFixture } from '../../../test/photo-uploads.ts';
import { photos } from '../../db/schema/photos.ts';
import { schools, tasks } from '../../db/schema/catalog.ts';
import { issueCaptureToken } from './capture-token.ts';

let app: FastifyInstance;
let a: Session;
let b: Session;

useAppWithMembers((t) => ({ app, me: a, other: b } = t), { profiles: [{}, {}] });

const CAPTURE_ONLY_ZH = '本次采集要求现场拍照，请使用“拍照”按钮用摄像头拍摄，不能上传相册中的照片';

const upload = (s: Session, fields: Record<string, string>, lang = 'zh') => {
  const m = multipartBody(
    { flow: 'task', ...fields },
    { name: 'photo.jpg', bytes: photoFixture('compliant-1.jpg'), type: 'image/jpeg' },
  );
  return call(app, {
    method: 'POST',
    url: '/api/img/upload',
    session: s,
    signed: false,
    payload: m.payload,
    headers: { ...m.headers, lang },
  });
};
const tokenFor = async (s: Session) => {
  const r = await call<{ token: string; expiresAt: string }>(app, {
    method: 'POST',
    url: '/api/img/capture-token',
    session: s,
    payload: {},
  });
  expect(r.code).toBe(200);
  return r.data;
};
const rowCount = async () => (await app.ctx.db.select({ n: count() }).from(photos))[0]!.n;

async function makeTask(captureOnly: boolean, code: string): Promise<number> {
  await app.ctx.db
    .insert(schools)
    .values({ yxdm: '99981', name: '拍照学院', searchName: '拍照学院' })
    .onConflictDoNothing();
  const admin = await staffSession(app, 'admin');
  const r = await staffCall<{ id: number; captureOnly: boolean }>(app, admin.token, '/api/console/tasks', {
    yxdm: '99981',
    featureCode: code,
    nameZh: '现场拍照采集',
    nameEn: 'Live capture collection',
    priceFen: 3000,
    endTime: '2030-06-30T16:00:00Z',
    mosaic: false,
    captureOnly,
    fy: 'BJ',
    active: true,
  });
  expect(r.code).toBe(200);
  expect(r.data.captureOnly).toBe(captureOnly);
  return r.data.id;
}

describe('tasks that require live capture (captureOnly)', () => {
  it('the console saves the flag on the task', async () => {
    const id = await makeTask(true, 'CAM01');
    const [row] = await app.ctx.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row!.captureOnly).toBe(true);
  });

  it('refuses an upload for a capture-only task without a capture token, in zh and en, and stores nothing', async () => {
    const id = await makeTask(true, 'CAM02');
    const before = await rowCount();
    const r = await upload(a, { taskId: String(id) });
    expect([r.status, r.code, r.msg]).toEqual([400, 400, CAPTURE_ONLY_ZH]);
    const en = await upload(a, { taskId: String(id), captureToken: 'not-a-token' }, 'en');
    expect([en.code, en.msg]).toEqual([
      400,
      'This collection needs a photo taken live: use "Take a photo" with your camera, not a picture from your album',
    ]);
    expect(await rowCount()).toBe(before);
  });

  it('accepts the capture’s upload with the member’s own live token', async () => {
    const id = await makeTask(true, 'CAM03');
    const { token, expiresAt } = await tokenFor(a);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);
    const r = await upload(a, { taskId: String(id), captureToken: token });
    expect(r.code).toBe(200);
    expect(r.data).toMatch(/^\/api\/img\/view\//);
  }, 60_000);

  it('refuses another member’s token and an expired one', async () => {
    const id = await makeTask(true, 'CAM04');
    const others = await tokenFor(b);
    expect((await upload(a, { taskId: String(id), captureToken: others.token })).msg).toBe(CAPTURE_ONLY_ZH);
    // A token made for this member 16 minutes ago has run out.
    const old = issueCaptureToken(app.ctx, a.memberId, Date.now() - 16 * 60_000);
    expect(
      (await upload(a, { taskId: String(id), captureToken: issueCaptureToken(app.ctx, a.memberId).token })).code,
    ).toBe(200);
    expect((await upload(a, { taskId: String(id), captureToken: old.token })).msg).toBe(CAPTURE_ONLY_ZH);
  });

  it('a task without the flag and the individual flow still take a file from the album', async () => {
    const id = await makeTask(false, 'CAM05');
    expect((await upload(a, { taskId: String(id) })).code).toBe(200);
    expect((await upload(a, { flow: 'individual' })).code).toBe(200);
  }, 60_000);

  it('a malformed task id is a 400 naming the field', async () => {
    const r = await upload(a, { taskId: 'abc' });
    expect([r.code, r.msg]).toEqual([400, '任务编号无效（taskId 须为正整数）']);
  });
});
