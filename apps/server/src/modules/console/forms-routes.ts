import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consoleFormSchema, FORM_FILE_MAX_BYTES } from '@portal/contract/console';
import { envelope, ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { formFileTooLarge } from '../content/form-file.ts';
import { deleteForm, listForms, saveForm, type UploadedFile } from './forms-service.ts';

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
export const consoleFormsRoutes: FastifyPluginAsyncZod = async (app) => {
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
