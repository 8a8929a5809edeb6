import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditQuery,
  auditRowSchema,
  pageOf,
  staffLoginBody,
  staffMeSchema,
  staffSaveBody,
  staffUnlockBody,
  staffUserSchema,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolmentSchema,
  totpResetBody,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { listStaff, saveStaff, staffLogin, staffLogout, staffMe } from './auth-service.ts';
import { searchAudit } from './audit.ts';
import { unlockStaff } from './lockout.ts';
import type { FastifyRequest } from 'fastify';
import { confirmEnrolment, disableOwn, resetTotp, startEnrolment } from './totp-service.ts';

/** Staff login, logout, me; staff management and the audit search (admins). */
const staffAccounts: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/console/login',
    {
      // Per address here; per account in the service (auth-lockout.ts).
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: staffLoginBody,
        response: { 200: envelope(z.object({ token: z.string(), staff: staffMeSchema })) },
      },
    },
    async (req) => ok(await staffLogin(ctx, req.body, req.ip)),
  );

  app.post('/api/console/logout', { schema: { response: { 200: envelope(z.null()) } } }, async (req) => {
    await staffLogout(ctx, staffOf(req));
    return ok(null);
  });

  app.get('/api/console/me', { schema: { response: { 200: envelope(staffMeSchema) } } }, async (req) =>
    ok(await staffMe(ctx, staffOf(req))),
  );

  app.get('/api/console/staff', { schema: { response: { 200: envelope(z.array(staffUserSchema)) } } }, async () =>
    ok(await listStaff(ctx)),
  );

  app.post(
    '/api/console/staff',
    {
      schema: { body: staffSaveBody, response: { 200: envelope(z.object({ id: z.number() })) } },
    },
    async (req) => ok(await saveStaff(ctx, staffOf(req), req.body)),
  );

  app.post(
    '/api/console/staff/unlock',
    { schema: { body: staffUnlockBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await unlockStaff(ctx, staffOf(req), req.body.id, req.ip);
      return ok(null);
    },
  );

  app.get(
    '/api/console/audit',
    {
      schema: {
        querystring: auditQuery,
        response: { 200: envelope(pageOf(auditRowSchema)) },
      },
    },
    async (req) => ok(await searchAudit(ctx.db, req.query)),
  );
};

/** Guessing codes: ten tries a minute per staff session (an office shares one address). */
const limited = {
  rateLimit: {
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => String(req.headers['x-staff-token'] ?? req.ip),
  },
};

/**
 * TOTP of one's own account (any staff member: start, confirm with the first code, disable with a code
 * or the password; always the caller's own account, never an id from the request), and an admin's reset.
 */
const staffTotp: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/console/me/totp/start',
    { config: limited, schema: { response: { 200: envelope(totpEnrolmentSchema) } } },
    async (req) => ok(await startEnrolment(ctx, staffOf(req), req.ip)),
  );

  app.post(
    '/api/console/me/totp/confirm',
    {
      config: limited,
      schema: { body: totpConfirmBody, response: { 200: envelope(staffMeSchema) } },
    },
    async (req) => ok(await confirmEnrolment(ctx, staffOf(req), req.body.code, req.ip)),
  );

  app.post(
    '/api/console/me/totp/disable',
    {
      config: limited,
      schema: { body: totpDisableBody, response: { 200: envelope(staffMeSchema) } },
    },
    async (req) => ok(await disableOwn(ctx, staffOf(req), req.body, req.ip)),
  );

  app.post(
    '/api/console/staff/totp-reset',
    { schema: { body: totpResetBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await resetTotp(ctx, staffOf(req), req.body.id, req.ip);
      return ok(null);
    },
  );
};

/** The staff area's routes under /api/console: login, accounts, lock-outs, two-step codes and the audit. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAccounts);
  await app.register(staffTotp);
};
