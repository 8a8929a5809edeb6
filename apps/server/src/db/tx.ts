import type { Db, Tx } from './client.ts';

declare const inTransaction: unique symbol;

/**
 * A transaction's handle as `withTx` hands it over: the database of a `TxCtx`. Branded, so a
 * helper that must not run inside a transaction refuses it at compile time (see `OutsideTx`).
 */
export type TxDb = Tx & { readonly [inTransaction]: true };

/**
 * The database outside any transaction, for the helpers that must not run inside one: those that
 * open their own transaction on it (a second connection on PostgreSQL, which cannot see the
 * caller's writes and may wait on its locks; on PGlite, which has one, a hang), take a session
 * lock or call an outside party. The app's database is one; a transaction, branded or not, is not.
 */
export type OutsideTx = Db & { readonly [inTransaction]?: never; readonly rollback?: never };

/** A context for a helper that must not run inside a transaction: its database is `OutsideTx`. */
export type OutsideTxCtx<C extends { db: Db }> = Omit<C, 'db'> & { readonly db: OutsideTx };

/** A context whose database is the transaction: what `withTx` hands over. */
export type TxCtx<C extends { db: Db }> = Omit<C, 'db'> & { readonly db: TxDb };

/**
 * Runs `fn` in one transaction with a context whose database is that transaction, so helpers
 * that take the context use it and nothing else (see ARCHITECTURE.md, "Data"). The context is
 * the caller's in all but its database.
 */
export function withTx<C extends { db: Db }, T>(ctx: C, fn: (t: TxCtx<C>) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn(Object.create(ctx, { db: { value: tx, enumerable: true } }) as TxCtx<C>));
}
