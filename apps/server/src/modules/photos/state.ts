import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { PiiCipher } from '../../lib/pii.ts';
import { CheckPool, defaultPoolSize, type CheckPoolOptions } from './check-pool.ts';

/** What the photos area keeps per app: declared here (context.ts ModuleState), made once as the app is built. */
export interface PhotosState {
  /** The photo URL signing key, derived once at start (photoUrlKey). */
  urlKey: Buffer;
  /** The app's photo-check workers (check-pool.ts), started on the first check or when warmed; closed with the app. */
  pool: CheckPool;
  /** The models' loading in the workers (photo-service.ts warmPhotoCheck): under way, and done. */
  warm: { warming: Promise<void> | null; warmed: boolean };
}

declare module '../../context.ts' {
  interface ModuleState {
    photos: PhotosState;
  }
}

/**
 * The photo URL signing key: PHOTO_URL_KEY, else derived from the data key (never the public response
 * secret). Derived once when the app starts and kept on its context (ctx.photos.urlKey).
 */
export function photoUrlKey(config: Config, pii: PiiCipher): Buffer {
  return createHash('sha256')
    .update(config.photos.urlKey ?? `photo-url:${pii.blindIndex('photo-url-signing-key-v1')}`)
    .digest();
}

/** The pool an app's configuration asks for: PHOTO_WORKERS workers (else defaultPoolSize), its face detector. */
export function configuredPool(config: Pick<Config, 'photos' | 'faceModel'>, opts?: CheckPoolOptions): CheckPool {
  const { detector, tinyInput } = config.faceModel;
  return new CheckPool(config.photos.workers || defaultPoolSize(), detector, tinyInput, opts);
}

export function photosState(config: Config, pii: PiiCipher): PhotosState {
  return { urlKey: photoUrlKey(config, pii), pool: configuredPool(config), warm: { warming: null, warmed: false } };
}
