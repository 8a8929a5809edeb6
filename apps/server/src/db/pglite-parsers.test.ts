import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { DRIZZLE_TEXT_TYPES, drizzleParsers, parsersOnce } from './pglite-parsers.ts';

describe("drizzle's parsers, set once on the embedded database", () => {
  it('are exactly the ones drizzle gives each query, so every result reads as before', () => {
    const q = new PglitePreparedQuery(
      null as never,
      '',
      [],
      { logQuery() {} } as never,
      undefined as never,
      undefined,
      undefined,
      undefined,
      undefined as never,
      false,
    );
    const given = (q as unknown as { queryConfig: { parsers: Record<string, unknown> } }).queryConfig.parsers;
    const raw = (q as unknown as { rawQueryConfig: { parsers: Record<string, unknown> } }).rawQueryConfig.parsers;
    expect(Object.keys(given).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    expect(Object.keys(raw).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
  });

  it('answers a query that brings them and one that does not alike: times as text, numbers and JSON parsed', async () => {
    const client = new PGlite({ parsers: drizzleParsers() });
    parsersOnce(client);
    const text = `select timestamptz '2026-11-24 10:00:00+08' as t, date '2026-11-24' as d, 7::int as n, '{"a":1}'::json as j`;
    const withParsers = await client.query(text, [], { rowMode: 'array', parsers: drizzleParsers() });
    const without = await client.query(text, [], { rowMode: 'array' });
    expect(withParsers.rows).toEqual(without.rows);
    expect(without.rows[0]).toEqual(['2026-11-24 02:00:00+00', '2026-11-24', 7, { a: 1 }]);
    await client.close();
  });
});
