import { and, asc, desc, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { carriers, regions, schools } from '../../db/schema.ts';

const schoolCols = {
  yxdm: schools.yxdm,
  name: schools.name,
  province: schools.province,
  testPoint: schools.testPoint,
  schoolType: schools.schoolType,
  educations: schools.educations,
};
export type SchoolCols = {
  yxdm: string;
  name: string;
  province: string | null;
  testPoint: number;
  schoolType: number;
  educations: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const catalogRepo = {
  pilotSchools: (db: Db) =>
    db.select(schoolCols).from(schools).where(eq(schools.testPoint, 1)).orderBy(asc(schools.yxdm)),
  allSchools: (db: Db) => db.select(schoolCols).from(schools).orderBy(asc(schools.yxdm)),
  school: async (db: Db, yxdm: string) =>
    (await db.select(schoolCols).from(schools).where(eq(schools.yxdm, yxdm)).limit(1))[0] ?? null,
  /** Name contains the folded keyword, or the code starts with it; best matches first. */
  search: (db: Db, folded: string, limit: number) => {
    const kw = escapeLike(folded);
    return db
      .select(schoolCols)
      .from(schools)
      .where(folded ? or(like(schools.searchName, `%${kw}%`), like(schools.yxdm, `${kw}%`)) : undefined)
      .orderBy(
        sql`case when ${schools.yxdm} = ${folded} then 0 when ${schools.searchName} = ${folded} then 1
          when ${schools.yxdm} like ${`${kw}%`} then 2 when ${schools.searchName} like ${`${kw}%`} then 3 else 4 end`,
        desc(schools.testPoint),
        sql`length(${schools.name})`,
        asc(schools.yxdm),
      )
      .limit(limit);
  },
  areas: (db: Db, upid: string) => db.select().from(regions).where(eq(regions.upid, upid)).orderBy(asc(regions.id)),
  activeCarriers: (db: Db) =>
    db
      .select()
      .from(carriers)
      .where(and(eq(carriers.active, true)))
      .orderBy(asc(carriers.sort), asc(carriers.id)),
};
