import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { devMemberSession, devStaffSession } from '../src/modules/dev/dev-login.ts';
import type { StaffRole } from '../src/http/staff-auth.ts';

/**
 * A real app on a fresh in-memory PGlite with the real migrations; on PostgreSQL
 * when TEST_DATABASE_URL is set (the CI database suite).
 */
export async function testApp(
  overrides: Partial<Config> = {},
  opts: { seed?: boolean } = {},
): Promise<FastifyInstance> {
  const url = process.env.TEST_DATABASE_URL;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...payEnvOfProcess(), ...(url ? { DATABASE_URL: url } : {}) },
    { pgliteDir: ':memory:', dataKey: '11'.repeat(32), ...overrides },
  );
  const fresh = url ? await freshPostgresDatabase(url) : null;
  const database = fresh
    ? await openDatabase({ databaseUrl: fresh.url, pgliteDir: ':memory:' })
    : await openDatabase({ pgliteDir: ':memory:' });
  const app = await buildApp(config, { database, skipSeed: !opts.seed, logger: false });
  app.addHook('onClose', async () => {
    await database.close();
    await fresh?.drop();
  });
  return app;
}

/** The payment settings a suite sets on the process (e.g. a short sandbox notify delay), for its apps. */
function payEnvOfProcess(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(PAY|WXPAY|ALIPAY)_/.test(k)));
}

/** A new empty database beside the one at baseUrl, named with the prefix and a random part. */
export async function createDatabase(baseUrl: string, prefix: string): Promise<{ name: string; url: string }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

/** Each test app on PostgreSQL gets its own throwaway database, so files run in parallel. */
async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const { name, url } = await createDatabase(baseUrl, 't');
  return {
    url,
    async drop() {
      // No `with (force)`: terminating a connection a timer still holds would surface as an
      // uncaught error in the test run. A database still in use is retried, then left behind.
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      for (let i = 0; i < 5; i++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 300));
        }
      }
      await c.end();
    },
  };
}

export interface Session {
  token: string;
  memberId: number;
  randomKey: string;
}

/** Injects a request and returns the parsed envelope, checking its signature. */
export async function call<T = unknown>(
  app: FastifyInstance,
  opts: InjectOptions & { session?: Session; signed?: boolean },
): Promise<Envelope<T> & { status: number }> {
  const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
  if (opts.session) {
    headers.authorization = `Bearer ${opts.session.token}`;
    headers.memberid = String(opts.session.memberId);
  }
  let payload = opts.payload;
  if (opts.session && opts.signed !== false && (opts.method ?? 'GET') === 'POST' && payload !== undefined) {
    payload = signBody(payload, opts.session.randomKey) as unknown as InjectOptions['payload'];
  }
  const res = await app.inject({ ...opts, headers, payload });
  const body = res.json() as Envelope<T>;
  const secret = app.ctx.config.responseSecret;
  if (body.sign !== responseSign(body.code, body.timestamp, secret))
    throw new Error(`bad response sign on ${opts.url}`);
  return { ...body, status: res.statusCode };
}

/** Unique mobiles for one suite: its own three-digit prefix, this process, then a counter. */
export function mobileSequence(prefix: string): () => string {
  let seq = 0;
  return () => `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;
}

const nextMemberMobile = mobileSequence('137');
/** A fresh member with a live session (no captcha or SMS); a unique mobile unless given. */
export async function memberSession(
  app: FastifyInstance,
  mobile?: string,
  profile: { name?: string; mail?: string; isFirst?: boolean } = {},
): Promise<Session & { mobile: string }> {
  const m = mobile ?? nextMemberMobile();
  const s = await devMemberSession(app.ctx, m, profile);
  return { token: s.token, randomKey: s.randomKey, memberId: s.memberId, mobile: m };
}

/** A staff session of a role; pass it as the x-staff-token header. */
/** A staff session; a school account is limited to `schools` (default: the demo pilot school 10001). */
export async function staffSession(
  app: FastifyInstance,
  role: StaffRole,
  branch: string | null = null,
  schools: string[] | null = null,
) {
  return devStaffSession(app.ctx, role, branch, schools);
}

/** A multipart/form-data body: text fields, then an optional `file` part (as a browser sends an upload). */
export function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const b = `----portalTest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

/**
 * One test app for the file: built before its tests, closed after them. `set` receives it
 * (the file keeps its own `let app`, so the tests read as before) and may prepare it further.
 */
export function useTestApp(set: (app: FastifyInstance) => unknown, ...args: Parameters<typeof testApp>): void {
  let built: FastifyInstance | undefined;
  beforeAll(async () => {
    built = await testApp(...args);
    await set(built);
  });
  afterAll(async () => {
    await built?.close();
  });
}

/** The console's staff token header. */
export const staffHeaders = (token: string) => ({ 'x-staff-token': token });

/** A console call under a staff token: a GET, or a POST when there is a payload. */
export const staffCall = <T = unknown>(app: FastifyInstance, token: string, url: string, payload?: object) =>
  call<T>(app, { method: payload === undefined ? 'GET' : 'POST', url, headers: staffHeaders(token), payload });
