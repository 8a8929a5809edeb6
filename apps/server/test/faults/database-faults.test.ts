import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { message } from '../../src/http/lang.ts';
import { ok } from '../../src/http/envelope.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { call, memberSession, type Session } from '../helpers.ts';
import { NEEDS_POSTGRES, reachablePostgres } from '../hardening/child-server.ts';
import { appsOnOneDatabase, TcpProxy, watchCrashes, type AppsOnOneDatabase } from './instances.ts';

/**
 * Issue 33 item 1: the database going away. A backend terminated inside a transaction, every
 * backend of the app terminated at once (as a restart does), and the database unreachable: the
 * process survives, the request answers 503 with a try-again message (never a 500, never a hang),
 * its transaction is rolled back, and the pool, the listening connection and readiness come back
 * by themselves.
 */

const pgBase = await reachablePostgres();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The app's own connections on the test's database: the pool's and the listener's. */
const APP_BACKENDS = `select pg_terminate_backend(pid) from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and application_name in ('portal', 'portal-listen')`;

/** Polls until check holds; how long it took, or a failure past the bound. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

describe.skipIf(!pgBase)('the database going away (PostgreSQL)', () => {
  const crashes = watchCrashes();

  describe('a backend terminated inside a transaction, and every backend at once', () => {
    let two: AppsOnOneDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    /** The held transaction's request waits on this after its first write. */
    let held: { reached: () => void; go: Promise<void> } | null = null;
    beforeAll(async () => {
      two = await appsOnOneDatabase(pgBase!, 'fdb', 2);
      [a, b] = two.apps as [FastifyInstance, FastifyInstance];
      await two.admin.query(`create table fault_marks (id serial primary key, note text not null)`);
      // A request whose transaction writes a row, then waits between two statements ("idle in
      // transaction"), as a request does while it awaits anything.
      a.post('/api/fault-test/held-transaction', async () => {
        await a.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('application_name', 'portal-held', true)`);
          await tx.execute(sql`insert into fault_marks (note) values ('held')`);
          held!.reached();
          await held!.go;
          await tx.execute(sql`select 1`);
        });
        return ok(null);
      });
      await Promise.all([a.ready(), b.ready()]);
    }, 60_000);
    afterAll(async () => two?.close());

    it('answers 503 with the message, rolls the transaction back, and the next request succeeds', async () => {
      for (const lang of ['zh', 'en'] as const) {
        let reached!: () => void;
        const atWait = new Promise<void>((r) => (reached = r));
        let go!: () => void;
        held = { reached, go: new Promise<void>((r) => (go = r)) };
        const answer = call(a, { method: 'POST', url: '/api/fault-test/held-transaction', headers: { lang } });
        await atWait;
        const killed = await two.admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = 'portal-held' and state = 'idle in transaction'`,
        );
        expect(killed.rowCount).toBe(1);
        // The connection's end reaches the app while the request still holds it.
        await sleep(300);
        go();
        const r = await answer;
        expect([r.status, r.code, r.msg]).toEqual([503, 503, message(lang, 'http.databaseUnavailable')]);
        expect((await two.admin.query(`select count(*)::int as n from fault_marks`)).rows[0].n).toBe(0);
        const me = await memberSession(a);
        expect((await call(a, { url: '/api/address/list', session: me })).code).toBe(200);
        expect((await call(a, { url: '/api/health/ready' })).status).toBe(200);
      }
      expect(crashes.errors).toEqual([]);
    });

    it('survives every backend terminated at once, again and again, under a workload: no 500, back within seconds, listening again', async () => {
      const statuses = new Map<string, number>();
      const wrongMessages: string[] = [];
      let stop = false;
      let lastFailure = 0;
      const count = (r: { status: number; code: number; msg: string }) => {
        const key = `${r.status}/${r.code}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (r.status === 503 && r.msg !== message('zh', 'http.databaseUnavailable')) wrongMessages.push(r.msg);
        if (r.status !== 200) lastFailure = Date.now();
      };
      /** One member's round: a login (a write), the address list, the order list, a logout (a write). */
      const worker = async (app: FastifyInstance) => {
        while (!stop) {
          let me: Session | null = null;
          try {
            me = await memberSession(app);
          } catch {
            // The database was away for the login itself (a direct write of the test kit).
            lastFailure = Date.now();
            await sleep(20);
            continue;
          }
          count(await call(app, { url: '/api/address/list', session: me }));
          count(await call(app, { url: '/api/order/findOrderList?type=1', session: me }));
          count(await call(app, { method: 'POST', url: '/api/login/exit', session: me, payload: {} }));
        }
      };
      const workers = [a, a, b, b].map(worker);
      const rounds = 5;
      const recoveries: number[] = [];
      for (let i = 0; i < rounds; i++) {
        await sleep(400);
        const t0 = Date.now();
        await two.admin.query(APP_BACKENDS);
        // Back: each instance answers a member read again.
        for (const app of [a, b]) {
          const me = await within(10_000, 'a login after the restart', async () =>
            memberSession(app).then(
              () => true,
              () => false,
            ),
          ).then(() => memberSession(app));
          await within(10_000, 'a member read after the restart', async () => {
            return (await call(app, { url: '/api/address/list', session: me })).status === 200;
          });
        }
        recoveries.push(Date.now() - t0);
      }
      stop = true;
      await Promise.all(workers);
      console.log(
        `every backend terminated ${rounds} times: answers ${JSON.stringify(Object.fromEntries(statuses))}, back after ${recoveries.join(', ')} ms (last failure ${lastFailure ? `${Date.now() - lastFailure} ms before the end` : 'none'})`,
      );
      expect(crashes.errors).toEqual([]);
      expect([...statuses.keys()].filter((k) => k !== '200/200' && k !== '503/503' && k !== '401/700')).toEqual([]);
      expect(wrongMessages).toEqual([]);
      expect(Math.max(...recoveries)).toBeLessThan(5_000);

      // Both listen again, and a logout on b reaches a's memory by its notification.
      await within(10_000, 'both instances listening again', async () => {
        const r = await two.admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'portal-listen'`,
        );
        return r.rows[0].n === 2;
      });
      const me = await memberSession(a);
      await within(5_000, "a's session cache live again", async () => {
        await call(a, { url: '/api/order/findOrderList?type=1', session: me });
        return a.ctx.sessionCache.get(sha256(me.token)) !== undefined;
      });
      expect((await call(b, { method: 'POST', url: '/api/login/exit', session: me, payload: {} })).code).toBe(200);
      await within(2_000, "the logout on b heard by a's session cache", async () => {
        return a.ctx.sessionCache.get(sha256(me.token)) === undefined;
      });
    }, 120_000);
  });

  describe('the database unreachable', () => {
    let one: AppsOnOneDatabase;
    let app: FastifyInstance;
    const pgUrl = new URL(pgBase ?? 'postgres://x@127.0.0.1:5432/x');
    const proxy = new TcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    beforeAll(async () => {
      await proxy.start();
      one = await appsOnOneDatabase(pgBase!, 'fready', 1, {
        connectThrough: (url) => proxy.through(url),
        timeouts: { connectMs: 1_000 },
      });
      app = one.apps[0]!;
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await proxy.start().catch(() => undefined);
      await one?.close();
      await proxy.stop();
    });

    it('fails readiness and answers 503 while the database cannot be reached, and is back by itself after', async () => {
      const me = await memberSession(app);
      expect((await call(app, { url: '/api/health/ready' })).status).toBe(200);
      expect((await call(app, { url: '/api/address/list', session: me })).status).toBe(200);
      await proxy.stop();
      const t0 = Date.now();
      const ready = await call(app, { url: '/api/health/ready', headers: { lang: 'en' } });
      expect([ready.status, ready.msg]).toEqual([503, message('en', 'http.databaseUnavailable')]);
      const read = await call(app, { url: '/api/address/list', session: me });
      expect([read.status, read.msg]).toEqual([503, message('zh', 'http.databaseUnavailable')]);
      // Neither waited past its timeout (readiness 3 s, a connection 1 s here).
      expect(Date.now() - t0).toBeLessThan(6_000);
      // Nothing from memory while the listener is down.
      expect(app.ctx.sessionCache.size).toBe(0);
      await sleep(1_500);
      await proxy.start();
      const back = await within(8_000, 'readiness after the database is back', async () => {
        return (await call(app, { url: '/api/health/ready' })).status === 200;
      });
      expect((await call(app, { url: '/api/address/list', session: me })).status).toBe(200);
      await within(8_000, 'listening again', async () => {
        await call(app, { url: '/api/order/findOrderList?type=1', session: me });
        return app.ctx.sessionCache.size > 0;
      });
      console.log(`database reachable again: ready after ${back} ms`);
      expect(crashes.errors).toEqual([]);
    }, 60_000);
  });
});

if (!pgBase) describe('the database going away', () => it.skip(NEEDS_POSTGRES, () => {}));
