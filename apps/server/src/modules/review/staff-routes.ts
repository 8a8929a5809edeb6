import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimAnswerSchema, claimBody, decideAnswerSchema, decideBody, resetBody } from '@portal/contract/review';
import { cohortResetBody } from '@portal/contract/cohort';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { claim, decide, resetPhoto, resetSchoolPhoto } from './service.ts';

/** The shared review queue: claim a batch, decide each person, send an approved photo back. */
export const reviewStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/console/review/claim',
    { schema: { body: claimBody, response: { 200: envelope(claimAnswerSchema) } } },
    async (req) => ok(await claim(ctx, staffOf(req), req.body.size)),
  );

  app.post(
    '/api/console/review/decide',
    { schema: { body: decideBody, response: { 200: envelope(decideAnswerSchema) } } },
    async (req) => ok(await decide(ctx, staffOf(req), req.body)),
  );

  app.post(
    '/api/console/review/reset',
    { schema: { body: resetBody, response: { 200: envelope(z.object({ state: z.number() })) } } },
    async (req) => ok(await resetPhoto(ctx, staffOf(req), req.body)),
  );

  // A school's reset, from its cohort page (ARCHITECTURE.md, "School accounts").
  app.post(
    '/api/console/cohort/reset',
    { schema: { body: cohortResetBody, response: { 200: envelope(z.object({ state: z.number() })) } } },
    async (req) => ok(await resetSchoolPhoto(ctx, staffOf(req), req.body)),
  );
};
