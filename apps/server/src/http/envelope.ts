import { z } from 'zod';
import fp from 'fastify-plugin';
import { CODE, responseSign, type Envelope } from '@portal/contract/envelope';

/** The answer schema of a route: the envelope around its data (see ARCHITECTURE.md, "Request path"). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data, timestamp: z.number(), sign: z.string() });
}

/** A success envelope; the sign is filled in by the preSerialization hook below. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE.OK, msg, data, timestamp: Date.now(), sign: '' };
}

export function isEnvelope(p: unknown): p is Envelope {
  return !!p && typeof p === 'object' && 'code' in p && 'timestamp' in p && 'msg' in p;
}

/** Signs every envelope on its way out, success or error, in one place. */
export const envelopePlugin = fp(
  async (app, opts: { secret: string }) => {
    app.addHook('preSerialization', async (_req, _reply, payload) => {
      if (isEnvelope(payload)) payload.sign = responseSign(payload.code, payload.timestamp, opts.secret);
      return payload;
    });
  },
  { name: 'envelope' },
);

export function signedEnvelope<T>(code: number, msg: string, data: T, secret: string): Envelope<T> {
  const timestamp = Date.now();
  return { code, msg, data, timestamp, sign: responseSign(code, timestamp, secret) };
}
