import type { FastifyRequest } from 'fastify';

/**
 * PUBLIC_URL: the base of notify URLs, QR payloads and return URLs. Only the demo sandbox
 * falls back to the request's origin: real payments refuse to start without PUBLIC_URL,
 * so a forged Host header never chooses where a platform sends its notifications.
 */
export function baseUrlOf(req: FastifyRequest): string {
  const configured = req.server.ctx.config.publicUrl;
  return configured ? configured.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}
