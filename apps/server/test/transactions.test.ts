import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { withTx, type TxCtx } from '../src/db/tx.ts';
import { settings } from '../src/db/schema.ts';
import type { CarrierTrack } from '../src/providers/tracking.ts';
import { applyTrack } from '../src/modules/logistics/parcel-events.ts';
import { subscribeParcels } from '../src/modules/logistics/parcel-service.ts';
import { createOrder } from '../src/modules/orders/repo.ts';
import { closeOpenPayments } from '../src/modules/payments/service.ts';
import { testApp } from './helpers.ts';

/**
 * The transaction as a type (ARCHITECTURE.md, "Data"). These lines are checked by the
 * typecheck, never run: a helper that must not run inside a transaction (it opens its own on the
 * app's database, or calls an outside party) refuses a transaction's database or context, and a
 * helper that may run inside one takes it. An `@ts-expect-error` whose line compiles fails the typecheck.
 */
export function transactionTypes(ctx: AppContext, track: CarrierTrack, log: FastifyBaseLogger): void {
  void withTx(ctx, async (t: TxCtx<AppContext>) => {
    // @ts-expect-error applyTrack opens its own transaction: not with the transaction's database
    await applyTrack(t.db, 1, track);
    // @ts-expect-error subscribing calls the tracking party: not with the transaction's context
    await subscribeParcels(t, [1]);
    // @ts-expect-error closing open charges asks the payment platform: not inside a transaction
    await closeOpenPayments(t, 1, log);
    const inside: DbOrTx = t.db;
    await createOrder(inside, 'individual', { memberId: 1, type: 1, unitPriceFen: 0, totalFen: 0 }, []);
  });
  void ctx.db.transaction(async (tx) => {
    // @ts-expect-error a plain drizzle transaction is refused too
    await applyTrack(tx, 1, track);
  });
  // Outside any transaction both are fine.
  void applyTrack(ctx.db, 1, track);
  void subscribeParcels(ctx, [1]);
  void closeOpenPayments(ctx, 1, log);
  // @ts-expect-error the state of a new order is createOrder's to decide
  void createOrder(ctx.db, 'task', { memberId: 1, type: 3, unitPriceFen: 0, totalFen: 0, state: 115 }, []);
}

describe('withTx', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());

  const read = async (key: string) =>
    (await app.ctx.db.select().from(settings).where(eq(settings.key, key)))[0]?.value ?? null;

  it('hands over the context with the transaction as its database: its writes are seen inside and kept together', async () => {
    const seenInside = await withTx(app.ctx, async (t) => {
      expect(t.db).not.toBe(app.ctx.db);
      expect([t.config, t.pii, t.storage]).toEqual([app.ctx.config, app.ctx.pii, app.ctx.storage]);
      await t.db.insert(settings).values({ key: 'tx.kept', value: { n: 1 } });
      return (await t.db.select().from(settings).where(eq(settings.key, 'tx.kept')))[0]?.value;
    });
    expect(seenInside).toEqual({ n: 1 });
    expect(await read('tx.kept')).toEqual({ n: 1 });
  });

  it('a failure inside rolls every write back', async () => {
    await expect(
      withTx(app.ctx, async (t) => {
        await t.db.insert(settings).values({ key: 'tx.dropped', value: { n: 2 } });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await read('tx.dropped')).toBeNull();
  });
});
