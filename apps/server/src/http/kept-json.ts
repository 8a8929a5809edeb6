import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OK_HEAD, envelopeTail } from './envelope.ts';

/**
 * A kept answer's data (a member's list or order page, the banners) and, made on the first request
 * that takes gzip, its envelope's constant start compressed.
 *
 * Every browser asks for a compressed answer, and compressing some 13 KB of list per request cost
 * more than everything else the request did (brotli, through @fastify/compress). An envelope ends
 * with its own timestamp and sign, so a kept answer cannot be kept compressed whole; but a gzip
 * stream may end in a stored (uncompressed) block: the start `{"code":200,"msg":"success","data":...`
 * is deflated once, flushed to a byte boundary, and each answer appends its few bytes of tail as a
 * final stored block, with the CRC-32 carried on from the start's (RFC 1951 3.2.4, RFC 1952 2.3).
 */
export class KeptJson {
  private gz: { deflated: Buffer; crc: number; size: number } | null = null;

  constructor(readonly data: Buffer) {}

  /** The envelope around the data, with this answer's tail: UTF-8 bytes, not compressed. */
  plain(tail: Buffer): Buffer {
    return Buffer.concat([OK_HEAD, this.data, tail], OK_HEAD.length + this.data.length + tail.length);
  }

  /** The same bytes as one gzip member, the constant start deflated once per kept answer. */
  gzip(tail: Buffer): Buffer {
    if (!this.gz) {
      const head = Buffer.concat([OK_HEAD, this.data]);
      // Sync flush: the deflate stream stops at a byte boundary, not final, ready for one more block.
      const deflated = zlib.deflateRawSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      this.gz = { deflated, crc: zlib.crc32(head), size: head.length };
    }
    const { deflated, crc, size } = this.gz;
    const out = Buffer.allocUnsafe(GZIP_HEADER.length + deflated.length + 5 + tail.length + 8);
    let at = GZIP_HEADER.copy(out, 0);
    at += deflated.copy(out, at);
    out[at++] = 0x01; // the last block (BFINAL 1), stored (BTYPE 00)
    at = out.writeUInt16LE(tail.length, at);
    at = out.writeUInt16LE(~tail.length & 0xffff, at);
    at += tail.copy(out, at);
    at = out.writeUInt32LE(zlib.crc32(tail, crc) >>> 0, at);
    out.writeUInt32LE((size + tail.length) >>> 0, at);
    return out;
  }
}

/** Magic, deflate, no flags, no time, no extra flags, operating system unknown (RFC 1952 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** Whether an Accept-Encoding header takes gzip (by name or by *, with a weight above zero). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weighted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip') return weighted;
    star = weighted;
  }
  return star;
}

/**
 * Answers a kept answer, signed now: gzip when the caller takes it (every browser), else plain.
 * The compression plugin leaves an answer alone once it carries a Content-Encoding.
 */
export function sendKeptJson(req: FastifyRequest, reply: FastifyReply, kept: KeptJson, secret: string) {
  const tail = envelopeTail(secret);
  reply.type('application/json; charset=utf-8');
  if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(kept.plain(tail));
  return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(kept.gzip(tail));
}
