import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChildServer,
  apiData,
  reachablePostgres,
  tempDataDir,
  throwawayDatabase,
  type MemberSession,
} from './child-server.ts';

/**
 * SIGTERM under load, as a rolling deploy sends it: while draining the instance still
 * answers every request (each answer closing its connection) and its readiness fails so
 * the load balancer moves away; then it stops accepting, finishes what is in flight,
 * closes the database last and exits 0. No request may see a 5xx on the way.
 */

const DRAIN_SECONDS = 2;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/**
 * A child server on a fresh data folder, and on a throwaway PostgreSQL database when `db` names
 * one; the folder, the database and the process are cleaned up after the file.
 */
async function startServer(dirPrefix: string, env: Record<string, string>, db?: { base: string; prefix: string }) {
  const database = db ? await throwawayDatabase(db.base, db.prefix) : null;
  if (database) cleanups.push(() => database.drop());
  const dataDir = tempDataDir(dirPrefix);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await ChildServer.start({ ...(database ? { databaseUrl: database.url } : {}), dataDir, env });
  cleanups.push(() => server.kill9());
  return server;
}

interface Outcome {
  status: number;
  connectionClose: boolean;
  at: number;
}

/** Clients that keep reading the member's order list on kept-alive connections until refused. */
async function readUntilRefused(base: string, s: MemberSession, clients: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const headers = { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) };
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        try {
          const r = await fetch(`${base}/api/order/findOrderList?type=1`, {
            headers,
            signal: AbortSignal.timeout(30_000),
          });
          await r.arrayBuffer();
          out.push({ status: r.status, connectionClose: r.headers.get('connection') === 'close', at: Date.now() });
        } catch {
          return; // refused: the listening socket is closed
        }
      }
    }),
  );
  return out;
}

async function shutdownUnderLoad(server: ChildServer) {
  const s = await apiData<MemberSession>(server.url, {
    method: 'POST',
    url: '/api/dev/login',
    body: { mobile: '13955556666' },
  });
  for (let i = 0; i < 5; i++) {
    await apiData(server.url, {
      method: 'POST',
      url: '/api/dev/order',
      body: { mobile: '13955556666', kind: 'individual', persons: 2, withShipping: true },
    });
  }
  const load = readUntilRefused(server.url, s, 8);
  await new Promise((r) => setTimeout(r, 800));
  const termAt = Date.now();
  const stopped = server.stop(60_000);

  // During the drain: readiness answers 503 with the documented envelope; reads still succeed.
  await new Promise((r) => setTimeout(r, 300));
  const ready = await fetch(`${server.url}/api/health/ready`);
  const readyBody = (await ready.json()) as { code: number; msg: string };
  // From here the instance is known to be draining (it said so).
  const drainingAt = Date.now();

  const outcomes = await load;
  await stopped;
  return {
    termAt,
    drainingAt,
    outcomes,
    ready: { status: ready.status, ...readyBody },
    exitCode: server.exitCode,
    log: server.log(),
  };
}

function expectClean(r: Awaited<ReturnType<typeof shutdownUnderLoad>>) {
  expect(r.ready).toMatchObject({ status: 503, code: 503, msg: '服务正在重启，请稍后重试' });
  const before = r.outcomes.filter((o) => o.at < r.termAt);
  const during = r.outcomes.filter((o) => o.at > r.drainingAt);
  expect(before.length).toBeGreaterThan(0);
  // Served through the drain, every one a success, each telling the client to reconnect.
  expect(during.length).toBeGreaterThan(0);
  expect(r.outcomes.filter((o) => o.status !== 200)).toEqual([]);
  expect(during.every((o) => o.connectionClose)).toBe(true);
  expect(before.some((o) => o.connectionClose)).toBe(false);
  expect(r.exitCode).toBe(0);
  expect(r.log).not.toMatch(/"level":50/);
}

/**
 * Clients that hang up at once, right before SIGTERM with no drain: their handlers are still
 * running when the close starts and must find the database open (the close waits for them).
 */
async function hangUpsThenTerm(server: ChildServer) {
  const s = await apiData<MemberSession>(server.url, {
    method: 'POST',
    url: '/api/dev/login',
    body: { mobile: '13955557777' },
  });
  const { id } = await apiData<{ id: number }>(server.url, {
    method: 'POST',
    url: '/api/dev/order',
    body: { mobile: '13955557777', kind: 'individual', persons: 3, withShipping: true },
  });
  const headers = { authorization: `Bearer ${s.token}`, memberid: String(s.memberId) };
  const sent = Array.from({ length: 60 }, () =>
    fetch(`${server.url}/api/order/findOrderAndOrderDetails?id=${id}`, {
      headers,
      signal: AbortSignal.timeout(3),
    }).catch(() => null),
  );
  await new Promise((r) => setTimeout(r, 5));
  await server.stop(60_000);
  await Promise.all(sent);
  return { exitCode: server.exitCode, log: server.log() };
}

describe('graceful shutdown under load', () => {
  it('PGlite: drains, serves every request, exits 0', { timeout: 240_000 }, async () => {
    const server = await startServer('portal-shutdown', { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) });
    expectClean(await shutdownUnderLoad(server));
  });

  it('PGlite: handlers of clients that hung up finish before the database closes', { timeout: 240_000 }, async () => {
    const server = await startServer('portal-shutdown-hangup', { LOG_LEVEL: 'error' });
    const r = await hangUpsThenTerm(server);
    expect(r.log).not.toMatch(/closed|after calling end|"level":50/i);
    expect(r.exitCode).toBe(0);
  });

  it('PostgreSQL: drains, serves every request, closes the pool last, exits 0', { timeout: 240_000 }, async (t) => {
    const base = await reachablePostgres();
    if (!base) return t.skip('no PostgreSQL for the database suite (TEST_DATABASE_URL)');
    const server = await startServer(
      'portal-shutdown-pg',
      { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) },
      { base, prefix: 'portal_shutdown' },
    );
    expectClean(await shutdownUnderLoad(server));
  });

  it('PostgreSQL: handlers of clients that hung up finish before the pool closes', { timeout: 240_000 }, async (t) => {
    const base = await reachablePostgres();
    if (!base) return t.skip('no PostgreSQL for the database suite (TEST_DATABASE_URL)');
    const server = await startServer('portal-hangup-pg', { LOG_LEVEL: 'error' }, { base, prefix: 'portal_hangup' });
    const r = await hangUpsThenTerm(server);
    expect(r.log).not.toMatch(/after calling end|"level":50/);
    expect(r.exitCode).toBe(0);
  });
});
