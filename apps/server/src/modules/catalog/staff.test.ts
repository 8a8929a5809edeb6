import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { call, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { auditLog, schools, tasks } from '../../db/schema.ts';

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
    const admin = await staffSession(app, 'admin');
    expect((await staffCall(app, admin.token, '/api/console/schools/99991/branch', { fy: 'BJ' })).code).toBe(200);
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

  describe('issue 32, item 2: a branch cannot take over another branch’s collection link', () => {
    const task = (over: Record<string, unknown> = {}) => ({
      yxdm: '99992',
      featureCode: 'SH2030',
      nameZh: '上海采集',
      nameEn: 'Shanghai collection',
      priceFen: 3000,
      endTime: '2030-06-30T16:00:00Z',
      mosaic: false,
      fy: 'SH',
      active: true,
      ...over,
    });

    it('admins give a school to a branch (audited); the school list shows it; bad input names the rule', async () => {
      const admin = await staffSession(app, 'admin');
      const r = await staffCall(app, admin.token, '/api/console/schools/99992/branch', { fy: 'SH' });
      expect(r.code).toBe(200);
      const list = await staffCall<{ yxdm: string; fy: string | null }[]>(
        app,
        admin.token,
        '/api/console/schools?q=99992',
      );
      expect(list.data.find((x) => x.yxdm === '99992')?.fy).toBe('SH');
      const [a] = await app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'schools.branch'), eq(auditLog.targetId, '99992')));
      expect([a?.before, a?.after]).toEqual([{ fy: null }, { fy: 'SH' }]);
      const bad = await staffCall(app, admin.token, '/api/console/schools/99992/branch', { fy: 'S H' });
      expect([bad.code, bad.msg]).toEqual([400, '请输入分公司代码']);
      const br = await staffSession(app, 'branch', 'SH');
      expect((await staffCall(app, br.token, '/api/console/schools/99992/branch', { fy: 'BJ' })).code).toBe(403);
    });

    it('a branch may not create or move a task to a school of another branch', async () => {
      const sh = await staffSession(app, 'branch', 'SH');
      const mine = await staffCall<{ id: number }>(app, sh.token, '/api/console/tasks', task());
      expect(mine.code).toBe(200);
      // BJ runs 99991; SH tries a task on it under its own branch.
      const bj = await staffSession(app, 'branch', 'BJ');
      const before = await app.ctx.db.select().from(tasks);
      const hijack = await staffCall(app, sh.token, '/api/console/tasks', task({ yxdm: '99991', featureCode: 'X1' }));
      expect([hijack.code, hijack.msg]).toEqual([403, '该学校不属于本分公司，不能为其创建或修改采集任务']);
      const moved = await staffCall(app, sh.token, '/api/console/tasks', task({ id: mine.data.id, yxdm: '99991' }));
      expect(moved.code).toBe(403);
      expect(await app.ctx.db.select().from(tasks)).toEqual(before);
      // A school given to no branch is the admins' to run.
      await app.ctx.db.insert(schools).values({ yxdm: '99993', name: '无主学院', searchName: '无主学院' });
      expect((await staffCall(app, bj.token, '/api/console/tasks', task({ yxdm: '99993', fy: 'BJ' }))).code).toBe(403);
      const admin = await staffSession(app, 'admin');
      expect((await staffCall(app, admin.token, '/api/console/tasks', task({ yxdm: '99993' }))).code).toBe(200);
    });

    it('a school’s feature code belongs to one open task: a clash is 409 naming the feature code', async () => {
      const admin = await staffSession(app, 'admin');
      const sh = await staffSession(app, 'branch', 'SH');
      // The live link of 99992 is SH2030 (the previous test); any case clashes, even for an admin.
      const clash = await staffCall(
        app,
        admin.token,
        '/api/console/tasks',
        task({ featureCode: 'sh2030', priceFen: 9900 }),
      );
      expect([clash.code, clash.msg]).toEqual([409, '特征码已被该学校另一个未关闭的采集任务使用']);
      const en = await call(app, {
        method: 'POST',
        url: '/api/console/tasks',
        headers: { ...h(sh.token), lang: 'en' },
        payload: task(),
      });
      expect([en.code, en.msg]).toEqual([
        409,
        'Feature code: another open collection task of this school already uses it',
      ]);
      // A closed one may share it, and may not be reopened while the other is open.
      const closed = await staffCall<{ id: number }>(app, sh.token, '/api/console/tasks', task({ active: false }));
      expect(closed.code).toBe(200);
      const reopen = await staffCall(app, sh.token, '/api/console/tasks', task({ id: closed.data.id }));
      expect(reopen.code).toBe(409);
      // The same code at another school is another link.
      expect((await staffCall(app, admin.token, '/api/console/tasks', task({ yxdm: '99993' }))).code).toBe(409);
      expect((await staffCall(app, admin.token, '/api/console/tasks', task({ yxdm: '99991' }))).code).toBe(200);
    });

    it('a changed price or end date is audited with its old and new value', async () => {
      const sh = await staffSession(app, 'branch', 'SH');
      const [t] = await app.ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.yxdm, '99992'), eq(tasks.featureCode, 'SH2030'), eq(tasks.active, true)));
      const r = await staffCall(
        app,
        sh.token,
        '/api/console/tasks',
        task({ id: t!.id, priceFen: 4800, endTime: '2031-01-31T16:00:00Z' }),
      );
      expect(r.code).toBe(200);
      const [a] = await app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'task.update'), eq(auditLog.targetId, String(t!.id))));
      expect(a?.before).toMatchObject({ priceFen: 3000, endTime: '2030-06-30T16:00:00.000Z' });
      expect(a?.after).toMatchObject({ priceFen: 4800, endTime: '2031-01-31T16:00:00.000Z' });
      expect(a?.actorId).toBe(sh.staffId);
    });
  });
});
