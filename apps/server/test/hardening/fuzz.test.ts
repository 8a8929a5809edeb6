import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { responseSign } from '@portal/contract/envelope';
import { memberSession, staffSession, testApp, type Session } from '../helpers.ts';
import { collectRoutes, type JsonSchema, type RouteInfo } from './route-table.ts';
import { signBody } from '@portal/contract/envelope';

/**
 * Bad input for every route, built from its own schema and then broken: never a
 * 500, always the signed envelope, and no row changed by a refused request.
 */
let app: FastifyInstance;
let member: Session;
let staffToken: string;
let routes: RouteInfo[];

const NASTY_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  '"; drop table orders; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  '\uD800',
  '👩‍🎓🎓',
  '\u202Eevil',
  '１３８００１３８０００',
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
];
const NASTY_NUMBERS = [-1, 0, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 53), Number.MAX_VALUE];

function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constantFrom<unknown>(...NASTY_STRINGS),
    fc.constantFrom<unknown>(...NASTY_NUMBERS),
    fc.constantFrom<unknown>(null, true, [], {}, [1, 2], { $gt: '' }),
  );
  if (!schema) return wrong;
  const options: fc.Arbitrary<unknown>[] = [wrong, fc.string({ maxLength: 30 }), fc.integer()];
  if (schema.enum?.length) options.push(fc.constantFrom<unknown>(...schema.enum));
  return fc.oneof(...options);
}

function objectFor(schema: JsonSchema | null): fc.Arbitrary<Record<string, unknown>> {
  const props = schema?.properties ?? {};
  const keys = Object.keys(props);
  if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), valueFor(undefined), { maxKeys: 4 });
  // Each field present with a broken value, or missing.
  return fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k])])), { requiredKeys: [] });
}

const TABLES = ['orders', 'order_details', 'payments', 'refunds', 'bindings', 'members', 'photos'];
async function counts(): Promise<string> {
  const parts = await Promise.all(
    TABLES.map(async (t) => {
      const r = await app.ctx.db.execute(sql.raw(`select count(*)::int as n from ${t}`));
      return `${t}=${(r as unknown as { rows: { n: number }[] }).rows[0].n}`;
    }),
  );
  return parts.join(' ');
}

beforeAll(async () => {
  app = await testApp({ rateLimitPerMinute: 1_000_000 }, { seed: true });
  await app.ready();
  routes = collectRoutes(app).filter(
    (r) => !r.url.startsWith('/api/dev/') && !r.url.startsWith('/sandbox/') && r.url !== '/api/docs/json',
  );
  member = await memberSession(app);
  staffToken = (await staffSession(app, 'admin')).token;
}, 120_000);
afterAll(() => app?.close());

describe('bad input on every route', () => {
  it('covers the route table', () => {
    expect(routes.length).toBeGreaterThan(3);
  });

  it('never answers 500 or an unsigned body, and changes no row', async () => {
    const secret = app.ctx.config.responseSecret;
    const failures: string[] = [];
    for (const route of routes) {
      if (route.multipart) continue;
      // Fresh sessions per route: logout-like routes end the ones they are given.
      member = await memberSession(app);
      staffToken = (await staffSession(app, 'admin')).token;
      const before = await counts();
      let pastTheGuard = 0;
      await fc.assert(
        fc.asyncProperty(
          objectFor(route.query),
          objectFor(route.body),
          fc.constantFrom('good', 'badSign', 'badBase64', 'plain'),
          async (q, b, signing) => {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (route.auth === 'member' || route.auth === 'optional') {
              headers.authorization = `Bearer ${member.token}`;
              headers.memberid = String(member.memberId);
            }
            if (route.auth === 'staff') headers['x-staff-token'] = staffToken;
            let payload: unknown = b;
            if (route.auth === 'member' && route.method === 'POST') {
              const signed = signBody(b, member.randomKey);
              payload =
                signing === 'good'
                  ? signed
                  : signing === 'badSign'
                    ? { ...signed, sign: 'f'.repeat(64) }
                    : signing === 'badBase64'
                      ? { object: '%%%not base64', sign: signed.sign }
                      : b;
            }
            const qs = new URLSearchParams(
              Object.entries(q).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ).toString();
            const url = route.url.replace(/:(\w+)/g, '999999') + (qs ? `?${qs}` : '');
            const res = await app.inject({
              method: route.method,
              url,
              headers,
              payload: route.method === 'POST' ? JSON.stringify(payload) : undefined,
            });
            if (res.statusCode !== 401) pastTheGuard++;
            if (res.statusCode >= 500)
              failures.push(`${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
            const ct = String(res.headers['content-type'] ?? '');
            if (ct.includes('application/json')) {
              const body = res.json() as { code: number; timestamp: number; sign: string; msg: string };
              if (body.sign !== responseSign(body.code, body.timestamp, secret))
                failures.push(`${route.method} ${route.url}: unsigned answer`);
              if (res.statusCode >= 400 && !body.msg)
                failures.push(`${route.method} ${route.url}: error without a message`);
            }
          },
        ),
        { numRuns: 25, seed: 20261121 },
      );
      // The suite must reach each route's own validation, not stop at the login guard.
      if (!pastTheGuard) failures.push(`${route.method} ${route.url}: every request stopped at the login guard`);
      const after = await counts();
      if (before !== after && route.auth !== 'staff')
        failures.push(`${route.method} ${route.url}: rows changed (${before} -> ${after})`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
