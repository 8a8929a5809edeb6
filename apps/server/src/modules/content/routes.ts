import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { base64DecodeUtf8 } from '@portal/contract/envelope';
import { readContentImage } from './content-image.ts';
import {
  bannerSchema,
  collectionCentreSchema,
  faqSchema,
  formFileSchema,
  newsDetailSchema,
  newsListQuerySchema,
  newsListSchema,
  noticeSchema,
  pickNumberSchema,
  staticPageSchema,
} from '@portal/contract/content';
import { envelope, ok } from '../../http/envelope.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { notFound } from '../../http/errors.ts';
import { contentService } from './service.ts';
import { contentDisposition } from './form-file.ts';

const ASSETS = path.resolve(import.meta.dirname, '../../db/seed/data/assets');
const idField = z.coerce
  .number({ error: 'content.idRequired' })
  .int('content.idRequired')
  .positive('content.idRequired');

/** Public content: banners, notices, news, forms, FAQ, collection centres, static pages, pick_number. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // These calls are public; a logged-in browser may still send a signed body, which we simply unwrap.
  // A callback hook: the GET reads pass with no promise made.
  app.addHook('preValidation', (req, _reply, done) => {
    const b = req.body as { object?: unknown; sign?: unknown } | undefined;
    if (req.method === 'POST' && b && typeof b.object === 'string' && typeof b.sign === 'string') {
      try {
        req.body = JSON.parse(base64DecodeUtf8(b.object));
      } catch {
        req.body = {};
      }
    }
    done();
  });

  const bannersSchema = z.array(bannerSchema);
  app.get(
    '/api/baseInfo/getBanner',
    { schema: { response: { 200: envelope(bannersSchema) } } },
    // Sent as the cached JSON text (validated and serialized once per content change), signed per answer.
    async (req, reply) => {
      const kept = await contentService.bannersJson(ctx, (banners) => JSON.stringify(z.encode(bannersSchema, banners)));
      return sendKeptJson(req, reply, kept, ctx.config.responseSecret);
    },
  );
  app.get(
    '/api/baseInfo/getNoticeByType',
    {
      schema: {
        querystring: z.object({ type: z.coerce.number().int().min(1).max(9).default(2) }),
        response: { 200: envelope(z.array(noticeSchema)) },
      },
    },
    async (req) => ok(await contentService.notices(ctx, req.query.type)),
  );
  app.post(
    '/api/baseinfo/important_notice',
    {
      schema: {
        querystring: z.object({ type: z.coerce.number().int().min(1).max(9).default(1) }),
        response: { 200: envelope(noticeSchema.nullable()) },
      },
    },
    async (req) => ok(await contentService.importantNotice(ctx, req.query.type)),
  );
  app.post('/api/baseinfo/pick_number', { schema: { response: { 200: envelope(pickNumberSchema) } } }, async () =>
    ok(await contentService.pickNumber(ctx)),
  );
  app.post(
    '/api/baseinfo/information_list',
    { schema: { body: newsListQuerySchema.optional(), response: { 200: envelope(newsListSchema) } } },
    async (req) => {
      const q = newsListQuerySchema.parse(req.body ?? {});
      return ok(await contentService.newsPage(ctx, q.page, q.pageSize));
    },
  );
  app.post(
    '/api/baseinfo/information_detail',
    { schema: { body: z.object({ information_id: idField }), response: { 200: envelope(newsDetailSchema) } } },
    async (req) => ok(await contentService.newsDetail(ctx, req.body.information_id)),
  );
  app.get('/api/baseInfo/getForm', { schema: { response: { 200: envelope(z.array(formFileSchema)) } } }, async () =>
    ok(await contentService.forms(ctx)),
  );
  // An image of a notice or news body (bytes, like a download: no envelope).
  app.get(
    '/api/baseinfo/content_image/:key',
    { schema: { params: z.object({ key: z.string().max(80) }), hide: true } },
    async (req, reply) => {
      const img = await readContentImage(ctx, req.params.key);
      return reply
        .header('content-type', img.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .send(img.bytes);
    },
  );
  // A file download: exempt from the response signature (document 1, section 5).
  app.get(
    '/api/baseInfo/downloadForm/:id',
    { schema: { params: z.object({ id: idField }), hide: true } },
    async (req, reply) => {
      const f = await contentService.formFile(ctx, req.params.id);
      if (f.size) reply.header('content-length', f.size);
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', contentDisposition(f.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(f.body);
    },
  );
  app.get(
    '/api/baseInfo/getQuestion',
    {
      schema: {
        querystring: z.object({
          question: z.string().max(100).optional().default(''),
          type: z.coerce.number().int().min(1).max(9).optional(),
        }),
        response: { 200: envelope(z.array(faqSchema)) },
      },
    },
    async (req) => ok(await contentService.faqs(ctx, req.query.question.trim(), req.query.type)),
  );
  app.get(
    '/api/baseInfo/getCollectionCenter',
    {
      schema: {
        querystring: z.object({ province: z.string().max(20).optional() }),
        response: { 200: envelope(z.array(collectionCentreSchema)) },
      },
    },
    async (req) => ok(await contentService.centres(ctx, req.query.province || undefined)),
  );
  app.get(
    '/api/baseInfo/getStaticPage',
    { schema: { querystring: z.object({ type: z.string().max(20) }), response: { 200: envelope(staticPageSchema) } } },
    async (req) => ok(await contentService.staticPage(ctx, req.query.type)),
  );
  // Banner pictures of the demo content (SVG drawn in the repository).
  app.get(
    '/api/content/assets/:file',
    { schema: { params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) }), hide: true } },
    async (req, reply) => {
      const full = path.join(ASSETS, req.params.file);
      if (!fs.existsSync(full)) throw notFound();
      return reply
        .header('content-type', 'image/svg+xml')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(full));
    },
  );
};
