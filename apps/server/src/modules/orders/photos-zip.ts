import { ZipArchive } from 'archiver';

/**
 * An order's photos as one ZIP in memory (a few people's JPEGs, stored, not compressed), each
 * file named after its person; a name used twice gets its place in the order (张三.jpg, 张三-2.jpg).
 */
export async function photosZip(files: { name: string; bytes: () => Promise<Buffer> }[]): Promise<Buffer> {
  const zip = new ZipArchive({ store: true });
  const chunks: Buffer[] = [];
  zip.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  const used = new Map<string, number>();
  for (const f of files) {
    const base = f.name.replace(/[\\/:*?"<>|]/g, '_').trim() || 'photo';
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    zip.append(await f.bytes(), { name: n === 1 ? `${base}.jpg` : `${base}-${n}.jpg` });
  }
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
