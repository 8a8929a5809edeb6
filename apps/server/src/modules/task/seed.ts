import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { schoolBranches, schools, tasks } from '../../db/schema.ts';
import { demoSeason, seasonClose } from '../../db/seed/data/demo-season.ts';

const S = demoSeason();

/** The two pilot schools of the demo tasks; the second one's tasks carry the mosaic flag. */
const TASK_SCHOOLS = {
  pku: { yxdm: '10001', code: 'PKU', zh: '北京大学', en: 'Peking University', mosaic: false },
  thu: { yxdm: '10003', code: 'THU', zh: '清华大学', en: 'Tsinghua University', mosaic: true },
} as const;

/**
 * A school's task for one class year. It closes when the class's web collection closes, at the
 * last minute of 31 May in China time: the day the demo notices announce (demo-season.ts).
 */
function demoTask(school: keyof typeof TASK_SCHOOLS, year: number) {
  const s = TASK_SCHOOLS[school];
  return {
    yxdm: s.yxdm,
    featureCode: `${s.code}${year}`,
    nameZh: `${s.zh}${year}届毕业生图像采集`,
    nameEn: `${s.en} class of ${year} photo collection`,
    mosaic: s.mosaic,
    fy: 'beijing',
    endTime: seasonClose(year),
  };
}

/**
 * Demo tasks of the current season (demo-season.ts): one plain, one with the mosaic flag
 * (national collection code), and last season's two past their deadline (getTaskIsMosaic
 * answers 400 -> the mini-programme prompt). 45 yuan each. Feature codes carry the class year.
 */
export const DEMO_TASKS = [
  demoTask('pku', S.classYear),
  demoTask('thu', S.classYear),
  demoTask('pku', S.previousYear),
  demoTask('thu', S.previousYear),
];

/** The demo feature codes: this season's and last season's, per school. */
export const DEMO_CODES = {
  pku: DEMO_TASKS[0].featureCode,
  thu: DEMO_TASKS[1].featureCode,
  pkuOld: DEMO_TASKS[2].featureCode,
  thuOld: DEMO_TASKS[3].featureCode,
};

export const TASK_PRICE_FEN = 4500;

/**
 * The branch office serving each demo pilot school: a branch account runs tasks only for its own
 * schools (the demo tasks' branch, beijing, serves the two schools that have them).
 */
export const DEMO_SCHOOL_BRANCHES: Record<string, string> = {
  '10001': 'beijing',
  '10003': 'beijing',
  '10246': 'shanghai',
  '10248': 'shanghai',
  '10335': 'zhejiang',
  '10558': 'guangdong',
};

/** Idempotent: adds what is missing, never changes what staff edited. Needs the schools (catalog seed) first. */
export async function seedTasks(ctx: AppContext): Promise<void> {
  const known = new Set(
    (
      await ctx.db
        .select({ yxdm: schools.yxdm })
        .from(schools)
        .where(inArray(schools.yxdm, Object.keys(DEMO_SCHOOL_BRANCHES)))
    ).map((r) => r.yxdm),
  );
  const branches = Object.entries(DEMO_SCHOOL_BRANCHES).filter(([yxdm]) => known.has(yxdm));
  if (branches.length)
    await ctx.db
      .insert(schoolBranches)
      .values(branches.map(([yxdm, fy]) => ({ yxdm, fy })))
      .onConflictDoNothing();
  for (const t of DEMO_TASKS) {
    // Runs after the catalog seed; a school not loaded (yet) gets no task.
    const [school] = await ctx.db.select({ yxdm: schools.yxdm }).from(schools).where(eq(schools.yxdm, t.yxdm)).limit(1);
    if (!school) continue;
    const found = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.yxdm, t.yxdm), eq(sql`upper(${tasks.featureCode})`, t.featureCode.toUpperCase())))
      .limit(1);
    if (found[0]) continue;
    await ctx.db.insert(tasks).values({
      yxdm: t.yxdm,
      featureCode: t.featureCode,
      nameZh: t.nameZh,
      nameEn: t.nameEn,
      priceFen: TASK_PRICE_FEN,
      endTime: t.endTime,
      mosaic: t.mosaic,
      fy: t.fy,
    });
  }
}
