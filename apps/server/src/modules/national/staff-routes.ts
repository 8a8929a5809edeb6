import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nationalReportBody,
  nationalReportItemSchema,
  nationalReportJobSchema,
  REPORT_STATUSES,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { exportStaffRoutes } from './export-staff-routes.ts';
import { listNationalReports, reportItems, runNationalReports, startNationalReport } from './staff-report.ts';

/**
 * The national area's staff routes: the photo export (a background job, export-staff-routes.ts), and
 * photo reports to the national platform: staff start a run (a school or a date range), batches go
 * out at once and then on a timer under the sending lock, and the console polls the progress.
 */
export const nationalStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  await app.register(exportStaffRoutes);

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
