import type { AppContext } from '../../context.ts';

/**
 * The address of a photo on file. Placeholder until the photos module's photoUrl lands;
 * then this file delegates to it.
 */
export function reprintPicUrl(_ctx: AppContext, storageKey: string | null): string | null {
  return storageKey ? `/api/img/file/${encodeURIComponent(storageKey)}` : null;
}
