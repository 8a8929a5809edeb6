/**
 * What the photos area offers the other areas (ARCHITECTURE.md, "Layers"): a photo's signed
 * address and bytes, storing bytes as a photo, a member's photos (and correction candidates) to
 * erase, face comparison, whether the check is ready, and sending a JPEG answer.
 */
export {
  FACE_MISMATCH_THRESHOLD,
  faceDistance,
  memberPhotoKeys,
  photoCheckReady,
  photoIdFromUrl,
  photoLinkHour,
  photoUrl,
  readOriginalBytes,
  readPhotoBytes,
  storePhotoBytes,
  type PhotoUrlScope,
} from './photo-service.ts';
export { deleteMemberCandidates } from './correction-offer.ts';
export { sendJpeg } from './send-jpeg.ts';
