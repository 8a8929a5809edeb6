import { crc32 } from 'node:zlib';

/**
 * The export's ZIP, written as it goes: each file is stored (JPEGs do not compress) behind its local
 * header, and the central directory is written at the end from what the job recorded (name, CRC,
 * size, place), so a job resuming after a crash needs only its recorded entries, never the bytes
 * already written. ZIP64 records are added when the archive passes 4 GB or 65,535 entries (a
 * national export can); names are UTF-8 (flag bit 11), read as such by every current unzipper.
 */
export interface ZipEntry {
  name: string;
  crc32: number;
  size: number;
  offset: number;
}

const UTF8 = 0x0800;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

/** The DOS date and time of a moment (local fields of UTC+8, the programme's clock). */
export function dosTime(at: Date): { time: number; date: number } {
  const d = new Date(at.getTime() + 8 * 3_600_000);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A stored file: its local header and bytes, and the entry to record for the central directory. */
export function storedFile(
  name: string,
  bytes: Buffer,
  offset: number,
  at: { time: number; date: number },
): { chunk: Buffer; entry: ZipEntry } {
  const nameBytes = Buffer.from(name, 'utf8');
  const crc = crc32(bytes);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(0, 8);
  h.writeUInt16LE(at.time, 10);
  h.writeUInt16LE(at.date, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(bytes.length, 18);
  h.writeUInt32LE(bytes.length, 22);
  h.writeUInt16LE(nameBytes.length, 26);
  h.writeUInt16LE(0, 28);
  return {
    chunk: Buffer.concat([h, nameBytes, bytes]),
    entry: { name, crc32: crc, size: bytes.length, offset },
  };
}

/** One central directory record. */
export function centralRecord(e: ZipEntry, at: { time: number; date: number }): Buffer {
  const nameBytes = Buffer.from(e.name, 'utf8');
  const far = e.offset >= MAX32;
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(45, 4);
  h.writeUInt16LE(far ? 45 : 20, 6);
  h.writeUInt16LE(UTF8, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(at.time, 12);
  h.writeUInt16LE(at.date, 14);
  h.writeUInt32LE(e.crc32, 16);
  h.writeUInt32LE(e.size, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(nameBytes.length, 28);
  h.writeUInt16LE(far ? 12 : 0, 30);
  h.writeUInt32LE(far ? MAX32 : e.offset, 42);
  if (!far) return Buffer.concat([h, nameBytes]);
  const extra = Buffer.alloc(12);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8, 2);
  extra.writeBigUInt64LE(BigInt(e.offset), 4);
  return Buffer.concat([h, nameBytes, extra]);
}

/** The end of the archive once the central directory (`count` records, `size` bytes at `offset`) is written. */
export function endRecords(count: number, offset: number, size: number): Buffer {
  const parts: Buffer[] = [];
  const zip64 = count > MAX16 || offset >= MAX32 || size >= MAX32;
  if (zip64) {
    const r = Buffer.alloc(56);
    r.writeUInt32LE(0x06064b50, 0);
    r.writeBigUInt64LE(44n, 4);
    r.writeUInt16LE(45, 12);
    r.writeUInt16LE(45, 14);
    r.writeBigUInt64LE(BigInt(count), 24);
    r.writeBigUInt64LE(BigInt(count), 32);
    r.writeBigUInt64LE(BigInt(size), 40);
    r.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + size), 8);
    loc.writeUInt32LE(1, 16);
    parts.push(r, loc);
  }
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(Math.min(count, MAX16), 8);
  e.writeUInt16LE(Math.min(count, MAX16), 10);
  e.writeUInt32LE(Math.min(size, MAX32), 12);
  e.writeUInt32LE(Math.min(offset, MAX32), 16);
  parts.push(e);
  return Buffer.concat(parts);
}
