import type { AppContext } from '../../context.ts';
import { photoIdFromUrl, photoUrl } from '../photos/photo-service.ts';

/** Photos of task orders: the URL the upload answered <-> the photo row (the photos module's rules). */
export function taskPhotoId(ctx: AppContext, memberId: number, url: string): Promise<number> {
  return photoIdFromUrl(ctx, memberId, url);
}

export function taskPhotoUrl(ctx: AppContext, photo: { storageKey: string }): string {
  return photoUrl(ctx, photo);
}
