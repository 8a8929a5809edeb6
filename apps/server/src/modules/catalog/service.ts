import type { Area, Carrier, School } from '@portal/contract/catalog';
import { SCHOOL_SEARCH_LIMIT, foldSearchText } from '@portal/contract/catalog';
import type { Lang } from '@portal/contract/i18n';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { cached } from '../content/public.ts';
import { catalogRepo, type SchoolCols } from './repo.ts';
import { regionNameEn } from './region-names.ts';

export function toSchool(r: SchoolCols): School {
  return {
    yxdm: r.yxdm,
    name: r.name,
    schoolname: r.name,
    schoolName: r.name,
    testPoint: r.testPoint,
    province: r.province,
    schoolType: r.schoolType,
    educations: r.educations
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => n >= 1 && n <= 3),
  };
}

export const catalogService = {
  pilotSchools: (ctx: AppContext) =>
    cached('schools:pilot', async () => (await catalogRepo.pilotSchools(ctx.db)).map(toSchool)),
  allSchools: (ctx: AppContext) =>
    cached('schools:all', async () => (await catalogRepo.allSchools(ctx.db)).map(toSchool)),
  async school(ctx: AppContext, yxdm: string): Promise<School> {
    const r = await catalogRepo.school(ctx.db, yxdm.trim());
    if (!r) throw notFound('catalog.schoolNotFound');
    return toSchool(r);
  },
  /** Name or code, case- and width-insensitive; a code matches by prefix; top 20. */
  async search(ctx: AppContext, keyword: string): Promise<School[]> {
    const folded = foldSearchText(keyword);
    return (await catalogRepo.search(ctx.db, folded, SCHOOL_SEARCH_LIMIT)).map(toSchool);
  },
  areas: (ctx: AppContext, upid: string): Promise<Area[]> =>
    cached(`areas:${upid}`, async () =>
      (await catalogRepo.areas(ctx.db, upid)).map((r) => ({
        id: r.id,
        name: r.name.trim(),
        nameEn: regionNameEn(r.name, r.type),
        type: r.type,
        upid: r.upid,
      })),
    ),
  async carriers(ctx: AppContext, lang: Lang): Promise<Carrier[]> {
    const rows = await cached('carriers', () => catalogRepo.activeCarriers(ctx.db));
    return rows.map((r) => ({ id: r.id, name: lang === 'en' ? r.nameEn : r.nameZh }));
  },
};
