import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { schools, tasks } from '../../db/schema.ts';

let app: FastifyInstance;
const h = (token: string) => ({ 'x-staff-token': token });

useTestApp((built) => (app = built));

describe('schools and tasks', () => {
  it('imports the national CSV, keeps pilot flags, and refuses a malformed file', async () => {
    const admin = await staffSession(app, 'admin');
    const csv =
      'name,code10,yxdm,province,city,authority,level,private\n测试大学,4111099991,99991,北京市,北京市,教育部,本科,0\n测试学院,4111099992,99992,上海市,上海市,上海市,专科,1\n';
    const r = await staffCall<{ created: number }>(app, admin.token, '/api/console/schools/import', { csv });
    expect(r.data.created).toBe(2);
    await staffCall(app, admin.token, '/api/console/schools/99991/pilot', { testPoint: 1 });
    const again = await staffCall<{ created: number; updated: number }>(
      app,
      admin.token,
      '/api/console/schools/import',
      { csv: csv.replace('测试大学', '测试大学（新）') },
    );
    expect(again.data).toEqual({ created: 0, updated: 2 });
    const [s] = await app.ctx.db.select().from(schools).where(eq(schools.yxdm, '99991'));
    expect(s.name).toBe('测试大学（新）');
    expect(s.testPoint).toBe(1);
    const bad = await staffCall(app, admin.token, '/api/console/schools/import', { csv: 'a,b\n1,2' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('CSV文件格式有误');
  });

  it('lets a branch save tasks of its own branch only', async () => {
    const br = await staffSession(app, 'branch', 'BJ');
    const body = {
      yxdm: '99991',
      featureCode: 'BJ01',
      nameZh: '测试采集',
      nameEn: 'Test',
      priceFen: 3000,
      endTime: '2030-06-30T16:00:00Z',
      mosaic: true,
      fy: 'BJ',
      active: true,
    };
    const ok = await staffCall<{ id: number }>(app, br.token, '/api/console/tasks', body);
    expect(ok.code).toBe(200);
    const other = await staffCall(app, br.token, '/api/console/tasks', { ...body, fy: 'SH' });
    expect(other.code).toBe(403);
    const sh = await staffSession(app, 'branch', 'SH');
    const list = await call<{ id: number }[]>(app, { method: 'GET', url: '/api/console/tasks', headers: h(sh.token) });
    expect(list.data.map((t) => t.id)).not.toContain(ok.data.id);
    expect((await app.ctx.db.select().from(tasks).where(eq(tasks.id, ok.data.id)))[0].mosaic).toBe(true);
  });
});
