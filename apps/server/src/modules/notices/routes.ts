import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeListSchema, noticePrefsSchema } from '@portal/contract/notices';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { listMessages, markRead, noteLanguage, readPrefs, savePrefs, unreadCount } from './service.ts';
import { noticeStaffRoutes } from './staff-routes.ts';
import { startNoticeJobs } from './jobs.ts';

const member = { auth: 'member', allowIncomplete: true } as const;
const unread = z.object({ unread: z.number() });
const pref = z.boolean({ message: 'notice.prefRequired' });

/** The member's in-portal messages and notice choices; the console's notice routes; the sender and the daily jobs. */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/notices/list',
    {
      config: member,
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          size: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: envelope(noticeListSchema) },
      },
    },
    async (req) => ok(await listMessages(ctx, memberOf(req).memberId, req.lang, req.query.page, req.query.size)),
  );

  // The bell asks this; it also remembers the member's language for the e-mail notices.
  app.get('/api/notices/unread', { config: member, schema: { response: { 200: envelope(unread) } } }, async (req) => {
    const { memberId } = memberOf(req);
    await noteLanguage(ctx, memberId, req.lang);
    return ok({ unread: await unreadCount(ctx, memberId) });
  });

  app.post(
    '/api/notices/read',
    {
      config: member,
      schema: {
        body: z.object({ id: z.number().int().positive().optional() }).nullish(),
        response: { 200: envelope(unread) },
      },
    },
    async (req) => ok({ unread: await markRead(ctx, memberOf(req).memberId, req.body?.id) }),
  );

  app.get(
    '/api/notices/prefs',
    { config: member, schema: { response: { 200: envelope(noticePrefsSchema) } } },
    async (req) => ok(await readPrefs(ctx, memberOf(req).memberId)),
  );

  app.post(
    '/api/notices/prefs',
    {
      config: member,
      schema: {
        body: z.object({ taskDeadline: pref, parcelSigned: pref }),
        response: { 200: envelope(noticePrefsSchema) },
      },
    },
    async (req) => ok(await savePrefs(ctx, memberOf(req).memberId, req.body, req.lang)),
  );

  await app.register(noticeStaffRoutes);
  startNoticeJobs(app);
};
