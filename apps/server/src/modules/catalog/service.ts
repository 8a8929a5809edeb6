import type { Area, Carrier, School } from '@portal/contract/catalog';
import { SCHOOL_SEARCH_LIMIT, foldSearchText } from '@portal/contract/catalog';
import type { Lang } from '@portal/contract/i18n';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { cached } from '../content/public.ts';
import { catalogRepo, type SchoolCols } from './repo.ts';
import { regionNameEn } from './region-names.ts';
import { spellingRank, spellingsOf } from './school-spellings.ts';

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
  /**
   * Name or code, case- and width-insensitive; a code matches by prefix; a keyword in Latin
   * letters also matches the pinyin (beijing daxue, bjdx) and the official English name
   * (Peking); top 20, the Chinese-name matches first.
   */
  async search(ctx: AppContext, keyword: string): Promise<School[]> {
    const folded = foldSearchText(keyword);
    const rows = await catalogRepo.search(ctx.db, folded, SCHOOL_SEARCH_LIMIT);
    if (rows.length >= SCHOOL_SEARCH_LIMIT || !/[a-z]/.test(folded)) return rows.map(toSchool);
    const seen = new Set(rows.map((r) => r.yxdm));
    const all = await cached('schools:spellings', async () =>
      (await catalogRepo.allSchools(ctx.db)).map((r) => ({ r, spellings: spellingsOf(r.yxdm, r.name) })),
    );
    const more = all
      .filter((x) => !seen.has(x.r.yxdm))
      .map((x) => ({ r: x.r, rank: spellingRank(x.spellings, folded) }))
      .filter((x): x is { r: SchoolCols; rank: number } => x.rank !== null)
      .sort((a, b) => a.rank - b.rank || b.r.testPoint - a.r.testPoint || a.r.name.length - b.r.name.length)
      .map((x) => x.r);
    return [...rows, ...more].slice(0, SCHOOL_SEARCH_LIMIT).map(toSchool);
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
