import sharp from 'sharp';
import jsQR from 'jsqr';

/** Largest image we try to read a QR code from (pixels), against decompression bombs. */
const MAX_PIXELS = 40_000_000;

/**
 * Reads a QR code from image bytes (JPEG, PNG, WebP): decoded with sharp, scaled to
 * at most 1200 px on the long side, then jsqr on the RGBA pixels. Null when none.
 */
export async function readQrText(bytes: Buffer): Promise<string | null> {
  let raw: { data: Buffer; info: { width: number; height: number } };
  try {
    raw = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = raw;
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: 'attemptBoth',
  });
  return found?.data ?? null;
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
