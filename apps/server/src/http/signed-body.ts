import fp from 'fastify-plugin';
import { base64DecodeUtf8, bodySign } from '@portal/contract/envelope';
import { timingSafeEqualHex } from '../lib/crypto.ts';
import { badRequest } from './errors.ts';

/**
 * A logged-in member's JSON POST is signed: { object: base64(JSON), sign: sha256(object + randomKey) }.
 * The sign is checked before the payload is parsed; the route then validates the payload itself.
 */
export const signedBodyPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (req) => {
      const cfg = req.routeOptions.config;
      if (cfg?.auth !== 'member' || cfg.signed === false || req.method !== 'POST') return;
      if (!req.member) return;
      const ct = String(req.headers['content-type'] ?? '');
      if (ct.startsWith('multipart/')) return;
      const body = req.body as { object?: unknown; sign?: unknown } | undefined;
      if (!body || typeof body.object !== 'string' || typeof body.sign !== 'string') throw badRequest('http.badSign');
      const expected = bodySign(body.object, req.member.randomKey);
      if (!timingSafeEqualHex(expected, body.sign.toLowerCase())) throw badRequest('http.badSign');
      let payload: unknown;
      try {
        payload = JSON.parse(base64DecodeUtf8(body.object));
      } catch {
        throw badRequest('http.badSign');
      }
      req.body = payload;
    });
  },
  { name: 'signed-body', dependencies: ['auth'] },
);
