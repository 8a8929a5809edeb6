import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicSettingsSchema } from '@portal/contract/settings';
import { envelope, ok, signedJsonEnvelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { migrationsApplied, pingDatabase } from '../../db/client.ts';
import { publicSettings } from './settings-service.ts';
import { photoCheckReady } from '../photos/public.ts';

const health = z.object({
  status: z.string(),
  db: z.string(),
  migrations: z.number().optional(),
  /** 'unavailable' while the photo storage's circuit is open: reported, never a reason to leave the rotation. */
  storage: z.enum(['ok', 'unavailable']).optional(),
});

/** Readiness waits this long for the database before it reports not ready. */
const READY_PING_MS = 3_000;

/** fn's answer, or a rejection once ms have passed without one. */
async function withinMs<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([fn(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Health (liveness and readiness) and the public settings. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const ready = async () => {
    // A draining instance tells the load balancer to send no more, while it still answers.
    if (app.draining) throw new AppError(503, 'http.restarting');
    if (!photoCheckReady(ctx))
      throw new AppError(503, ctx.photos.pool.available ? 'photo.warming' : 'photo.checkUnavailable');
    try {
      // Unreachable or too slow: not ready; ready again by itself once it answers (db/client.ts).
      const migrations = await withinMs(READY_PING_MS, () =>
        pingDatabase(ctx.db).then(() => migrationsApplied(ctx.db)),
      );
      // Storage down is not a reason to be taken out of rotation: every instance shares the bucket,
      // and reads that do not need it keep answering (ARCHITECTURE.md, "Growing past one machine").
      return ok({ status: 'ok', db: ctx.dbKind, migrations, storage: ctx.storage.state() });
    } catch {
      throw new AppError(503, 'http.databaseUnavailable');
    }
  };

  app.get('/api/health', { schema: { response: { 200: envelope(health) } } }, ready);
  app.get('/api/health/ready', { schema: { response: { 200: envelope(health) } } }, ready);
  // Liveness answers the same data for the process's life: validated and serialized once, signed per answer.
  const liveJson = JSON.stringify(z.encode(health, { status: 'ok', db: ctx.dbKind }));
  app.get('/api/health/live', { schema: { response: { 200: envelope(health) } } }, async (_req, reply) =>
    // A string body skips the serializer (typed for the envelope object, hence the cast).
    reply
      .type('application/json; charset=utf-8')
      .send(signedJsonEnvelope(liveJson, ctx.config.responseSecret) as never),
  );

  app.get('/api/baseInfo/settings', { schema: { response: { 200: envelope(publicSettingsSchema) } } }, async () =>
    ok(await publicSettings(ctx)),
  );
};
