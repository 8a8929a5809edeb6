import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  matchStudentData,
  matchStudentQuery,
  proveStudentBody,
  taskCreateBody,
  taskMosaicQuery,
  taskOrderListItem,
  taskOrderWithDetails,
  taskPrefill,
  taskShippingBody,
  taskUpdatePersonBody,
  type TaskCreateBody,
} from '@portal/contract/task';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { message } from '../../http/lang.ts';
import * as service from './service.ts';

const member = { auth: 'member' } as const;
/** 200 with the match; 201 / 202 travel as HTTP 200 with { status } (see the contract). */
const matchAnswer = matchStudentData.extend({ prefill: taskPrefill }).or(z.object({ status: z.number() }));
const idQuery = z.object({ id: z.coerce.number().int().positive() });

/**
 * Centralised (task) collection (document 2, sections 2-5 and 7). The mapping of
 * getTaskIsMosaic and matchStudent codes is documented in packages/contract/src/task.ts.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/baseInfo/getTaskIsMosaic',
    { schema: { querystring: taskMosaicQuery, response: { 200: envelope(z.number()) } } },
    async (req) => ok(await service.taskIsMosaic(ctx, req.query.yxdm, req.query.signature, req.log)),
  );

  app.get(
    '/api/baseInfo/matchStudent',
    { config: member, schema: { querystring: matchStudentQuery, response: { 200: envelope(matchAnswer) } } },
    async (req) => ok(await service.matchStudent(ctx, memberOf(req).memberId, req.query, req.log)),
  );

  app.post(
    '/api/baseInfo/proveStudent',
    { config: member, schema: { body: proveStudentBody, response: { 200: envelope(matchAnswer) } } },
    async (req) => {
      const answer = await service.proveStudent(ctx, memberOf(req).memberId, req.body, req.ip ?? null, req.log);
      return ok(answer, message(req.lang ?? 'zh', 'task.proven'));
    },
  );

  app.post(
    '/api/taskOrder/create',
    {
      config: member,
      schema: {
        body: taskCreateBody,
        response: {
          200: envelope(z.object({ id: z.number(), orderNo: z.string() }).or(z.object({ status: z.number() }))),
        },
      },
    },
    async (req) => ok(await service.createOrder(ctx, memberOf(req).memberId, req.body as TaskCreateBody)),
  );

  app.get(
    '/api/taskOrder/list',
    { config: member, schema: { response: { 200: envelope(z.array(taskOrderListItem)) } } },
    async (req) => ok(await service.listOrders(ctx, memberOf(req).memberId)),
  );

  app.get(
    '/api/taskOrder/findOrderAndOrderDetails',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(taskOrderWithDetails) } } },
    async (req) => ok(await service.orderWithDetails(ctx, memberOf(req).memberId, req.query.id)),
  );

  app.post(
    '/api/taskOrder/updatePerson',
    { config: member, schema: { body: taskUpdatePersonBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await service.updatePerson(ctx, memberOf(req).memberId, req.body);
      return ok(null, message(req.lang ?? 'zh', 'ok.modified'));
    },
  );

  app.post(
    '/api/taskOrder/updateShipping',
    { config: member, schema: { body: taskShippingBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await service.updateShipping(ctx, memberOf(req).memberId, req.body);
      return ok(null);
    },
  );

  app.get(
    '/api/taskOrder/findIsShipping',
    {
      config: member,
      schema: { querystring: idQuery, response: { 200: envelope(z.object({ isShipping: z.number() })) } },
    },
    async (req) => ok(await service.isShipping(ctx, memberOf(req).memberId, req.query.id)),
  );

  app.get(
    '/api/taskOrder/deleteOrder',
    { config: member, schema: { querystring: idQuery, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await service.deleteOrder(ctx, memberOf(req).memberId, req.query.id);
      return ok(null);
    },
  );

  if (ctx.config.demo) {
    // Demo hooks for journeys (production answers 404): what the console's review would do.
    app.post(
      '/api/dev/taskOrder/state',
      {
        schema: {
          hide: true,
          body: z.object({
            id: z.number().int(),
            state: z.number().int(),
            refuseReason: z.string().nullable().optional(),
          }),
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await service.devSetState(ctx, req.body.id, req.body.state, req.body.refuseReason);
        return ok(null);
      },
    );
    app.post(
      '/api/dev/task/endTime',
      {
        schema: {
          hide: true,
          body: z.object({ taskId: z.number().int(), endTime: z.string() }),
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await service.devSetTaskEnd(ctx, req.body.taskId, new Date(req.body.endTime));
        return ok(null);
      },
    );
  }
};
