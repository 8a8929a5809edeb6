import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleSchoolRowSchema,
  consoleTaskBody,
  consoleTaskRowSchema,
  schoolBranchBody,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { findSchools, importSchools, listTasks, saveTask, setPilot, setSchoolBranch } from './staff-service.ts';

/** The catalog area's staff routes: schools (CSV import, pilot flags, serving branch) and tasks. */
export const catalogStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/schools',
    {
      schema: {
        querystring: z.object({ q: z.string().trim().max(40).optional() }),
        response: {
          200: envelope(z.array(consoleSchoolRowSchema)),
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

  app.post(
    '/api/console/schools/:yxdm/branch',
    {
      schema: {
        params: z.object({ yxdm: z.string().regex(/^\d{5}$/) }),
        body: schoolBranchBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await setSchoolBranch(ctx, staffOf(req), req.params.yxdm, req.body.fy || null);
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
};
