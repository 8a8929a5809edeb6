import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.ts';
import { auditLog } from './db/schema.ts';
import { testApp } from '../test/helpers.ts';

/** Issue 17 items 2, 8 and 11: trusted proxies, the metrics token and the data key. */

const HEX_KEY = 'ab'.repeat(32);
const TOKEN = 'metrics-token-of-this-deployment';
/** A production environment complete as far as these settings go. */
const prod = {
  NODE_ENV: 'production',
  DATA_DIR: os.tmpdir(),
  RESPONSE_SECRET: 'a-secret-of-this-deployment',
  DATA_KEY: HEX_KEY,
  METRICS_TOKEN: TOKEN,
};

/** The configuration's complaints ('' when it loads); other settings' refusals may be listed too. */
function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.message;
  }
}

const apps: FastifyInstance[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));
async function appWith(env: Record<string, string>, overrides: Parameters<typeof testApp>[0] = {}) {
  const c = loadConfig({ NODE_ENV: 'test', ...env });
  const app = await testApp({ trustProxy: c.trustProxy, metricsToken: c.metricsToken, ...overrides });
  apps.push(app);
  return app;
}

describe('TRUST_PROXY', () => {
  it('refuses "true" in production, naming the variable and the expected form', () => {
    expect(problems({ ...prod, TRUST_PROXY: 'true' })).toContain(
      'TRUST_PROXY: "true" would let any client set its own address with X-Forwarded-For; in production give the load balancer addresses or CIDRs',
    );
    expect(problems({ ...prod, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' })).not.toContain('TRUST_PROXY');
    expect(problems({ ...prod, TRUST_PROXY: '1' })).not.toContain('TRUST_PROXY');
    expect(problems({ NODE_ENV: 'development', TRUST_PROXY: '10.0.0.0/33' })).toContain(
      'TRUST_PROXY: "10.0.0.0/33" is not understood',
    );
    expect(problems({ NODE_ENV: 'development', TRUST_PROXY: 'lb.internal' })).toContain(
      'TRUST_PROXY: "lb.internal" is not understood',
    );
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: '10.0.0.0/8,192.168.1.10' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
    ]);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxy).toBe(false);
  });

  it('behind the listed load balancer, rotating X-Forwarded-For neither escapes the per-address limit nor fakes the audited address', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' }, { rateLimitPerMinute: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The load balancer appends the address it saw; the client wrote the first one itself.
      const r = await app.inject({
        url: '/api/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);

    // A client reaching the instance directly cannot name an address at all.
    const failedLogin = (username: string, remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username, password: 'x' },
      });
    await failedLogin('nobody', '198.51.100.77', '1.2.3.4');
    await failedLogin('nobody2', '10.9.9.9', '1.2.3.4, 203.0.113.8');
    const rows = await app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.loginFailed'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows.map((r) => r.ip)).toEqual(['203.0.113.8', '198.51.100.77']);
  }, 120_000);

  it('a hop count trusts exactly that many proxies', async () => {
    const app = await appWith({ TRUST_PROXY: '1' }, { rateLimitPerMinute: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await app.inject({
            url: '/api/health',
            remoteAddress: '10.1.2.3',
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 429, 429]);
  }, 120_000);
});

describe('METRICS_TOKEN', () => {
  it('is required in production and at least 24 characters', () => {
    const { METRICS_TOKEN: _omit, ...noToken } = prod;
    expect(problems(noToken)).toContain('METRICS_TOKEN: required in production');
    expect(problems({ ...prod, METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN: at least 24 characters');
    expect(problems(prod)).not.toContain('METRICS_TOKEN');
  });

  it('/metrics answers only the bearer of the token', async () => {
    const app = await appWith({ METRICS_TOKEN: TOKEN });
    await app.inject({ url: '/api/health' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all-000000' } }))
        .statusCode,
    ).toBe(401);
    const ok = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds_count');
  }, 120_000);
});

describe('DATA_KEY', () => {
  it('a malformed or missing key is one line naming the variable and the expected form', () => {
    const line =
      'DATA_KEY: malformed; expected a 32-byte key as 64 hex digits or 44 base64 characters (e.g. openssl rand -hex 32)';
    expect(problems({ NODE_ENV: 'development', DATA_KEY: 'abc' })).toBe(`Invalid configuration:\n  ${line}`);
    expect(problems({ NODE_ENV: 'development', DATA_KEY: 'ab'.repeat(31) })).toContain(line);
    expect(problems({ NODE_ENV: 'development', DATA_KEY: Buffer.alloc(32, 7).toString('base64') })).toBe('');
    expect(problems({ NODE_ENV: 'development', DATA_KEY: HEX_KEY })).toBe('');
    const { DATA_KEY: _omit, ...noKey } = prod;
    expect(problems(noKey)).toContain(
      'DATA_KEY: required in production; expected a 32-byte key as 64 hex digits or 44 base64 characters',
    );
  });

  it('the server exits with that line and no stack trace', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'main.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_KEY: 'not-a-key',
        PORT: '0',
        DATA_DIR: path.join(os.tmpdir(), `dk-${process.pid}`),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      '  DATA_KEY: malformed; expected a 32-byte key as 64 hex digits or 44 base64 characters (e.g. openssl rand -hex 32)',
    ]);
    expect(r.status).toBe(2);
  }, 60_000);
});
