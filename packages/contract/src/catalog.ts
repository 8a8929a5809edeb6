import { z } from 'zod';

/** Reference data the order screens use: schools, regions, carriers. */
export const schoolSchema = z.object({
  yxdm: z.string(),
  name: z.string(),
  /** The same name under the two spellings older screens read. */
  schoolname: z.string(),
  schoolName: z.string(),
  /** 1: pilot (centralised collection) school. */
  testPoint: z.number(),
  province: z.string().nullable(),
  schoolType: z.number(),
  /** Education levels offered: 1 postgraduate, 2 undergraduate, 3 junior college. */
  educations: z.array(z.number()),
});
export type School = z.infer<typeof schoolSchema>;

export const SCHOOL_SEARCH_LIMIT = 20;
export const schoolSearchSchema = z.object({ keyword: z.string().max(50).optional().default('') });

/** Folds full-width characters and case so 'ＰＫＵ', 'pku' and 'PKU' match alike. */
export function foldSearchText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A division: name is the Chinese name (what addresses store and carriers read), nameEn what English pages show. */
export const areaSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  type: z.number(),
  upid: z.string(),
});
export type Area = z.infer<typeof areaSchema>;
export const AREA_ROOT = '100000';

export const carrierSchema = z.object({ id: z.number(), name: z.string() });
export type Carrier = z.infer<typeof carrierSchema>;
