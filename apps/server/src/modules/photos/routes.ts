import { z } from 'zod';
import { acceptCorrectedBody, captureTokenBody, captureTokenSchema, photoRefusalSchema } from '@portal/contract/photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptUploads } from '../../http/uploads.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { acceptCorrected, checkAndStore, viewPhoto, warmPhotoCheck } from './photo-service.ts';
import { candidateBytes } from './correction-offer.ts';
import type { Flow } from './decode.ts';
import { sendJpeg } from './send-jpeg.ts';
import { photosState } from './state.ts';
import { assertCaptureAllowed, issueCaptureToken } from './capture-token.ts';

/** Photo upload with the compliance check, and the signed photo URLs. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // The area's own state (state.ts): the URL signing key and the check pool, made as it registers.
  ctx.photos = photosState(ctx.config, ctx.pii);
  await acceptUploads(app);
  // The app's check workers end with it (state.ts).
  app.addHook('onClose', () => ctx.photos.pool.close());
  // A listening server loads the check's models at once (the first upload took 455 ms while
  // they loaded); readiness fails until they are in. Test apps that never listen skip it.
  app.addHook('onListen', async () => {
    ctx.photos.pool.onWorkerFailure = (err, { failures, retryInMs }) =>
      app.log.error({ err, failures, retryInMs }, 'photo check worker failed to start');
    void warmPhotoCheck(ctx).catch((err: unknown) => app.log.error({ err }, 'photo check models failed to load'));
  });

  app.post(
    '/api/img/upload',
    {
      config: { auth: 'member', signed: false },
      // A refusal (code -1) carries the check object, and a corrected candidate when the machine could fix it.
      schema: { response: { 200: envelope(z.union([z.string(), photoRefusalSchema])) } },
    },
    async (req) => {
      const member = memberOf(req);
      let flow: Flow = 'individual';
      let bytes: Buffer | null = null;
      // A task's upload names the task; the camera capture adds its token (capture-token.ts).
      let taskId: number | undefined;
      let captureToken: string | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'flow' && (part.value === 'individual' || part.value === 'task')) flow = part.value;
          if (part.fieldname === 'taskId') {
            if (!/^[1-9]\d{0,8}$/.test(String(part.value))) throw badRequest('photo.taskIdInvalid');
            taskId = Number(part.value);
          }
          if (part.fieldname === 'captureToken') captureToken = String(part.value);
        } else if (part.fieldname === 'file' && !bytes) {
          bytes = await part.toBuffer();
          if (part.file.truncated) throw badRequest('photo.tooLarge');
        } else {
          part.file.resume();
        }
      }
      if (!bytes || bytes.length === 0) throw badRequest('photo.uploadFirst');
      await assertCaptureAllowed(ctx, member.memberId, taskId, captureToken);
      return ok(await checkAndStore(ctx, member.memberId, bytes, flow));
    },
  );

  // The camera capture's token, asked for before the camera opens (capture-token.ts).
  app.post(
    '/api/img/capture-token',
    {
      config: { auth: 'member' },
      schema: { body: captureTokenBody, response: { 200: envelope(captureTokenSchema) } },
    },
    async (req) => ok(issueCaptureToken(ctx, memberOf(req).memberId)),
  );

  // The member chooses the corrected photo: checked again, then kept as an accepted upload (its URL).
  app.post(
    '/api/img/accept-corrected',
    {
      config: { auth: 'member' },
      // A candidate that fails the check again is refused like an upload (code -1, the check object).
      schema: { body: acceptCorrectedBody, response: { 200: envelope(z.union([z.string(), photoRefusalSchema])) } },
    },
    async (req) => ok(await acceptCorrected(ctx, memberOf(req).memberId, req.body.candidateId)),
  );

  // A corrected candidate's bytes, for its own member only (fetched with the session headers).
  app.get(
    '/api/img/candidate/:id',
    {
      config: { auth: 'member' },
      schema: { hide: true, params: z.object({ id: z.string().regex(/^[a-f0-9]{32}$/) }) },
    },
    async (req, reply) => {
      const bytes = await candidateBytes(ctx, memberOf(req).memberId, req.params.id);
      return sendJpeg(reply, bytes);
    },
  );

  app.get(
    '/api/img/view/:key',
    {
      schema: {
        hide: true,
        params: z.object({ key: z.string().regex(/^[a-z0-9._-]{1,128}$/) }),
        querystring: z.object({
          exp: z.coerce.number().int(),
          sig: z.string().max(64),
          scope: z.enum(['member', 'staff']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const bytes = await viewPhoto(ctx, req.params.key, req.query.exp, req.query.sig, req.query.scope);
      return sendJpeg(reply, bytes, 'private, max-age=3600');
    },
  );
};
