import crypto from 'node:crypto';
import { z } from 'zod';
import fp from 'fastify-plugin';
import { CODE, type Envelope } from '@portal/contract/envelope';

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

/**
 * The sign of an envelope: sha256(code + timestamp + secret), as the contract's responseSign, with
 * Node's native hash. The timestamp is in milliseconds, so at load many answers share one: the last
 * sign is kept per code and secret, and an answer in the same millisecond reuses it.
 */
const lastSigns = new Map<string, Map<number, { timestamp: number; sign: string }>>();
export function envelopeSign(code: number, timestamp: number, secret: string): string {
  let bySecret = lastSigns.get(secret);
  if (!bySecret) lastSigns.set(secret, (bySecret = new Map()));
  let last = bySecret.get(code);
  if (!last) bySecret.set(code, (last = { timestamp: -1, sign: '' }));
  if (last.timestamp !== timestamp) {
    last.sign = crypto.hash('sha256', `${code}${timestamp}${secret}`, 'hex');
    last.timestamp = timestamp;
  }
  return last.sign;
}

/** Signs every envelope on its way out, success or error, in one place. */
export const envelopePlugin = fp(
  async (app, opts: { secret: string }) => {
    app.addHook('preSerialization', (_req, _reply, payload, done) => {
      if (isEnvelope(payload)) payload.sign = envelopeSign(payload.code, payload.timestamp, opts.secret);
      done(null, payload);
    });
  },
  { name: 'envelope' },
);

export function signedEnvelope<T>(code: number, msg: string, data: T, secret: string): Envelope<T> {
  const timestamp = Date.now();
  return { code, msg, data, timestamp, sign: envelopeSign(code, timestamp, secret) };
}

/**
 * A signed success envelope around data already serialized as JSON (a cached answer): the same
 * bytes the route's serializer would write, with none of its work. The caller validated the data
 * against the route's schema when it serialized it.
 */
export function signedJsonEnvelope(dataJson: string, secret: string, msg = 'success'): string {
  const timestamp = Date.now();
  const sign = envelopeSign(CODE.OK, timestamp, secret);
  return `{"code":${CODE.OK},"msg":${JSON.stringify(msg)},"data":${dataJson},"timestamp":${timestamp},"sign":"${sign}"}`;
}

/** The start of a success envelope, up to its data (http/kept-json.ts keeps data to put after it). */
export const OK_HEAD = Buffer.from(`{"code":${CODE.OK},"msg":"success","data":`);

/** The end of a success envelope after its data: this answer's timestamp and sign. */
export function envelopeTail(secret: string): Buffer {
  const timestamp = Date.now();
  return Buffer.from(`,"timestamp":${timestamp},"sign":"${envelopeSign(CODE.OK, timestamp, secret)}"}`);
}
