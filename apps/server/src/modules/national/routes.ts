import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads } from '../../http/uploads.ts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { z } from 'zod';
import QRCode from 'qrcode';
import { and, eq } from 'drizzle-orm';
import { nationalPersonSchema } from '@portal/contract/orders';
import { envelope, ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import { AppError } from '../../http/errors.ts';
import { tasks } from '../../db/schema.ts';
import { sandboxNational, type NationalPlatform, type NationalStudent } from '../../providers/national.ts';
import { collectionCodeOf, readQrText } from './qr-read.ts';
import { qrSearchSlots, type QrSearchSlots } from './qr-search.ts';
import { decodedCodeSchema, qrCodeSchema, studentByImageSchema } from '@portal/contract/national-codes';
import { sandboxAppPage, sandboxDonePage } from './sandbox-page.ts';

function baseUrl(req: FastifyRequest, configured?: string): string {
  return configured ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

async function uploadedBytes(req: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('photo.uploadFirst');
  const file = await req.file();
  if (!file) throw badRequest('photo.uploadFirst');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (e) {
    // Past the upload limit: the code picture's own message, naming the size.
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('order.qrImageTooLarge');
    throw e;
  }
  if (file.file.truncated) throw badRequest('order.qrImageTooLarge');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(file.fields)) {
    const f = Array.isArray(v) ? v[0] : v;
    if (f && 'value' in f && typeof f.value === 'string') fields[k] = f.value;
  }
  return { bytes, fields };
}

/** Reads the collection code in an uploaded picture and resolves it on the national platform. */
async function studentFromImage(
  app: { ctx: { national: NationalPlatform; config: Config } },
  bytes: Buffer,
  slots: QrSearchSlots,
): Promise<NationalStudent> {
  const text = await readQrText(bytes, app.ctx.config.photos.bounds.maxPixels, slots);
  const cjm = text ? collectionCodeOf(text) : null;
  if (!cjm) throw badRequest('order.qrDecodeFailed');
  const s = await app.ctx.national.decodeCollectionCode(cjm);
  if (!s) throw notFound('order.qrNoStudent');
  return s;
}

/**
 * The national student-information platform (see ARCHITECTURE.md, "Outside parties"): app QR sessions,
 * collection-code reading, and in demo mode the sandbox phone app and its hooks.
 */
export const nationalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await acceptUploads(app);
  // This instance's QR searches: two at once (each may hold a core for its time limit), a short queue.
  const qrSlots = qrSearchSlots();

  app.post(
    '/api/qrCode/getQrCode',
    {
      config: { auth: 'member' },
      schema: {
        body: z
          .object({
            width: z.coerce.number().int().min(64).max(1024).optional(),
            height: z.coerce.number().int().optional(),
          })
          .optional(),
        response: { 200: envelope(qrCodeSchema) },
      },
    },
    async (req) => {
      const m = memberOf(req);
      const s = await ctx.national.createQrSession(m.memberId, baseUrl(req, ctx.config.publicUrl));
      const imgBase64 = await QRCode.toDataURL(s.url, { width: req.body?.width ?? 200, margin: 1 });
      return ok({ imgBase64, remarks: s.remarks, expiresAt: s.expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/qrCode/getQrCodeInfo',
    {
      config: { auth: 'member' },
      schema: {
        body: z.object({ remarks: z.string().min(1).max(64) }),
        response: { 200: envelope(nationalPersonSchema.nullable()) },
      },
    },
    async (req) => {
      const info = await ctx.national.qrSessionInfo(req.body.remarks, memberOf(req).memberId);
      if (info.status === 'pending') return ok(null);
      const s = info.student;
      return ok({
        xm: s.xm,
        xh: s.xh,
        yxmc: s.schoolName,
        yxdm: s.yxdm,
        zjhm: s.zjhm,
        bizSerialNum: info.bizSerialNum,
        xllb: s.xllb,
        education: s.education,
      });
    },
  );

  app.post(
    '/api/img/decodeQrcode',
    { config: { auth: 'member', signed: false }, schema: { response: { 200: envelope(decodedCodeSchema) } } },
    async (req) => {
      const { bytes } = await uploadedBytes(req);
      const s = await studentFromImage(app, bytes, qrSlots);
      return ok(
        {
          xm: s.xm,
          zjhm: s.zjhm,
          xh: s.xh,
          cjm: s.cjm ?? '',
          yxdm: s.yxdm,
          schoolName: s.schoolName,
          xllbIndex: s.xllb,
          education: s.education,
          bh: s.bh ?? '',
          schoolIndex: 1,
          bizSerialNum: s.cjm ?? '',
        },
        message(req.lang, 'ok.recognised'),
      );
    },
  );

  app.post(
    '/api/img/getStudentInfoByImg',
    {
      config: { auth: 'member', signed: false },
      schema: { response: { 200: envelope(studentByImageSchema) } },
    },
    async (req) => {
      const { bytes } = await uploadedBytes(req);
      const s = await studentFromImage(app, bytes, qrSlots);
      const [task] = await ctx.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.yxdm, s.yxdm), eq(tasks.active, true)))
        .limit(1);
      return ok({ cjm: s.cjm ?? '', taskId: task?.id ?? null }, message(req.lang, 'ok.recognised'));
    },
  );

  if (!ctx.config.demo) return;

  app.get(
    '/api/dev/national-students',
    {
      schema: {
        response: {
          200: envelope(
            z.array(
              z.object({
                xh: z.string(),
                xm: z.string(),
                zjhm: z.string(),
                yxdm: z.string(),
                schoolName: z.string(),
                xllb: z.number(),
                education: z.number(),
                hasPhoto: z.boolean(),
                cjm: z.string().nullable(),
                photoId: z.number().nullable(),
                photoCount: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async () => {
      const rows = await sandboxNational(ctx).listStudents();
      return ok(
        rows.map((s) => ({
          xh: s.xh,
          xm: s.xm,
          zjhm: s.zjhm,
          yxdm: s.yxdm,
          schoolName: s.schoolName,
          xllb: s.xllb,
          education: s.education,
          hasPhoto: s.hasPhoto,
          cjm: s.cjm,
          photoId: s.photoId,
          photoCount: s.photoCount,
        })),
      );
    },
  );

  app.get(
    '/sandbox/app',
    { schema: { hide: true, querystring: z.object({ session: z.string().max(64).default('') }) } },
    async (req, reply) => {
      const students = await sandboxNational(ctx).listStudents();
      return reply.type('text/html; charset=utf-8').send(sandboxAppPage(req.query.session, students));
    },
  );

  app.post(
    '/sandbox/app/confirm',
    {
      schema: {
        hide: true,
        body: z.object({
          session: z.string().min(1).max(64),
          xh: z.string().min(1).max(40),
          yxdm: z.string().optional(),
        }),
      },
    },
    async (req, reply) => {
      const isForm = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      try {
        const s = await sandboxNational(ctx).confirmQrSession(req.body.session, req.body.xh, req.body.yxdm);
        if (isForm)
          return reply.type('text/html; charset=utf-8').send(sandboxDonePage(`已确认：${s.xm}（${s.xh}）/ Confirmed`));
        return reply.send(ok({ xh: s.xh, xm: s.xm }));
      } catch (e) {
        if (isForm && e instanceof AppError && e.key)
          return reply
            .code(e.status)
            .type('text/html; charset=utf-8')
            .send(sandboxDonePage(message(req.lang, e.key)));
        throw e;
      }
    },
  );
};
