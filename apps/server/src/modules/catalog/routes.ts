import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_ROOT, areaSchema, carrierSchema, schoolSchema, schoolSearchSchema } from '@portal/contract/catalog';
import { envelope, ok } from '../../http/envelope.ts';
import { catalogService } from './service.ts';

const schools = envelope(z.array(schoolSchema));

/** Schools, regions and carriers: the reference data of the order screens. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/api/baseInfo/getSchoolInfo', { schema: { response: { 200: schools } } }, async () =>
    ok(await catalogService.pilotSchools(ctx)),
  );
  app.get('/api/baseInfo/getAllSchool', { schema: { response: { 200: schools } } }, async () =>
    ok(await catalogService.allSchools(ctx)),
  );
  app.get(
    '/api/baseInfo/getFilterInfo',
    {
      schema: {
        querystring: z.object({
          yxdm: z.string({ error: 'catalog.schoolNotFound' }).min(1, 'catalog.schoolNotFound').max(20),
        }),
        response: { 200: envelope(schoolSchema) },
      },
    },
    async (req) => ok(await catalogService.school(ctx, req.query.yxdm)),
  );
  app.post(
    '/api/order/schoolList',
    {
      config: { auth: 'member', allowIncomplete: true },
      schema: { body: schoolSearchSchema, response: { 200: schools } },
    },
    async (req) => ok(await catalogService.search(ctx, req.body.keyword)),
  );
  app.post(
    '/api/baseInfo/selectArea',
    {
      schema: {
        querystring: z.object({
          upid: z
            .string()
            .regex(/^\d{6}$/, 'catalog.upidInvalid')
            .default(AREA_ROOT),
        }),
        response: { 200: envelope(z.array(areaSchema)) },
      },
    },
    async (req) => ok(await catalogService.areas(ctx, req.query.upid)),
  );
  app.get(
    '/api/baseInfo/getLogisticsInfo',
    { schema: { response: { 200: envelope(z.array(carrierSchema)) } } },
    async (req) => ok(await catalogService.carriers(ctx, req.lang)),
  );
};
