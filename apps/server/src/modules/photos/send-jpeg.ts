import type { FastifyReply } from 'fastify';

/**
 * A photo's bytes as a JPEG answer, never sniffed as anything else. A member's photos are private;
 * `cache` says how long the member's browser may keep one (none unless the link itself expires).
 */
export function sendJpeg(reply: FastifyReply, bytes: Buffer, cache = 'private, no-store') {
  return reply
    .header('content-type', 'image/jpeg')
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
