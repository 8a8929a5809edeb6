import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Largest request body: a 5 MB photo plus multipart framing. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Multipart bodies, for the route modules that take a file (photo upload, the national app's code
 * picture, content images and forms): registered inside each such module, so its hooks run on
 * those routes only. Registered for the whole app, @fastify/multipart put two promise hooks and a
 * 'close' listener on every request, a tenth of a bare route's plumbing. Elsewhere a multipart
 * body is refused as an unsupported type (415) before any handler runs.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
}
