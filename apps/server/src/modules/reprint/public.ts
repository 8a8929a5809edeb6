/**
 * What the reprint area offers the other areas (ARCHITECTURE.md, "Layers"): whether a reprint's
 * photo on file may be shown, paid for or produced now (live-binding.ts), asked at each request.
 */
export {
  assertReprintPhotoLive,
  reprintPhotoLinks,
  reprintPhotoRefusal,
  type ReprintPhotoRefusal,
} from './live-binding.ts';
