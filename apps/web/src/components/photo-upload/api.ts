import { apiPost, request } from '../../lib/api/client.ts';

/**
 * The photo calls (the photo area's API): the photo upload is shared by the orders, task and
 * reprint features, so its calls live beside the shared upload component, not in a feature.
 * Both are read raw: a refused photo answers its check (and a corrected candidate) with its code.
 */

/** Uploads a photo for a flow; the answer is the photo's key or the check that refused it. */
export const uploadPhoto = (formData: FormData) =>
  request('POST', '/api/img/upload', { formData, raw: true, silent: true });

/** Takes the corrected candidate; checked again like an upload. */
export const acceptCorrected = (candidateId: string) =>
  request('POST', '/api/img/accept-corrected', { body: { candidateId }, raw: true, silent: true });

/** A capture token for the camera capture (asked for before the camera opens; a capture-only task needs it). */
export const captureToken = () => apiPost('/api/img/capture-token', { body: {} }).then((d) => d.token);
