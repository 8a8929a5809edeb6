import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { storePhotoBytes } from '../photos/public.ts';
import type { AppContext } from '../../context.ts';
import { nationalStudents } from '../../db/schema.ts';
import type { NationalStudent } from '../../providers/national.ts';

export const DEMO_PORTRAIT = '../../db/seed/data/assets/demo-portrait.svg';

/** The pilot schools of the demo (10001, 10003, 10246, 10248, 10335, 10558) with a birthplace area code each. */
const SCHOOLS: [yxdm: string, name: string, area: string][] = [
  ['10001', '北京大学', '110108'],
  ['10003', '清华大学', '110108'],
  ['10246', '复旦大学', '310110'],
  ['10248', '上海交通大学', '310104'],
  ['10335', '浙江大学', '330106'],
  ['10558', '中山大学', '440105'],
];

const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '丹',
  '晨',
  '浩然',
  '子涵',
  '雨桐',
  '思远',
  '欣怡',
  '宇航',
  '佳琪',
  '梓萱',
];
const FAMILY = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const MAJORS = ['计算机科学与技术', '数学与应用数学', '汉语言文学', '临床医学', '经济学'];

/** An 18-digit mainland ID number with a valid GB 11643 check digit. */
export function makeIdNumber(area: string, birth: string, seq: number): string {
  const body = `${area}${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * weights[i];
  return body + '10X98765432'[sum % 11];
}

/** A seeded record: the platform's student (providers/national.ts) before it has a row or a photo, every field filled. */
export type SeedStudent = { [K in keyof Omit<NationalStudent, 'id' | 'photoId'>]: NonNullable<NationalStudent[K]> };

/** 30 students, 5 per pilot school; every third has a photo on file. Deterministic. */
export function nationalSeedRows(): SeedStudent[] {
  const out: SeedStudent[] = [];
  SCHOOLS.forEach(([yxdm, schoolName, area], s) => {
    for (let k = 0; k < 5; k++) {
      const n = s * 5 + k;
      const education = k === 4 ? 1 : k === 3 ? 3 : 2;
      const sex = n % 2;
      const year = 2000 + (n % 5);
      const birth = `${year}${String((n % 12) + 1).padStart(2, '0')}${String((n % 27) + 1).padStart(2, '0')}`;
      // The 17th digit is odd for men, even for women.
      const seq = 100 + n * 2 + (sex === 0 ? 1 : 0);
      out.push({
        xh: `${2021 + (k % 3)}${yxdm}${String(k + 1).padStart(3, '0')}`,
        xm: FAMILY[n % FAMILY.length] + GIVEN[n],
        zjhm: makeIdNumber(area, birth, seq),
        yxdm,
        schoolName,
        xllb: education === 1 ? 2 : 1,
        education,
        major: MAJORS[k],
        sex,
        cjm: `CJM${yxdm}${String(k + 1).padStart(4, '0')}`,
        bh: `${yxdm}${String(n + 1).padStart(6, '0')}`,
        hasPhoto: n % 3 === 0,
        photoCount: n % 3 === 0 ? 1 : 0,
      });
    }
  });
  return out;
}

/** Seeds the sandbox platform's students (idempotent on school + student number). */
export async function seedNational(
  ctx: AppContext,
  attachPhoto?: (s: SeedStudent) => Promise<number | null>,
): Promise<void> {
  const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(nationalStudents);
  if (count > 0) return;
  for (const s of nationalSeedRows()) {
    const photoId = s.hasPhoto && attachPhoto ? await attachPhoto(s) : null;
    // The ID number is stored only encrypted, beside its blind index (see ARCHITECTURE.md, "Data").
    const { zjhm, ...row } = s;
    await ctx.db
      .insert(nationalStudents)
      .values({ ...row, zjhmEnc: ctx.pii.encrypt(zjhm), zjhmHash: ctx.pii.blindIndex(zjhm), photoId })
      .onConflictDoNothing();
  }
}

/**
 * The demo seed step: students, with a photo on file for those with hasPhoto. The photo is
 * an illustration drawn for the demo (the test portraits are test data, never shown to users),
 * rendered to the 480 x 640 JPEG the programme stores.
 */
export async function seedNationalDemo(ctx: AppContext): Promise<void> {
  const file = new URL(DEMO_PORTRAIT, import.meta.url);
  const svg = await readFile(file).catch(() => null);
  const bytes = svg && (await sharp(svg).resize(480, 640).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer());
  await seedNational(ctx, bytes ? async () => (await storePhotoBytes(ctx, null, bytes, 'national')).id : undefined);
}
