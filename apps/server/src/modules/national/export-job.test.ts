import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import type { NationalExportJob } from '@portal/contract/national-export';
import { orderDetails, photos } from '../../db/schema.ts';
import { staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { createApprovedPhotos } from '../dev/dev-national-report.ts';
import { unzip } from './export-zip.testkit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

/** Polls the job list until the job has finished (the worker runs it after the start call). */
async function finished(token: string, id: number): Promise<NationalExportJob> {
  for (;;) {
    const r = await staffCall<NationalExportJob[]>(app, token, '/api/console/national-export');
    const j = r.data.find((x) => x.id === id);
    if (j && (j.state === 'done' || j.state === 'failed')) return j;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

async function download(token: string, id: number): Promise<Map<string, Buffer>> {
  const link = await staffCall<{ url: string }>(app, token, `/api/console/national-export/${id}/link`);
  expect(link.code).toBe(200);
  const res = await app.inject({ url: link.data.url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return unzip(res.rawPayload);
}

const linesOf = (csv: Buffer) =>
  csv
    .toString()
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('national export as a background job', () => {
  it('exports every approved person school by school, named by ID number, with a manifest per school and the rows it left out', async () => {
    const a = await createApprovedPhotos(app.ctx, { mobile: '13800003701', yxdm: '10001', known: 0, unknown: 4 });
    await createApprovedPhotos(app.ctx, { mobile: '13800003702', yxdm: '10002', known: 0, unknown: 2 });
    const lines = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, a.id));
    // One person has no ID number, another's photo is gone from storage.
    await app.ctx.db.update(orderDetails).set({ idNumEnc: null }).where(eq(orderDetails.id, lines[0]!.id));
    const [gone] = await app.ctx.db.select().from(photos).where(eq(photos.id, lines[1]!.photoId!));
    await app.ctx.storage.delete(gone!.storageKey);

    const prod = await staffSession(app, 'production');
    const started = await staffCall<NationalExportJob>(app, prod.token, '/api/console/national-export', {});
    expect(started.code).toBe(200);
    expect(started.data.total).toBe(6);
    const job = await finished(prod.token, started.data.id);
    expect(job).toMatchObject({ state: 'done', total: 6, done: 6, photoCount: 4, leftOut: 2 });

    const left = await staffCall<{ name: string; reason: string; orderNo: string }[]>(
      app,
      prod.token,
      `/api/console/national-export/${job.id}/left-out`,
    );
    expect(left.data.map((l) => [l.name, l.reason, l.orderNo])).toEqual([
      [lines[0]!.name, 'noIdNumber', a.orderNo],
      [lines[1]!.name, 'photoMissing', a.orderNo],
    ]);

    const files = await download(prod.token, job.id);
    const id = (n: number) => app.ctx.pii.decrypt(lines[n]!.idNumEnc!);
    expect([...files.keys()].sort()).toEqual(
      [
        `10001/${id(2)}.jpg`,
        `10001/${id(3)}.jpg`,
        '10001/manifest.csv',
        // The second school's persons have the same made-up ID numbers: another folder, no clash.
        `10002/${id(0)}.jpg`,
        `10002/${id(1)}.jpg`,
        '10002/manifest.csv',
        'left-out.csv',
      ].sort(),
    );
    const jpeg = files.get(`10001/${id(2)}.jpg`)!;
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([480, 640, 'jpeg']);
    expect(jpeg.length).toBeGreaterThanOrEqual(20 * 1024);
    expect(jpeg.length).toBeLessThanOrEqual(40 * 1024);
    const manifest = linesOf(files.get('10001/manifest.csv')!);
    expect(manifest[0]).toBe('file,name,yxdm,school,studentId,orderNo');
    expect(manifest.slice(1).map((l) => l.split(',')[0])).toEqual([`${id(2)}.jpg`, `${id(3)}.jpg`]);
    expect(linesOf(files.get('left-out.csv')!).slice(1)).toEqual([
      `10001,${lines[0]!.name},,${a.orderNo},没有证件号码，无法按证件号码命名`,
      `10001,${lines[1]!.name},,${a.orderNo},照片文件不存在`,
    ]);
  });

  it('a second photo with the same ID number in a school is left out and named as such', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800003703', yxdm: '10003', known: 0, unknown: 1 });
    await createApprovedPhotos(app.ctx, { mobile: '13800003704', yxdm: '10003', known: 0, unknown: 1 });
    const prod = await staffSession(app, 'production');
    const started = await staffCall<NationalExportJob>(app, prod.token, '/api/console/national-export', {
      yxdm: '10003',
    });
    const job = await finished(prod.token, started.data.id);
    expect(job).toMatchObject({ photoCount: 1, leftOut: 1 });
    const left = await staffCall<{ reason: string }[]>(
      app,
      prod.token,
      `/api/console/national-export/${job.id}/left-out`,
    );
    expect(left.data.map((l) => l.reason)).toEqual(['duplicateId']);
  });

  it('refuses a link to an unfinished export, and a tampered or expired link', async () => {
    const prod = await staffSession(app, 'production');
    const empty = await staffCall(app, prod.token, '/api/console/national-export', { yxdm: '99991' });
    expect([empty.code, empty.msg]).toEqual([400, '没有可导出的照片']);
    const [queued] = await app.ctx.db
      .insert((await import('../../db/schema.ts')).nationalExports)
      .values({
        staffId: prod.staffId,
        scope: {},
        photoCount: 0,
        state: 'running',
        claimToken: 'elsewhere',
        heartbeatAt: new Date(),
      })
      .returning();
    const early = await staffCall(app, prod.token, `/api/console/national-export/${queued!.id}/link`);
    expect([early.code, early.msg]).toEqual([409, '导出尚未完成，暂不能下载']);

    const list = await staffCall<NationalExportJob[]>(app, prod.token, '/api/console/national-export');
    const done = list.data.find((j) => j.state === 'done')!;
    const link = await staffCall<{ url: string }>(app, prod.token, `/api/console/national-export/${done.id}/link`);
    const tampered = link.data.url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    const bad = await app.inject({ url: tampered });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().msg).toBe('下载链接无效或已过期，请回到导出页重新下载');
    const other = await app.inject({ url: link.data.url.replace(`/${done.id}?`, `/${queued!.id}?`) });
    expect(other.statusCode).toBe(403);
  });

  it("a branch account exports, lists and downloads its own branch's persons only", async () => {
    const bj = await createApprovedPhotos(app.ctx, { mobile: '13800003705', yxdm: '10004', known: 0, unknown: 2 });
    const sh = await createApprovedPhotos(app.ctx, { mobile: '13800003706', yxdm: '10004', known: 0, unknown: 3 });
    await app.ctx.db.update(orderDetails).set({ fy: 'BJ' }).where(eq(orderDetails.orderId, bj.id));
    await app.ctx.db.update(orderDetails).set({ fy: 'SH' }).where(eq(orderDetails.orderId, sh.id));
    const branch = await staffSession(app, 'branch', 'BJ');
    const other = await staffSession(app, 'branch', 'SH');
    const started = await staffCall<NationalExportJob>(app, branch.token, '/api/console/national-export', {
      yxdm: '10004',
    });
    expect(started.data.total).toBe(2);
    const job = await finished(branch.token, started.data.id);
    expect(job.photoCount).toBe(2);
    const files = await download(branch.token, job.id);
    const names = linesOf(files.get('10004/manifest.csv')!)
      .slice(1)
      .map((l) => l.split(',')[1]);
    const bjNames = (
      await app.ctx.db
        .select()
        .from(orderDetails)
        .where(inArray(orderDetails.orderId, [bj.id]))
    ).map((d) => d.name);
    expect(names.sort()).toEqual(bjNames.sort());
    // The other branch neither sees the job nor gets its link or its left-out rows.
    const seen = await staffCall<NationalExportJob[]>(app, other.token, '/api/console/national-export');
    expect(seen.data.map((j) => j.id)).not.toContain(job.id);
    expect((await staffCall(app, other.token, `/api/console/national-export/${job.id}/link`)).code).toBe(404);
    expect((await staffCall(app, other.token, `/api/console/national-export/${job.id}/left-out`)).code).toBe(404);
    // Its own list has only its own jobs; production staff see every job.
    const own = await staffCall<NationalExportJob[]>(app, branch.token, '/api/console/national-export');
    expect(own.data.map((j) => j.id)).toEqual([job.id]);
  });
});
