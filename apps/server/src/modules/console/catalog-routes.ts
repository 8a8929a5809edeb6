import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleTaskBody, consoleTaskRowSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { findSchools, importSchools, listTasks, saveTask, setPilot } from './catalog-service.ts';
import { exportHistory, nationalExport } from './national-export.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Schools (CSV import, pilot flags), tasks and the national-platform export. */
export const consoleCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/schools',
    {
      schema: {
        querystring: z.object({ q: z.string().trim().max(40).optional() }),
        response: {
          200: envelope(
            z.array(
              z.object({
                yxdm: z.string(),
                name: z.string(),
                province: z.string().nullable(),
                level: z.string().nullable(),
                testPoint: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => ok(await findSchools(ctx, req.query.q)),
  );

  app.post(
    '/api/console/schools/import',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        body: z.object({ csv: z.string().min(1).max(4_000_000) }),
        response: { 200: envelope(z.object({ created: z.number(), updated: z.number() })) },
      },
    },
    async (req) => ok(await importSchools(ctx, staffOf(req), req.body.csv)),
  );

  app.post(
    '/api/console/schools/:yxdm/pilot',
    {
      schema: {
        params: z.object({ yxdm: z.string().regex(/^\d{5}$/) }),
        body: z.object({ testPoint: z.union([z.literal(0), z.literal(1)]) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await setPilot(ctx, staffOf(req), req.params.yxdm, req.body.testPoint);
      return ok(null);
    },
  );

  app.get(
    '/api/console/tasks',
    { schema: { response: { 200: envelope(z.array(consoleTaskRowSchema)) } } },
    async (req) => ok(await listTasks(ctx, staffOf(req))),
  );

  app.post(
    '/api/console/tasks',
    {
      schema: { body: consoleTaskBody, response: { 200: envelope(consoleTaskRowSchema) } },
    },
    async (req) => ok(await saveTask(ctx, staffOf(req), req.body)),
  );

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
          200: envelope(
            z.array(
              z.object({
                id: z.number(),
                staffId: z.number(),
                scope: z.unknown(),
                photoCount: z.number(),
                createdAt: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async () => ok(await exportHistory(ctx)),
  );
};
