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
    // A callback hook that looks at the method and the member first: a GET, or a request without a
    // member, passes with no promise made and without reading the route's options (a new object per read).
    app.addHook('preValidation', (req, _reply, done) => {
      if (req.method !== 'POST' || !req.member) return done();
      const cfg = req.routeOptions.config;
      if (cfg?.auth !== 'member' || cfg.signed === false) return done();
      const ct = String(req.headers['content-type'] ?? '');
      if (ct.startsWith('multipart/')) return done();
      const body = req.body as { object?: unknown; sign?: unknown } | undefined;
      if (!body || typeof body.object !== 'string' || typeof body.sign !== 'string')
        return done(badRequest('http.badSign'));
      const expected = bodySign(body.object, req.member.randomKey);
      if (!timingSafeEqualHex(expected, body.sign.toLowerCase())) return done(badRequest('http.badSign'));
      let payload: unknown;
      try {
        payload = JSON.parse(base64DecodeUtf8(body.object));
      } catch {
        return done(badRequest('http.badSign'));
      }
      req.body = payload;
      done();
    });
  },
  { name: 'signed-body', dependencies: ['auth'] },
);
