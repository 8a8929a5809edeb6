import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { NationalReportItem, NationalReportJob } from '@portal/contract/console';
import { call, staffSession, testApp } from '../../../test/helpers.ts';
import { auditLog, nationalReportJobs, nationalReportReceipts, nationalStudents } from '../../db/schema.ts';
import { seedNational } from './seed.ts';
import { createApprovedPhotos } from '../dev/dev-national-report.ts';
import { writeSetting } from '../system/settings-service.ts';
import { SANDBOX_SETTING, sandboxReportPhotos } from '../../providers/national-sandbox-report.ts';
import { withSessionAdvisoryLock } from '../../db/client.ts';
import { NATIONAL_REPORT_LOCK_KEY, runNationalReports } from './staff-report.ts';

let app: FastifyInstance;
let prod: string;
const h = () => ({ 'x-staff-token': prod });

const start = (body: Record<string, string>, token = prod, lang = 'zh') =>
  call<NationalReportJob>(app, {
    method: 'POST',
    url: '/api/console/national-report',
    payload: body,
    headers: { 'x-staff-token': token, lang },
  });

/** Polls the console's progress list until the run is done, as the page does. */
async function finished(id: number): Promise<NationalReportJob> {
  for (let i = 0; i < 200; i++) {
    const r = await call<NationalReportJob[]>(app, { url: '/api/console/national-report', headers: h() });
    const job = r.data.find((j) => j.id === id)!;
    if (job.state === 'done') return job;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('report run did not finish');
}
const items = async (id: number) =>
  (await call<NationalReportItem[]>(app, { url: `/api/console/national-report/${id}/items`, headers: h() })).data;

beforeAll(async () => {
  app = await testApp({ national: { timeoutMs: 2000, reportBatch: 2, reportSeconds: 0, reportAttempts: 3 } });
  await seedNational(app.ctx);
  prod = (await staffSession(app, 'production')).token;
});
afterAll(async () => {
  await app.close();
});

describe('national photo report runs', () => {
  it('sends approved photos in batches; the sandbox accepts known students and rejects unknown ID numbers; a second run sends only what is not accepted', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800000501', yxdm: '10001', known: 2, unknown: 1 });
    const r = await start({ yxdm: '10001' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ state: 'running', total: 3, scope: { yxdm: '10001' } });
    const job = await finished(r.data.id);
    // Batches of two: three photos take two calls.
    expect(job).toMatchObject({ total: 3, accepted: 2, rejected: 1, failed: 0, pending: 0, calls: 2, failedCalls: 0 });
    const list = await items(job.id);
    expect(list.filter((i) => i.status === 'accepted')).toHaveLength(2);
    expect(list.find((i) => i.status === 'rejected')).toMatchObject({
      name: '未登记学生1',
      reason: 'ID_UNKNOWN',
      idNumMask: expect.stringMatching(/^110\*+\d{3}[\dX]$/),
    });

    // What the platform received: 480 x 640 JPEGs of 20-40 KB, the ID number only as its blind index.
    const got = await app.ctx.db.select().from(nationalReportReceipts);
    expect(got).toHaveLength(3);
    for (const g of got) {
      expect(g.bytes).toBeGreaterThanOrEqual(20 * 1024);
      expect(g.bytes).toBeLessThanOrEqual(40 * 1024);
      expect(g.zjhmHash).toMatch(/^[0-9a-f]{16,}$/);
    }
    const known = await app.ctx.db
      .select()
      .from(nationalStudents)
      .where(eq(nationalStudents.yxdm, '10001'))
      .orderBy(nationalStudents.xh)
      .limit(2);
    expect(known.every((s) => s.hasPhoto)).toBe(true);

    const again = await start({ yxdm: '10001' });
    expect(again.data.total).toBe(1);
    const second = await finished(again.data.id);
    expect(second).toMatchObject({ accepted: 0, rejected: 1, calls: 1 });
    // The first run keeps its own counts.
    expect((await finished(job.id)).rejected).toBe(1);

    const audits = await app.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'national.report.%'`);
    expect(audits.map((a) => a.action).sort()).toEqual([
      'national.report.done',
      'national.report.done',
      'national.report.start',
      'national.report.start',
    ]);
    expect(JSON.stringify(audits)).not.toMatch(/\d{17}[\dX]/);
  });

  it('says so when every photo of the scope is accepted, or there is none', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800000502', yxdm: '10003', known: 1, unknown: 0 });
    const r = await start({ yxdm: '10003' });
    expect((await finished(r.data.id)).accepted).toBe(1);
    const again = await start({ yxdm: '10003' });
    expect(again.code).toBe(400);
    expect(again.msg).toBe('范围内的照片均已上报成功');
    const none = await start({ yxdm: '10558' }, prod, 'en');
    expect(none.msg).toBe('There are no approved photos in this scope');
  });

  it('tries a failed call again, and marks items failed once the attempts run out; a later run takes them up', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800000503', yxdm: '10246', known: 2, unknown: 0 });
    await writeSetting(app.ctx, SANDBOX_SETTING, { failCalls: 2 });
    const r = await start({ yxdm: '10246' });
    const job = await finished(r.data.id);
    expect(job).toMatchObject({ accepted: 2, failed: 0, calls: 3, failedCalls: 2, lastError: 'HTTP 503' });

    await createApprovedPhotos(app.ctx, { mobile: '13800000504', yxdm: '10248', known: 1, unknown: 0 });
    await writeSetting(app.ctx, SANDBOX_SETTING, { failCalls: 3 });
    const down = await finished((await start({ yxdm: '10248' })).data.id);
    expect(down).toMatchObject({ accepted: 0, failed: 1, failedCalls: 3 });
    expect((await items(down.id))[0]).toMatchObject({ status: 'failed', reason: 'HTTP 503', attempts: 3 });
    const retry = await finished((await start({ yxdm: '10248' })).data.id);
    expect(retry).toMatchObject({ total: 1, accepted: 1 });
  });

  // A run started by an earlier test marks its job done before its runner lets the lock go: on a
  // loaded machine the lock tests below found it still held. They start once it is free.
  const lockFree = () =>
    expect.poll(() => app.ctx.heldLocks.has(NATIONAL_REPORT_LOCK_KEY), { timeout: 10_000 }).toBe(false);

  it('sends under the advisory lock: a second sender finds it held', async () => {
    await lockFree();
    let inner: { ran: boolean } | null = null;
    const outer = await runNationalReports(app.ctx, app.log, {
      onLocked: async () => void (inner = await runNationalReports(app.ctx, app.log)),
    });
    expect(outer.ran).toBe(true);
    expect(inner).toEqual({ ran: false, calls: 0 });
  });

  it('on PostgreSQL, another instance (its own connection) cannot take the sending lock while it is held', async () => {
    if (app.ctx.dbKind !== 'postgres') return;
    await lockFree();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const other = drizzle({
      client: (app.ctx.db as unknown as { $client: never }).$client,
    }) as unknown as typeof app.ctx.db;
    const instance = { db: other, dbKind: 'postgres' as const, heldLocks: new Set<number>() };
    let second: boolean | null = null;
    const first = await withSessionAdvisoryLock(app.ctx, NATIONAL_REPORT_LOCK_KEY, async () => {
      second = await withSessionAdvisoryLock(instance, NATIONAL_REPORT_LOCK_KEY, async () => {});
    });
    expect([first, second]).toEqual([true, false]);
    expect(await withSessionAdvisoryLock(instance, NATIONAL_REPORT_LOCK_KEY, async () => {})).toBe(true);
  });

  it('allows one run at a time, and only the export roles', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800000505', yxdm: '10335', known: 1, unknown: 0 });
    const [busy] = await app.ctx.db.insert(nationalReportJobs).values({ staffId: 1, scope: {}, total: 0 }).returning();
    const r = await start({ yxdm: '10335' });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('已有上报任务正在进行，请等待其完成');
    await app.ctx.db.update(nationalReportJobs).set({ state: 'done' }).where(eq(nationalReportJobs.id, busy.id));
    for (const role of ['reviewer', 'editor', 'finance'] as const) {
      const other = (await staffSession(app, role)).token;
      expect((await start({ yxdm: '10335' }, other)).code).toBe(403);
    }
  });
});

describe('the sandbox platform', () => {
  it('rejects a photo outside 20-40 KB and records it', async () => {
    const [s] = await app.ctx.db.select().from(nationalStudents).limit(1);
    const small = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#64c5ff' } })
      .jpeg()
      .toBuffer();
    const out = await sandboxReportPhotos(app.ctx, [
      { ref: 'x1', idNumber: app.ctx.pii.decrypt(s.zjhmEnc!), studentId: s.xh, name: s.xm, yxdm: s.yxdm, jpeg: small },
    ]);
    expect(out).toEqual([{ ref: 'x1', accepted: false, reason: 'PHOTO_SIZE' }]);
    const [rec] = await app.ctx.db.select().from(nationalReportReceipts).where(eq(nationalReportReceipts.ref, 'x1'));
    expect(rec).toMatchObject({ accepted: false, reason: 'PHOTO_SIZE', bytes: small.length });
  });
});
