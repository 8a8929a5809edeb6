import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { staffRoleSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { captchas } from '../../db/schema.ts';
import { ensureOutbox, outbox } from '../../providers/outbox.ts';
import { writeSetting } from '../system/public.ts';
import { devMemberSession, devStaffSession } from './dev-login.ts';
import { devOrderRoutes } from './dev-orders.ts';
import { devNationalReportRoutes } from './dev-national-report.ts';

/**
 * Demo-mode test hooks (see ARCHITECTURE.md, "Outside parties"). Registered only when config.demo is true,
 * so production answers 404 for every one of them.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  await ensureOutbox(db);
  await app.register(devOrderRoutes);
  await app.register(devNationalReportRoutes);

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        querystring: z.object({ to: z.string().min(1) }),
        response: {
          200: envelope(
            z.array(
              z.object({
                to: z.string(),
                channel: z.string(),
                text: z.string(),
                code: z.string().nullable(),
                sentAt: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => {
      const rows = await db.select().from(outbox).where(eq(outbox.to, req.query.to)).orderBy(desc(outbox.id)).limit(50);
      return ok(
        rows.map((r) => ({ to: r.to, channel: r.channel, text: r.text, code: r.code, sentAt: r.sentAt.toISOString() })),
      );
    },
  );

  app.get(
    '/api/dev/captcha',
    {
      schema: {
        querystring: z.object({ token: z.string().min(1) }),
        response: { 200: envelope(z.object({ answer: z.string() })) },
      },
    },
    async (req) => {
      const rows = await db.select().from(captchas).where(eq(captchas.token, req.query.token)).limit(1);
      if (!rows[0]) throw notFound();
      return ok({ answer: rows[0].answer });
    },
  );

  /** Lets journeys flip a runtime setting (e.g. the maintenance notice) without the console. */
  app.post(
    '/api/dev/settings',
    {
      schema: {
        body: z.object({ key: z.enum(['maintenance', 'servicePhones']), value: z.unknown() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await writeSetting(app.ctx, req.body.key, req.body.value);
      return ok(null);
    },
  );

  /** A member session without captcha and SMS, for journeys that test something else. */
  app.post(
    '/api/dev/login',
    {
      schema: {
        body: z.object({
          mobile: z.string().regex(/^1\d{10}$/),
          name: z.string().optional(),
          mail: z.string().optional(),
          isFirst: z.boolean().optional(),
        }),
        response: {
          200: envelope(
            z.object({
              token: z.string(),
              randomKey: z.string(),
              memberId: z.number(),
              isFirst: z.boolean(),
              name: z.string().nullable(),
              mobile: z.string().nullable(),
              mail: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (req) => ok(await devMemberSession(app.ctx, req.body.mobile, req.body)),
  );

  /** A staff session of a role (and branch), for journeys and API tests of the console. */
  app.post(
    '/api/dev/staff-login',
    {
      schema: {
        body: z.object({
          role: staffRoleSchema,
          branch: z.string().nullable().optional(),
          schools: z.array(z.string()).optional(),
        }),
        response: {
          200: envelope(
            z.object({ token: z.string(), staffId: z.number(), role: z.string(), branch: z.string().nullable() }),
          ),
        },
      },
    },
    async (req) => ok(await devStaffSession(app.ctx, req.body.role, req.body.branch ?? null, req.body.schools ?? null)),
  );
};
