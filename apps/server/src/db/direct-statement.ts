import { is, Placeholder } from 'drizzle-orm';

/** What a direct statement needs of node-postgres' pool: a named query answered as arrays. */
export interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/** A drizzle select before it is prepared: its text and parameters, and drizzle's own prepared form. */
interface Select<T> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T[]> };
}

/**
 * A select written with drizzle and run on node-postgres as a named prepared statement, straight
 * through the pool, for the few statements every member request runs (the freshness reads of the
 * list and the order page, orders/reads.ts). drizzle's execute wraps each call in three async
 * layers, tracing spans, a cache check and a row mapper, and passes its own type parsers that pg
 * looks up for every column of every answer; for a read of three scalar columns that was more
 * work than the read. The columns must be scalars pg parses itself (text, boolean, numbers), the
 * row is built from them by name in the selection's order.
 *
 * Without a pool (the embedded database) it is drizzle's prepared statement.
 */
export function directStatement<T extends Record<string, unknown>>(
  pool: PgQueryable | undefined,
  name: string,
  columns: readonly (keyof T & string)[],
  select: Select<T>,
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  if (!pool) return select.prepare(name);
  const { sql: text, params } = select.toSQL();
  const slots = params.map((p) => (is(p, Placeholder) ? (p as Placeholder<string>).name : null));
  const fixed = params.map((p, i) => (slots[i] === null ? p : undefined));
  return {
    async execute(values) {
      const args = slots.map((slot, i) => (slot === null ? fixed[i] : values[slot]));
      const { rows } = await pool.query({ name, text, values: args, rowMode: 'array' });
      return rows.map((r) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) row[columns[i]!] = r[i];
        return row as T;
      });
    },
  };
}
