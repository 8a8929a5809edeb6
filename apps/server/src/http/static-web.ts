import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** /phoneModify and its child paths: the phone portal (ARCHITECTURE.md, "The phone portal"). */
export function isPhonePath(url: string): boolean {
  return /^\/phoneModify(?:[/?#]|$)/.test(url);
}

/**
 * Serves the built web app: the portal at /, the phone portal at /phoneModify and the console at /console, with
 * history fallback. Hashed assets are cached for a year; the HTML never.
 */
export const staticWebPlugin = fp(
  async (app, opts: { dist: string }) => {
    const hasDist = fs.existsSync(path.join(opts.dist, 'index.html'));
    if (hasDist) {
      await app.register(fastifyStatic, {
        root: opts.dist,
        prefix: '/',
        wildcard: false,
        index: false,
        setHeaders(res, file) {
          if (file.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }
    // The phone portal has a page of its own (a build without it falls back to the portal's).
    const hasPhone = hasDist && fs.existsSync(path.join(opts.dist, 'phone.html'));
    app.decorate('webDistReady', hasDist);
    app.decorate('sendAppShell', (url: string, reply: import('fastify').FastifyReply) => {
      const file = url.startsWith('/console')
        ? 'console.html'
        : hasPhone && isPhonePath(url)
          ? 'phone.html'
          : 'index.html';
      if (!hasDist) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply.header('cache-control', 'no-cache').sendFile(file);
    });
  },
  { name: 'static-web' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webDistReady: boolean;
    sendAppShell(url: string, reply: import('fastify').FastifyReply): unknown;
  }
}
