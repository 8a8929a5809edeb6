import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../../http/errors.ts';
import { searchQr, type QrSearchSlots } from './qr-search.ts';

/** The longest a code picture's decode may take (libvips stops the pipeline then). */
const DECODE_SECONDS = 2;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG (SOI and a marker) or PNG (its eight-byte signature), by the bytes alone; null for anything else. */
export function codePictureFormat(b: Buffer): 'jpeg' | 'png' | null {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length > 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

/**
 * Reads a QR code from a photographed code: JPEG or PNG only, told by the magic bytes before
 * libvips sees the file (an SVG filter of 235 bytes rendered at 6000 x 6000 cost seconds of
 * CPU), the header's pixel count under the photo uploads' cap before any decode, then one
 * decode in libvips's threads with the cap and a time limit, scaled to at most 1200 px on the
 * long side, and jsqr on the RGBA pixels in a worker with a time limit (qr-search.ts), within the
 * instance's slots. 400 naming the format or the size; null when no code was found.
 */
export async function readQrText(
  bytes: Buffer,
  maxPixels: number,
  slots: QrSearchSlots = (job) => job(),
): Promise<string | null> {
  const format = codePictureFormat(bytes);
  if (!format) throw badRequest('order.qrImageFormat');
  let meta: Metadata;
  try {
    // The header only: the cap is applied below, with the code's own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (meta.format !== format) throw badRequest('order.qrImageFormat');
  if (!meta.width || !meta.height) return null;
  if (meta.width * meta.height > maxPixels) throw badRequest('order.qrImageTooLarge');
  let raw: { data: Buffer; info: { width: number; height: number } };
  try {
    raw = await sharp(bytes, { limitInputPixels: maxPixels, sequentialRead: true })
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = raw;
  return slots(() => searchQr(data, info.width, info.height));
}

/** The collection code inside a QR text: the bare code or a URL carrying ?cjm=. */
export function collectionCodeOf(text: string): string | null {
  const t = text.trim();
  if (/^CJM[0-9A-Za-z]{4,40}$/.test(t)) return t;
  try {
    const u = new URL(t);
    return u.searchParams.get('cjm');
  } catch {
    return null;
  }
}
