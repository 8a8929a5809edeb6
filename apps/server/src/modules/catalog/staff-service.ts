import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { foldSearchText } from '@portal/contract/catalog';
import type { ConsoleTaskBody } from '@portal/contract/console';
import type { AppContext } from '../../context.ts';
import { schools, tasks } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from '../staff/audit.ts';

/** Parses the national list (the Ministry's CSV columns); a wrong header or row is a 400. */
export function parseSchoolsCsv(text: string) {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  const head = (lines[0] ?? '').split(',').map((s) => s.trim());
  if (!['name', 'yxdm'].every((k) => head.includes(k))) throw badRequest('console.csvInvalid');
  const col = (k: string) => head.indexOf(k);
  return lines.slice(1).map((line) => {
    const c = line.split(',').map((s) => s.trim());
    const get = (k: string) => (col(k) >= 0 ? c[col(k)] || null : null);
    const name = get('name');
    const yxdm = get('yxdm');
    if (!name || !yxdm || !/^\d{5}$/.test(yxdm)) throw badRequest('console.csvInvalid');
    const level = get('level');
    return {
      yxdm,
      name,
      code10: get('code10'),
      searchName: foldSearchText(name),
      province: get('province'),
      city: get('city'),
      authority: get('authority'),
      level,
      private: get('private') === '1',
      educations: level === '本科' ? '1,2' : '3',
    };
  });
}
/** Upserts the list by yxdm; pilot flags and authorisations stay as they were. */
export async function importSchools(
  ctx: AppContext,
  staff: StaffContext,
  csv: string,
): Promise<{ created: number; updated: number }> {
  const rows = parseSchoolsCsv(csv);
  return ctx.db.transaction(async (tx) => {
    const existing = new Set((await tx.select({ yxdm: schools.yxdm }).from(schools)).map((r) => r.yxdm));
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx
        .insert(schools)
        .values(chunk)
        .onConflictDoUpdate({
          target: schools.yxdm,
          set: {
            name: sql`excluded.name`,
            code10: sql`excluded.code10`,
            searchName: sql`excluded.search_name`,
            province: sql`excluded.province`,
            city: sql`excluded.city`,
            authority: sql`excluded.authority`,
            level: sql`excluded.level`,
            private: sql`excluded.private`,
          },
        });
    }
    const created = rows.filter((r) => !existing.has(r.yxdm)).length;
    const result = { created, updated: rows.length - created };
    await writeAudit(tx, staff, { action: 'schools.import', targetKind: 'schools', after: result });
    return result;
  });
}

export async function findSchools(ctx: AppContext, q: string | undefined) {
  const like = `%${foldSearchText(q ?? '')}%`;
  const rows = await ctx.db
    .select()
    .from(schools)
    .where(q ? or(ilike(schools.searchName, like), eq(schools.yxdm, q)) : undefined)
    .orderBy(desc(schools.testPoint), asc(schools.yxdm))
    .limit(50);
  return rows.map((s) => ({
    yxdm: s.yxdm,
    name: s.name,
    province: s.province,
    level: s.level,
    testPoint: s.testPoint,
  }));
}

export async function setPilot(ctx: AppContext, staff: StaffContext, yxdm: string, testPoint: number) {
  await ctx.db.transaction(async (tx) => {
    const [s] = await tx.select().from(schools).where(eq(schools.yxdm, yxdm));
    if (!s) throw notFound();
    await tx.update(schools).set({ testPoint }).where(eq(schools.yxdm, yxdm));
    await writeAudit(tx, staff, {
      action: 'schools.pilot',
      targetKind: 'school',
      targetId: yxdm,
      before: { testPoint: s.testPoint },
      after: { testPoint },
    });
  });
}

const taskView = (t: typeof tasks.$inferSelect) => ({
  ...t,
  endTime: t.endTime.toISOString(),
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

/** Tasks; a branch account sees and edits only its own branch's. */
export async function listTasks(ctx: AppContext, staff: StaffContext) {
  const rows = await ctx.db
    .select({ t: tasks, schoolName: schools.name })
    .from(tasks)
    .leftJoin(schools, eq(schools.yxdm, tasks.yxdm))
    .where(staff.role === 'branch' ? eq(tasks.fy, staff.branch ?? '\u0000') : undefined)
    .orderBy(desc(tasks.id))
    .limit(500);
  return rows.map((r) => ({ ...taskView(r.t), schoolName: r.schoolName }));
}

export async function saveTask(ctx: AppContext, staff: StaffContext, input: ConsoleTaskBody) {
  if (staff.role === 'branch' && input.fy !== staff.branch) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const [school] = await tx.select({ yxdm: schools.yxdm }).from(schools).where(eq(schools.yxdm, input.yxdm));
    if (!school) throw badRequest('school.chooseFromList');
    const { id, ...values } = input;
    const row = { ...values, endTime: new Date(input.endTime) };
    if (id) {
      const [before] = await tx.select().from(tasks).where(eq(tasks.id, id));
      if (!before) throw notFound();
      if (staff.role === 'branch' && before.fy !== staff.branch) throw forbidden();
      const [after] = await tx.update(tasks).set(row).where(eq(tasks.id, id)).returning();
      await writeAudit(tx, staff, {
        action: 'task.update',
        targetKind: 'task',
        targetId: id,
        before: taskView(before),
        after: taskView(after),
      });
      return taskView(after);
    }
    const [after] = await tx.insert(tasks).values(row).returning();
    await writeAudit(tx, staff, {
      action: 'task.create',
      targetKind: 'task',
      targetId: after.id,
      after: taskView(after),
    });
    return taskView(after);
  });
}
