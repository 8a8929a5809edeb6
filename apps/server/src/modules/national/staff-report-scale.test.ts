import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { staffSession, testApp } from '../../../test/helpers.ts';
import { nationalPhotoReports, orderDetails, staffUsers } from '../../db/schema.ts';
import { seedNational } from './seed.ts';
import { createApprovedPhotos } from '../dev/dev-national-report.ts';
import { startNationalReport } from './staff-report.ts';

/** A report run over a whole university: more approved photos than one page of the query, none left out. */

let app: FastifyInstance;

beforeAll(async () => {
  // The run is started through the service, so nothing sends it: the test reads its records only.
  app = await testApp({ national: { timeoutMs: 2000, reportBatch: 1, reportSeconds: 0, reportAttempts: 1 } });
  await seedNational(app.ctx);
}, 120_000);
afterAll(() => app?.close());

describe('a national report run at university size', () => {
  it('takes up every approved photo of the school, past 5,000', async () => {
    const COHORT = 5_050;
    const { id: orderId } = await createApprovedPhotos(app.ctx, {
      mobile: '13800000577',
      yxdm: '10055',
      known: 0,
      unknown: 1,
    });
    const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId));
    await app.ctx.db.execute(sql`
      insert into order_details (order_id, name, yxdm, photo_id, school_name)
      select ${orderId}, 'student ' || n, '10055', ${line.photoId}, ${line.schoolName}
      from generate_series(2, ${COHORT}) as n`);
    const prod = await staffSession(app, 'production');
    const [staff] = await app.ctx.db.select().from(staffUsers).where(eq(staffUsers.id, prod.staffId));
    const job = await startNationalReport(
      app.ctx,
      { staffId: staff.id, sessionId: 0, username: staff.username, name: staff.name, role: 'production', branch: null },
      { yxdm: '10055' },
    );
    expect(job.total).toBe(COHORT);
    const [{ n }] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(nationalPhotoReports)
      .where(eq(nationalPhotoReports.jobId, job.id));
    expect(n).toBe(COHORT);
  }, 120_000);
});
