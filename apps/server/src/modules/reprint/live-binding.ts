import { BIND_STATUS } from '@portal/contract/enums';
import type { MessageKey } from '@portal/contract/messages';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { bindingOfMemberFor } from './binding-repo.ts';
import { bindingPhotoUrl, bindingSeesPhotos } from './binding-photo.ts';

/**
 * A reprint order prints a photo on file, which is the member's only through their binding to
 * the record: every path that shows, downloads, prints or takes payment for it asks the binding
 * as it is at that moment (issue 32), never what it was when the order was made. A binding
 * suspended by an open dispute reads nothing until staff decide; one that lost the dispute
 * (ended while suspended) never again.
 */
export type ReprintPhotoRefusal = 'reprint.bindingSuspended' | 'reprint.bindingLost';

/**
 * What the member reads on an order closed because the record went to the student who proved
 * identity: kept as this key in the order's reason, put in the member's language when shown.
 */
export const CLOSED_BINDING_LOST = 'reprint.orderClosedBindingLost' satisfies MessageKey;

interface ReprintOrderLike {
  kind: string;
  memberId: number | null;
  thirdStudentId: string | null;
}

type Binding = NonNullable<Awaited<ReturnType<typeof bindingOfMemberFor>>>;

/** The member's binding to the order's record, or null (no record, never bound). */
export async function orderBinding(db: DbOrTx, o: ReprintOrderLike): Promise<Binding | null> {
  const record = Number(o.thirdStudentId);
  if (!o.memberId || !Number.isInteger(record) || record <= 0) return null;
  return bindingOfMemberFor(db, o.memberId, record);
}

/** Why the binding may not see its record's photo now, or null when it may. */
export function refusalOf(b: Binding | null): ReprintPhotoRefusal | null {
  if (b && bindingSeesPhotos(b)) return null;
  if (b?.suspendedAt && (b.state === BIND_STATUS.BOUND || b.state === BIND_STATUS.UNBIND_PENDING))
    return 'reprint.bindingSuspended';
  return 'reprint.bindingLost';
}

/**
 * Why a reprint order's photo may not be served, printed or paid for now; null for other kinds,
 * for a live binding, and for an order naming no record (it holds no photo on file: demo orders).
 */
export async function reprintPhotoRefusal(db: DbOrTx, o: ReprintOrderLike): Promise<ReprintPhotoRefusal | null> {
  if (o.kind !== 'reprint' || !o.thirdStudentId) return null;
  return refusalOf(await orderBinding(db, o));
}

/** 409 with the reason when a reprint order's binding may not see its photo now. */
export async function assertReprintPhotoLive(db: DbOrTx, o: ReprintOrderLike): Promise<void> {
  const refusal = await reprintPhotoRefusal(db, o);
  if (refusal) throw conflict(refusal);
}

/**
 * The addresses of a reprint order's photos: through the member's binding (the address is checked
 * against the binding again at each fetch), none while the binding may not see them.
 */
export async function reprintPhotoLinks(
  ctx: AppContext,
  o: ReprintOrderLike,
): Promise<(photoId: number | null) => string | null> {
  const b = await orderBinding(ctx.db, o);
  if (!b || refusalOf(b)) return () => null;
  return (photoId) => bindingPhotoUrl(ctx, b.id, photoId);
}
