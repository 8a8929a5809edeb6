import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { linkedExport } from './export-job.ts';

/**
 * GET /api/export-file/:id?exp&sig: a finished export's ZIP through the signed link the console
 * handed out (export-job.ts exportLink), streamed from photo storage, never read whole.
 */
export const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/export-file/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const { key, name } = await linkedExport(ctx, req.params.id, req.query.exp, req.query.sig);
      const file = await ctx.storage.stream(key);
      if (!file) throw notFound();
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file.body);
    },
  );
};
