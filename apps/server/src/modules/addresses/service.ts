import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MAX_ADDRESSES, type Address, type AddressSave } from '@portal/contract/addresses';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, memberAddresses } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

type Row = typeof memberAddresses.$inferSelect;

const view = (r: Row): Address => ({
  id: r.id,
  shippingType: r.shippingType,
  shippingReceiveName: r.receiveName,
  shippingReceiveMobile: r.receiveMobile,
  shippingProvinceName: r.provinceName,
  shippingCityName: r.cityName,
  shippingDistrictName: r.districtName,
  shippingAddress: r.address,
  isDefault: r.isDefault,
});

/** The member's own address, locked; another member's id reads as no such address (404), never as theirs. */
async function ownAddress(tx: DbOrTx, memberId: number, id: number): Promise<Row> {
  const [r] = await tx
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.id, id), eq(memberAddresses.memberId, memberId)))
    .for('update');
  if (!r) throw notFound('address.notFound');
  return r;
}

/** Default first, then the newest. */
export async function listAddresses(ctx: AppContext, memberId: number): Promise<Address[]> {
  const rows = await ctx.db
    .select()
    .from(memberAddresses)
    .where(eq(memberAddresses.memberId, memberId))
    .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.id));
  return rows.map(view);
}

async function clearDefault(tx: DbOrTx, memberId: number, except: number): Promise<void> {
  await tx
    .update(memberAddresses)
    .set({ isDefault: false })
    .where(
      and(eq(memberAddresses.memberId, memberId), ne(memberAddresses.id, except), eq(memberAddresses.isDefault, true)),
    );
}

/** Saves a new address (the first one becomes the default) or changes one of the member's own. */
export async function saveAddress(ctx: AppContext, memberId: number, body: AddressSave): Promise<Address> {
  const [carrier] = await ctx.db
    .select({ id: carriers.id })
    .from(carriers)
    .where(and(eq(carriers.id, body.shippingType), eq(carriers.active, true)));
  if (!carrier) throw badRequest('shipping.carrierRequired');
  const values = {
    shippingType: body.shippingType,
    receiveName: body.shippingReceiveName,
    receiveMobile: body.shippingReceiveMobile,
    provinceName: body.shippingProvinceName,
    cityName: body.shippingCityName,
    districtName: body.shippingDistrictName,
    address: body.shippingAddress,
  };
  return withTx(ctx, async ({ db: tx }) => {
    let row: Row;
    if (body.id) {
      const own = await ownAddress(tx, memberId, body.id);
      [row] = await tx
        .update(memberAddresses)
        .set({ ...values, isDefault: body.isDefault ?? own.isDefault })
        .where(eq(memberAddresses.id, own.id))
        .returning();
    } else {
      // Serialise a member's saves so two tabs cannot pass the limit or both become the default.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${memberId}`}))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId));
      if (n >= MAX_ADDRESSES) throw conflict('address.max');
      [row] = await tx
        .insert(memberAddresses)
        .values({ ...values, memberId, isDefault: body.isDefault ?? n === 0 })
        .returning();
    }
    if (row.isDefault) await clearDefault(tx, memberId, row.id);
    return view(row);
  });
}

export async function setDefaultAddress(ctx: AppContext, memberId: number, id: number): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const own = await ownAddress(tx, memberId, id);
    await tx.update(memberAddresses).set({ isDefault: true }).where(eq(memberAddresses.id, own.id));
    await clearDefault(tx, memberId, own.id);
  });
}

/** Deletes one of the member's addresses; when it was the default, the newest left takes over. */
export async function deleteAddress(ctx: AppContext, memberId: number, id: number): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const own = await ownAddress(tx, memberId, id);
    await tx.delete(memberAddresses).where(eq(memberAddresses.id, own.id));
    if (!own.isDefault) return;
    const [next] = await tx
      .select({ id: memberAddresses.id })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(desc(memberAddresses.id))
      .limit(1);
    if (next) await tx.update(memberAddresses).set({ isDefault: true }).where(eq(memberAddresses.id, next.id));
  });
}
