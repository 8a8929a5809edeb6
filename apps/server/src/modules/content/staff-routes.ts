import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads } from '../../http/uploads.ts';
import { z } from 'zod';
import {
  CONTENT_TYPE_NAMES,
  consoleFormSchema,
  consoleSettingsSchema,
  FORM_FILE_MAX_BYTES,
} from '@portal/contract/console';
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
} from './staff-content-service.ts';
import type { FastifyRequest } from 'fastify';
import { formFileTooLarge } from './form-file.ts';
import { deleteForm, listForms, saveForm, type UploadedFile } from './staff-forms-service.ts';

const typeParam = z.object({ type: z.enum(CONTENT_TYPE_NAMES as [string, ...string[]]) });
const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Content editing (banners, notices, news, FAQ, centres, static pages) and the site settings. */
const contentEditing: FastifyPluginAsyncZod = async (app) => {
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

/** The multipart save: text fields and at most one part named `file` (up to the cap; one byte more is refused). */
async function readFormParts(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!req.isMultipart()) throw badRequest('http.badRequest', { field: 'body', rule: 'multipart/form-data' });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: FORM_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && part.filename) file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw formFileTooLarge();
    throw e;
  }
  return { fields, file };
}

/** Downloadable forms of the portal's forms page: upload, replace, link out, delete. */
const formsEditing: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/api/console/forms', { schema: { response: { 200: envelope(z.array(consoleFormSchema)) } } }, async () =>
    ok(await listForms(ctx)),
  );

  app.post(
    '/api/console/forms',
    {
      bodyLimit: FORM_FILE_MAX_BYTES + 1024 * 1024,
      schema: { response: { 200: envelope(consoleFormSchema) } },
    },
    async (req) => {
      const { fields, file } = await readFormParts(req);
      return ok(await saveForm(ctx, staffOf(req), fields, file));
    },
  );

  app.post(
    '/api/console/forms/delete',
    {
      schema: { body: z.object({ id: z.number().int().positive() }), response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await deleteForm(ctx, staffOf(req), req.body.id);
      return ok(null);
    },
  );
};

/** The content area's staff routes under /api/console: content, site settings and the downloadable forms. */
export const contentStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  await app.register(contentEditing);
  await app.register(formsEditing);
};
