import { sql, type SQL } from 'drizzle-orm';
import { collectionCentres } from './schema.ts';

/**
 * A branch office's name for its code (fy, e.g. beijing), from the collection centres: the centre
 * whose English name without "branch" is the code (Beijing branch); null when none is. As
 * `{ zh, en }`, for a select column next to the code.
 */
export function branchNameOf(fy: SQL | SQL.Aliased | { getSQL(): SQL }) {
  return sql<{ zh: string; en: string } | null>`(select json_build_object('zh', c.boffice_zh, 'en', c.boffice_en)
    from ${collectionCentres} c
    where replace(lower(regexp_replace(c.boffice_en, '\\s*branch\\s*$', '', 'i')), ' ', '') = lower(${fy}) limit 1)`;
}
