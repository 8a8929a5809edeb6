import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OrderRow } from '@portal/contract/console';
import { collectionCentres, orderDetails, schools } from '../../db/schema.ts';
import { staffCall, staffSession, testApp } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

let app: FastifyInstance;
let staff: { token: string };

beforeAll(async () => {
  app = await testApp();
  staff = await staffSession(app, 'admin');
});
afterAll(async () => app.close());

describe("the console's order list", () => {
  it("shows every person's school and the branch by its name, not its code", async () => {
    await app.ctx.db.insert(collectionCentres).values({
      province: '北京市',
      bofficeZh: '北京分公司',
      bofficeEn: 'Beijing branch',
      cperson: '王老师',
      ftelephone: '010-1',
      addressZh: '北京',
      addressEn: 'Beijing',
      whoursZh: '9-17',
      whoursEn: '9-17',
    });
    const o = await createDevOrder(app.ctx, { mobile: '13800003899', kind: 'individual', persons: 2 });
    const ds = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.id));
    await app.ctx.db
      .update(orderDetails)
      .set({ schoolName: '北京大学', fy: 'beijing' })
      .where(eq(orderDetails.id, ds[0]!.id));
    await app.ctx.db
      .update(orderDetails)
      .set({ schoolName: '清华大学', fy: 'beijing' })
      .where(eq(orderDetails.id, ds[1]!.id));
    const r = await staffCall<{ rows: OrderRow[] }>(app, staff.token, `/api/console/orders?q=${o.orderNo}`);
    const row = r.data.rows.find((x) => x.id === o.id)!;
    expect(row.schoolName?.split('、').sort()).toEqual(['北京大学', '清华大学']);
    expect(row.fy).toBe('beijing');
    expect(row.fyName).toEqual({ zh: '北京分公司', en: 'Beijing branch' });

    // The school list names the branch serving a school the same way.
    await app.ctx.db
      .insert(schools)
      .values({ yxdm: '99901', name: '测试大学', searchName: '测试大学' })
      .onConflictDoNothing();
    expect((await staffCall(app, staff.token, '/api/console/schools/99901/branch', { fy: 'beijing' })).code).toBe(200);
    const schoolRows = await staffCall<{ yxdm: string; fy: string | null; fyName?: unknown }[]>(
      app,
      staff.token,
      '/api/console/schools?q=99901',
    );
    expect(schoolRows.data.find((s) => s.yxdm === '99901')).toMatchObject({
      fy: 'beijing',
      fyName: { zh: '北京分公司', en: 'Beijing branch' },
    });
    // And the staff list a branch account's branch.
    await staffCall(app, staff.token, '/api/console/staff', {
      username: 'bj1',
      name: '北京一',
      role: 'branch',
      branch: 'beijing',
      password: 'secret-pass-1',
    });
    const people = await staffCall<{ username: string; branchName?: unknown }[]>(
      app,
      staff.token,
      '/api/console/staff',
    );
    expect(people.data.find((p) => p.username === 'bj1')?.branchName).toEqual({
      zh: '北京分公司',
      en: 'Beijing branch',
    });
  });
});
