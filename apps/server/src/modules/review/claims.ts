import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { othersLeases } from './repo.ts';

/**
 * A decision from elsewhere in the console (the order transition's approve and reject) on an
 * order another reviewer holds is refused, naming the holder: one reviewer per order.
 */
export async function assertNotClaimedByOther(tx: DbOrTx, orderIds: number[], staffId: number): Promise<void> {
  const [held] = await othersLeases(tx, orderIds, staffId);
  if (held) throw conflict('review.claimedByOther', { name: held.name });
}
