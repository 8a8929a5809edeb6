import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nationalExportRowSchema,
  nationalReportBody,
  nationalReportItemSchema,
  nationalReportJobSchema,
  REPORT_STATUSES,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { exportHistory, nationalExport } from './staff-export.ts';
import { listNationalReports, reportItems, runNationalReports, startNationalReport } from './staff-report.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The same staff as the national export. */

/**
 * The national area's staff routes: the photo export (a zip of 480 x 640 JPEGs) and its history, and
 * photo reports to the national platform: staff start a run (a school or a date range), batches go
 * out at once and then on a timer under the sending lock, and the console polls the progress.
 */
export const nationalStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/console/national-export',
    {
      schema: {
        body: z.object({
          yxdm: z
            .string()
            .regex(/^\d{5}$/)
            .optional(),
          from: day.optional(),
          to: day.optional(),
        }),
      },
    },
    async (req, reply) => {
      const { zip } = await nationalExport(ctx, staffOf(req), req.body);
      const name = `national-${req.body.yxdm ?? 'all'}-${new Date().toISOString().slice(0, 10)}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(zip);
    },
  );

  app.get(
    '/api/console/national-export',
    {
      schema: {
        response: {
          200: envelope(z.array(nationalExportRowSchema)),
        },
      },
    },
    async () => ok(await exportHistory(ctx)),
  );
  let inFlight: Promise<unknown> = Promise.resolve();
  let closing = false;
  const kick = () => {
    if (closing) return;
    inFlight = runNationalReports(ctx, app.log).catch((err: unknown) =>
      app.log.error({ err }, 'national report run failed'),
    );
  };

  app.post(
    '/api/console/national-report',
    { schema: { body: nationalReportBody, response: { 200: envelope(nationalReportJobSchema) } } },
    async (req) => {
      const job = await startNationalReport(ctx, staffOf(req), req.body);
      kick();
      return ok(job);
    },
  );

  app.get(
    '/api/console/national-report',
    { schema: { response: { 200: envelope(z.array(nationalReportJobSchema)) } } },
    async () => ok(await listNationalReports(ctx)),
  );

  app.get(
    '/api/console/national-report/:id/items',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ status: z.enum(REPORT_STATUSES).optional() }),
        response: { 200: envelope(z.array(nationalReportItemSchema)) },
      },
    },
    async (req) => ok(await reportItems(ctx, staffOf(req), req.params.id, req.query.status)),
  );

  const every = ctx.config.national.reportSeconds;
  const timer = every > 0 ? setInterval(kick, every * 1000) : null;
  timer?.unref();
  // Before the server and the database close: no new batch, and the one under way finishes.
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await inFlight;
  });
};
