import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPE_NAMES, consoleSettingsSchema } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { storeContentImage } from './content-image.ts';
import { badRequest } from '../../http/errors.ts';
import {
  deleteContent,
  listContent,
  readConsoleSettings,
  saveConsoleSettings,
  saveContent,
} from './content-service.ts';

const typeParam = z.object({ type: z.enum(CONTENT_TYPE_NAMES as [string, ...string[]]) });
const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Content editing (banners, notices, news, FAQ, centres, static pages) and the site settings. */
export const consoleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  type T = Parameters<typeof listContent>[1];

  app.get(
    '/api/console/content/:type',
    {
      schema: { params: typeParam, response: { 200: envelope(z.array(z.record(z.string(), z.unknown()))) } },
    },
    async (req) => ok(await listContent(ctx, req.params.type as T)),
  );

  app.post(
    '/api/console/content/:type',
    {
      schema: {
        params: typeParam,
        body: z.object({
          id: z
            .union([z.number().int(), z.string().max(60)])
            .nullable()
            .optional(),
          values: z.record(z.string(), z.unknown()),
        }),
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req) => ok(await saveContent(ctx, staffOf(req), req.params.type as T, req.body.id ?? null, req.body.values)),
  );

  // An image for a notice or news body, uploaded from the rich-text editor (multipart, one `file`).
  app.post(
    '/api/console/content-image',
    { schema: { response: { 200: envelope(z.object({ url: z.string() })) } } },
    async (req) => {
      const file = req.isMultipart() ? await req.file({ limits: { fileSize: CONTENT_IMAGE_MAX_BYTES } }) : undefined;
      if (!file) throw badRequest('http.badRequest', { field: 'file', rule: 'multipart/form-data' });
      const bytes = await file.toBuffer();
      return ok({ url: await storeContentImage(ctx, bytes) });
    },
  );

  app.post(
    '/api/console/content/:type/delete',
    {
      schema: {
        params: typeParam,
        body: z.object({ id: z.union([z.number().int(), z.string().max(60)]) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await deleteContent(ctx, staffOf(req), req.params.type as T, req.body.id);
      return ok(null);
    },
  );

  app.get('/api/console/settings', { schema: { response: { 200: envelope(consoleSettingsSchema) } } }, async () =>
    ok(await readConsoleSettings(ctx)),
  );

  app.post(
    '/api/console/settings',
    { schema: { body: consoleSettingsSchema, response: { 200: envelope(consoleSettingsSchema) } } },
    async (req) => ok(await saveConsoleSettings(ctx, staffOf(req), req.body)),
  );
};
