/** The individual flow's smallest file (document 2: at least 30 KB), as the desktop checks it. */
export const MIN_INDIVIDUAL_BYTES = 30 * 1024;

/** The desktop's rules for a chosen file, as message keys: JPEG only, at least 30 KB. */
export async function fileRuleError(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (!jpeg) return 'msg.photo.jpgOnly';
  if (file.size < MIN_INDIVIDUAL_BYTES) return 'msg.photo.tooSmall';
  return null;
}

/**
 * The photo as the check takes it: centred 3:4 crop, 480 x 640 JPEG (the desktop crops by hand;
 * a phone photo is taken framed, so the centre is kept).
 */
export async function toStandardJpeg(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const w = 480;
  const h = 640;
  const scale = Math.max(w / bitmap.width, h / bitmap.height);
  const sw = w / scale;
  const sh = h / scale;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - sw) / 2, (bitmap.height - sh) / 2, sw, sh, 0, 0, w, h);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', 0.92),
  );
}
