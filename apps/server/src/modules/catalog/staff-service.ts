import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { foldSearchText } from '@portal/contract/catalog';
import type { ConsoleTaskBody } from '@portal/contract/console';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { schoolBranches, schools, tasks } from '../../db/schema.ts';
import { branchNameOf } from '../../db/branch-names.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from '../staff/public.ts';

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
  return withTx(ctx, async ({ db: tx }) => {
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
    .select({ s: schools, fy: schoolBranches.fy, fyName: branchNameOf(schoolBranches.fy) })
    .from(schools)
    .leftJoin(schoolBranches, eq(schoolBranches.yxdm, schools.yxdm))
    .where(q ? or(ilike(schools.searchName, like), eq(schools.yxdm, q)) : undefined)
    .orderBy(desc(schools.testPoint), asc(schools.yxdm))
    .limit(50);
  return rows.map(({ s, fy, fyName }) => ({
    yxdm: s.yxdm,
    name: s.name,
    province: s.province,
    level: s.level,
    testPoint: s.testPoint,
    fy,
    fyName,
  }));
}

export async function setPilot(ctx: AppContext, staff: StaffContext, yxdm: string, testPoint: number) {
  await withTx(ctx, async ({ db: tx }) => {
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
    .select({ t: tasks, schoolName: schools.name, fyName: branchNameOf(tasks.fy) })
    .from(tasks)
    .leftJoin(schools, eq(schools.yxdm, tasks.yxdm))
    .where(staff.role === 'branch' ? eq(tasks.fy, staff.branch ?? '\u0000') : undefined)
    .orderBy(desc(tasks.id))
    .limit(500);
  return rows.map((r) => ({ ...taskView(r.t), schoolName: r.schoolName, fyName: r.fyName }));
}

const OPEN_CODE_INDEX = 'tasks_open_school_code_uq';

/** The database's own refusal of a second active task on one school link (the error or its cause). */
function isOpenCodeClash(e: unknown): boolean {
  let c: unknown = e;
  for (let depth = 0; depth < 4 && c && typeof c === 'object'; depth++) {
    const err = c as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (err.code === '23505' && String(err.constraint ?? err.message).includes(OPEN_CODE_INDEX)) return true;
    c = err.cause;
  }
  return false;
}

/**
 * Creates or edits a task. A branch account works only on its own branch's tasks and only for
 * schools that school_branches gives to its branch (kept by admins); a school's feature code is
 * one active task's only (checked here for the message, held by the database's partial unique
 * index against a race: both answer 409 naming the feature code). Every save is audited with the
 * whole task before and after, so a changed price or end date shows its old and new value.
 */
export async function saveTask(ctx: AppContext, staff: StaffContext, input: ConsoleTaskBody) {
  if (staff.role === 'branch' && input.fy !== staff.branch) throw forbidden();
  try {
    return await withTx(ctx, async ({ db: tx }) => {
      const [school] = await tx
        .select({ yxdm: schools.yxdm, fy: schoolBranches.fy })
        .from(schools)
        .leftJoin(schoolBranches, eq(schoolBranches.yxdm, schools.yxdm))
        .where(eq(schools.yxdm, input.yxdm));
      if (!school) throw badRequest('school.chooseFromList');
      if (staff.role === 'branch' && school.fy !== staff.branch) throw forbidden('task.schoolNotYourBranch');
      const { id, ...values } = input;
      const row = { ...values, endTime: new Date(input.endTime) };
      if (row.active) {
        const [clash] = await tx
          .select({ id: tasks.id })
          .from(tasks)
          .where(
            and(
              eq(tasks.yxdm, row.yxdm),
              eq(sql`upper(${tasks.featureCode})`, row.featureCode.toUpperCase()),
              eq(tasks.active, true),
              id ? ne(tasks.id, id) : undefined,
            ),
          )
          .limit(1);
        if (clash) throw conflict('task.featureCodeTaken');
      }
      if (id) {
        const [before] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
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
  } catch (e) {
    if (isOpenCodeClash(e)) throw conflict('task.featureCodeTaken');
    throw e;
  }
}

/** Gives a school to a branch office (null: to none), audited; admins only (the role table). */
export async function setSchoolBranch(ctx: AppContext, staff: StaffContext, yxdm: string, fy: string | null) {
  await withTx(ctx, async ({ db: tx }) => {
    const [s] = await tx
      .select({ yxdm: schools.yxdm, fy: schoolBranches.fy })
      .from(schools)
      .leftJoin(schoolBranches, eq(schoolBranches.yxdm, schools.yxdm))
      .where(eq(schools.yxdm, yxdm));
    if (!s) throw notFound();
    if (fy)
      await tx
        .insert(schoolBranches)
        .values({ yxdm, fy })
        .onConflictDoUpdate({ target: schoolBranches.yxdm, set: { fy } });
    else await tx.delete(schoolBranches).where(eq(schoolBranches.yxdm, yxdm));
    await writeAudit(tx, staff, {
      action: 'schools.branch',
      targetKind: 'school',
      targetId: yxdm,
      before: { fy: s.fy },
      after: { fy },
    });
  });
}
