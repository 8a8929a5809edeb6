import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffMeSchema,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolmentSchema,
  totpResetBody,
} from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { confirmEnrolment, disableOwn, resetTotp, startEnrolment } from './totp-service.ts';

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
export const consoleTotpRoutes: FastifyPluginAsyncZod = async (app) => {
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
