import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdQuery } from '@portal/contract/payments';
import { phonePayOptionsResponse, phonePayRequest, phonePayResponse } from '@portal/contract/phone-pay';
import { envelope, ok } from '../../http/envelope.ts';
import { memberOf } from '../../http/auth.ts';
import { phonePayOptions, startPhonePayment } from './phone-pay.ts';
import { baseUrlOf } from './base-url.ts';

const member = { auth: 'member' as const };

/**
 * Paying on a phone (the phone portal's pay page): the ways this portal offers with the server's
 * amount, and pay now by WeChat Pay JSAPI (inside WeChat), WeChat Pay H5 or Alipay WAP. The order is
 * the identifier the desktop's pay call takes, checked against the logged-in member.
 */
export const phonePayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/pay/phoneOptions',
    { config: member, schema: { querystring: orderIdQuery, response: { 200: envelope(phonePayOptionsResponse) } } },
    async (req) => ok(await phonePayOptions(ctx, memberOf(req).memberId, req.query.id, baseUrlOf(req))),
  );
  app.post(
    '/api/pay/phonePay',
    { config: member, schema: { body: phonePayRequest, response: { 200: envelope(phonePayResponse) } } },
    async (req) =>
      ok(
        await startPhonePayment(
          ctx,
          { memberId: memberOf(req).memberId, body: req.body, baseUrl: baseUrlOf(req), clientIp: req.ip },
          req.log,
        ),
      ),
  );
};
