import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { envelope, ok } from '../../http/envelope.ts';
import { verificationCodes } from '../../db/schema.ts';

/** Demo-mode hook for journeys: expire the codes sent to a mobile or e-mail (the 5-minute limit, without waiting). */
export const accountsDevHooks: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/expire-codes',
    { schema: { hide: true, body: z.object({ to: z.string().min(1) }), response: { 200: envelope(z.number()) } } },
    async (req) => {
      const rows = await app.ctx.db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.target, req.body.to))
        .returning({ id: verificationCodes.id });
      return ok(rows.length);
    },
  );
};
