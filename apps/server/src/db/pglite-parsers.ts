import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * The value parsers drizzle gives PGlite on every query: dates, times and intervals (and their
 * arrays, and numeric[]) stay text, which drizzle's column mappers read. See drizzle-orm's
 * pglite/session.js; checked against it by pglite-parsers.test.ts.
 */
export const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

const asText = (value: string) => value;

/** PGlite's options with drizzle's parsers set once for the whole database. */
export const drizzleParsers = (): NonNullable<QueryOptions['parsers']> =>
  Object.fromEntries(DRIZZLE_TEXT_TYPES.map((t) => [t, asText]));

/**
 * Makes a PGlite client take drizzle's parsers from its own settings (drizzleParsers, given when
 * it was made) rather than from each query. PGlite copies its whole parser table, a hundred
 * entries, into a new object for every query that brings parsers of its own: that copy was half
 * the cost of a member's cached list read on the embedded database. The same parsers apply, so
 * every result is as before. Queries inside a transaction still bring theirs (written rarely).
 */
export function parsersOnce(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _same, ...rest } = options;
    return query(text, params, rest);
  }) as PGlite['query'];
}
