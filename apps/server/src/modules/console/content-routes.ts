import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPE_NAMES, consoleSettingsSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { deleteContent, listContent, readConsoleSettings, saveConsoleSettings, saveContent } from './content-service.ts';

const typeParam = z.object({ type: z.enum(CONTENT_TYPE_NAMES as [string, ...string[]]) });
const editor = { staff: ['editor' as const] };

/** Content editing (banners, notices, news, FAQ, centres, static pages) and the site settings. */
export const consoleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  type T = Parameters<typeof listContent>[1];

  app.get(
    '/api/console/content/:type',
    { config: editor, schema: { params: typeParam, response: { 200: envelope(z.array(z.record(z.string(), z.unknown()))) } } },
    async (req) => ok(await listContent(ctx, req.params.type as T)),
  );

  app.post(
    '/api/console/content/:type',
    {
      config: editor,
      schema: {
        params: typeParam,
        body: z.object({ id: z.union([z.number().int(), z.string().max(60)]).nullable().optional(), values: z.record(z.string(), z.unknown()) }),
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req) => ok(await saveContent(ctx, staffOf(req), req.params.type as T, req.body.id ?? null, req.body.values)),
  );

  app.post(
    '/api/console/content/:type/delete',
    { config: editor, schema: { params: typeParam, body: z.object({ id: z.union([z.number().int(), z.string().max(60)]) }), response: { 200: envelope(z.null()) } } },
    async (req) => {
      await deleteContent(ctx, staffOf(req), req.params.type as T, req.body.id);
      return ok(null);
    },
  );

  app.get('/api/console/settings', { config: editor, schema: { response: { 200: envelope(consoleSettingsSchema) } } }, async () => ok(await readConsoleSettings(ctx)));

  app.post('/api/console/settings', { config: editor, schema: { body: consoleSettingsSchema, response: { 200: envelope(consoleSettingsSchema) } } }, async (req) =>
    ok(await saveConsoleSettings(ctx, staffOf(req), req.body)),
  );
};
