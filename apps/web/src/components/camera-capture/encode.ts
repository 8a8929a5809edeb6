import { captureRect } from '@portal/photo-check/live-guidance';

export const OUT_W = 480;
export const OUT_H = 640;
/** The individual flow's floor (the server refuses smaller files): the capture stays above it. */
const MIN_BYTES = 30 * 1024;

/** Draws the capture's 3:4 part of the video, scaled to w x h, on a canvas (never mirrored). */
export function drawFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, w = OUT_W, h = OUT_H) {
  canvas.width = w;
  canvas.height = h;
  const r = captureRect(video.videoWidth, video.videoHeight);
  const g = canvas.getContext('2d', { willReadFrequently: true })!;
  g.imageSmoothingQuality = 'high';
  g.drawImage(video, r.x, r.y, r.width, r.height, 0, 0, w, h);
  return g;
}

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', quality),
  );

/**
 * The photo: the 3:4 part at 480 x 640 as a JPEG at quality 0.92, raised when a very plain frame
 * would come out under the 30 KB floor.
 */
export async function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawFrame(video, canvas);
  let blob = await toJpeg(canvas, 0.92);
  for (const q of [0.96, 0.99, 1]) {
    if (blob.size >= MIN_BYTES) break;
    blob = await toJpeg(canvas, q);
  }
  return blob;
}
