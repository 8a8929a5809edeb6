import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportLeftOutRowSchema,
  exportLinkSchema,
  nationalExportBody,
  nationalExportJobSchema,
} from '@portal/contract/national-export';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { exportLink, leftOutRows, listExports, startExport } from './export-job.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * National photo exports in the console: start one (a background job, export-worker.ts), follow its
 * progress, see what it left out, and take a signed link to its ZIP once done.
 */
export const exportStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/console/national-export',
    { schema: { body: nationalExportBody, response: { 200: envelope(nationalExportJobSchema) } } },
    async (req) => {
      const job = await startExport(ctx, staffOf(req), req.body);
      ctx.exportWorker?.kick();
      return ok(job);
    },
  );

  app.get(
    '/api/console/national-export',
    { schema: { response: { 200: envelope(z.array(nationalExportJobSchema)) } } },
    async (req) => ok(await listExports(ctx, staffOf(req))),
  );

  app.get(
    '/api/console/national-export/:id/left-out',
    { schema: { params: idParams, response: { 200: envelope(z.array(exportLeftOutRowSchema)) } } },
    async (req) => ok(await leftOutRows(ctx, staffOf(req), req.params.id)),
  );

  app.get(
    '/api/console/national-export/:id/link',
    { schema: { params: idParams, response: { 200: envelope(exportLinkSchema) } } },
    async (req) => ok(await exportLink(ctx, staffOf(req), req.params.id)),
  );
};
