import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cohortEntrySchema, cohortPageSchema, cohortQuery, cohortTaskSchema } from '@portal/contract/cohort';
import { envelope, ok } from '../../http/envelope.ts';
import { staffOf } from '../../http/staff-auth.ts';
import { cohortAll, cohortEntry, cohortPage, cohortTasks } from './service.ts';
import { cohortWorkbook } from './xlsx.ts';

const taskIdQuery = z.object({ taskId: z.coerce.number().int().positive() });

/** A school account's console: its tasks, its cohort against the national list, the Excel export, the entry page. */
export const cohortStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/console/cohort/tasks',
    { schema: { response: { 200: envelope(z.array(cohortTaskSchema)) } } },
    async (req) => ok(await cohortTasks(ctx, staffOf(req))),
  );

  app.get(
    '/api/console/cohort',
    { schema: { querystring: cohortQuery, response: { 200: envelope(cohortPageSchema) } } },
    async (req) => ok(await cohortPage(ctx, staffOf(req), req.query)),
  );

  app.post('/api/console/cohort/export', { schema: { body: taskIdQuery } }, async (req, reply) => {
    const { task, rows } = await cohortAll(ctx, staffOf(req), req.body.taskId);
    const lang = req.lang === 'en' ? 'en' : 'zh';
    const title = `${task.schoolName}（${task.yxdm}） ${lang === 'en' ? task.nameEn : task.nameZh}`;
    const file = await cohortWorkbook(title, rows, lang);
    const name = `cohort-${task.yxdm}-${task.featureCode}-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(file);
  });

  app.get(
    '/api/console/cohort/entry',
    { schema: { querystring: taskIdQuery, response: { 200: envelope(cohortEntrySchema) } } },
    async (req) =>
      ok(
        await cohortEntry(ctx, staffOf(req), req.query.taskId, `${req.protocol}://${req.headers.host ?? 'localhost'}`),
      ),
  );
};
