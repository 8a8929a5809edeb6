import type { AppContext } from '../../context.ts';
import { photoUrl } from '../photos/photo-service.ts';

/** The signed address of a photo on file, or null when the record has none. */
export function reprintPicUrl(ctx: AppContext, storageKey: string | null): string | null {
  return storageKey ? photoUrl(ctx, { storageKey }) : null;
}
