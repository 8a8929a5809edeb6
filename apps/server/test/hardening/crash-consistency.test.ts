import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_CONSENT_VERSION, type OrderWithDetails } from '@portal/contract/orders';
import { individualTotalFen } from '@portal/contract/prices';
import { maskIdNumber } from '@portal/contract/validation';
import { realworldBytes, realworldSet } from '../../src/modules/photos/realworld-set.ts';
import { idNumber, person, shipping } from '../../src/modules/orders/test-kit.ts';
import {
  ChildServer,
  api,
  apiData,
  reachablePostgres,
  sqlClient,
  tempDataDir,
  throwawayDatabase,
  type MemberSession,
} from './child-server.ts';

/**
 * Crash consistency (issue 11): a real server on PostgreSQL takes a burst of order writes
 * from many parallel clients and is killed with SIGKILL in the middle of it, then restarted
 * on the same database. Every order must be whole: persons and amount agree with the price
 * rule, photos are the owner's, nothing acknowledged is lost, and the member is served.
 */

const pgBase = await reachablePostgres();
/**
 * Two compliant photos of two different people: one face stands for one student (the pay step
 * refuses a face used for two ID numbers of a member's orders), so each face keeps its own ID
 * number. The project's fixtures are all one person; the real-world set beside the repo has many.
 */
const twoPeople = realworldSet()
  ?.filter((p) => p.expected === 'pass')
  .slice(0, 2)
  .map(realworldBytes);
const SKIP_REASON =
  'needs PostgreSQL (set TEST_DATABASE_URL; the database suite runs it) and the real-world photo set beside the repository';

const MEMBERS = 4;
const CLIENTS_PER_MEMBER = 3;
/** Kill after this many acknowledged writes of the round: early, middle, late. */
const KILL_AFTER = [5, 40, 120];

interface Member {
  session: MemberSession;
  mobile: string;
  /** Two faces, each with the one ID number it belongs to. */
  faces: Face[];
  orders: number[];
}

interface Face {
  url: string;
  idNum: string;
}

/** What the clients were told: created ids (acknowledged) and ids a delete was sent for (acknowledged or not). */
interface Ledger {
  orders: Set<number>;
  persons: Map<number, number>;
  orderDeletes: Set<number>;
  personDeletes: Set<number>;
}

/** A small seeded generator, so a failing round can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function upload(base: string, session: MemberSession, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return apiData<string>(base, { url: '/api/img/upload', form, session, timeoutMs: 120_000 });
}

/** One client: random order writes of its member until told to stop; errors after the kill are expected. */
async function client(
  srv: () => ChildServer,
  m: Member,
  carrierId: number,
  ledger: Ledger,
  rand: () => number,
  acked: () => void,
  stop: () => boolean,
) {
  const base = () => srv().url;
  const session = m.session;
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  while (!stop()) {
    const r = rand();
    try {
      if (r < 0.25 || !m.orders.length) {
        const f = pick(m.faces);
        const a = await api<number>(base(), {
          url: '/api/order/createCollectionOrder',
          body: person(f.url, { id_num: f.idNum }),
          session,
        });
        if (a.code === 200) {
          ledger.orders.add(a.data);
          m.orders.push(a.data);
          acked();
        }
      } else if (r < 0.5) {
        const orderId = pick(m.orders);
        const f = pick(m.faces);
        const a = await api<number>(base(), {
          url: '/api/order/addPerson2Order',
          body: person(f.url, { order_id: orderId, id_num: f.idNum }),
          session,
        });
        if (a.code === 200) {
          ledger.persons.set(a.data, orderId);
          acked();
        }
      } else if (r < 0.75) {
        const orderId = pick(m.orders);
        const d = await api<OrderWithDetails>(base(), {
          url: `/api/order/findOrderAndOrderDetails?id=${orderId}`,
          session,
        });
        if (d.code !== 200 || !d.data.orderDetails.length) continue;
        const line = pick(d.data.orderDetails);
        if (r < 0.65) {
          // The line keeps its student's own face (its ID number is shown masked to the owner).
          const f = m.faces.find((x) => maskIdNumber(x.idNum) === line.idNum) ?? m.faces[0];
          const a = await api(base(), {
            url: '/api/order/updatePerson',
            body: { id: line.id, mobile: '13700001111', mail: 'm@example.com', picUrl: f.url },
            session,
          });
          if (a.code === 200) acked();
        } else {
          ledger.personDeletes.add(line.id);
          const a = await api(base(), {
            url: '/api/order/deletePerson',
            body: { detail_id: line.id, order_id: orderId },
            session,
          });
          if (a.code === 200) acked();
        }
      } else if (r < 0.8) {
        const orderId = pick(m.orders);
        ledger.orderDeletes.add(orderId);
        const a = await api(base(), { url: `/api/order/deleteOrder?id=${orderId}`, session });
        if (a.code === 200) acked();
      } else {
        const orderId = pick(m.orders);
        const s = await api(base(), {
          url: '/api/order/updateShipping',
          body: { id: orderId, ...shipping(carrierId) },
          session,
        });
        if (s.code !== 200) continue;
        const p = await api<{ paymentNo?: string }>(base(), {
          url: '/api/pay/getPayInfo',
          body: { id: orderId, payType: 1 },
          session,
        });
        if (p.code !== 200 || !p.data.paymentNo) continue;
        acked();
        await fetch(`${base()}/sandbox/pay/${p.data.paymentNo}/pay`, {
          method: 'POST',
          signal: AbortSignal.timeout(30_000),
        });
        // The pay page's poll asks the provider, so the order moves to paid without waiting for the notify.
        const st = await api<{ orderState: number }>(base(), {
          url: `/api/pay/status?id=${orderId}&paymentNo=${p.data.paymentNo}`,
          session,
        });
        if (st.code === 200 && st.data.orderState === 115) acked();
      }
    } catch {
      // The server died under this request (or a read timed out on the loaded machine).
      if (stop()) return;
    }
  }
}

type Pg = Awaited<ReturnType<typeof sqlClient>>;

/** The rules every order must keep, over all the members' orders, in SQL. */
async function checkInvariants(pg: Pg, memberIds: number[], ledger: Ledger) {
  const q = async <T>(text: string) => (await pg.query(text, [memberIds])).rows as T[];
  const orders = await q<{
    id: number;
    state: number;
    price_type: number;
    unit_price_fen: number;
    total_fen: number;
    n: number;
    pay_time: Date | null;
  }>(`
    select o.id, o.state, o.price_type, o.unit_price_fen, o.total_fen, o.pay_time,
           (select count(*)::int from order_details d where d.order_id = o.id) as n
      from orders o where o.member_id = any($1) and o.kind = 'individual'`);
  expect(orders.length).toBeGreaterThan(0);
  for (const o of orders) {
    const where = `order ${o.id} (state ${o.state}, ${o.n} persons)`;
    expect(o.unit_price_fen, where).toBe(individualTotalFen(1, o.price_type));
    expect(o.total_fen, where).toBe(individualTotalFen(o.n, o.price_type));
    // Only a waiting order may have lost its last person; nothing is paid without one.
    if (o.n === 0) expect(o.state, where).toBe(110);
    expect([110, 115, 150], where).toContain(o.state);
    if (o.state === 115) expect(o.pay_time, where).not.toBeNull();
  }
  // A paid order has a paid payment of exactly its amount; money for an order left unpaid is on record.
  const paidWithoutPayment = await q(`
    select o.id from orders o where o.member_id = any($1) and o.state = 115 and not exists
      (select 1 from payments p where p.order_id = o.id and p.state = 'paid' and p.amount_fen = o.total_fen)`);
  expect(paidWithoutPayment).toEqual([]);
  const silentMoney = await q(`
    select p.payment_no from payments p join orders o on o.id = p.order_id
     where o.member_id = any($1) and p.state = 'paid' and o.state = 110
       and not exists (select 1 from audit_log a where a.action = 'payment.unmatched' and a.target_id = o.id::text)`);
  expect(silentMoney).toEqual([]);
  // Every line is whole, and its photo is an existing passed photo of the order's member.
  const badLines = await q(`
    select d.id, d.photo_id from order_details d join orders o on o.id = d.order_id
     where o.member_id = any($1) and (
       d.name is null or d.id_num_enc is null or d.id_num_hash is null or d.yxdm is null or d.photo_id is null
       or not exists (select 1 from photos p where p.id = d.photo_id and p.member_id = o.member_id and p.passed))`);
  expect(badLines).toEqual([]);
  const orphans = await pg.query(
    `select count(*)::int as n from order_details d where not exists (select 1 from orders o where o.id = d.order_id)`,
  );
  expect(orphans.rows[0].n).toBe(0);
  // Nothing acknowledged is lost: created orders and persons are there unless a delete was sent for them.
  const ids = new Set(orders.map((o) => o.id));
  for (const id of ledger.orders)
    if (!ledger.orderDeletes.has(id)) expect(ids.has(id), `acknowledged order ${id}`).toBe(true);
  const lines = new Set(
    (
      await q<{ id: number }>(
        `select d.id from order_details d join orders o on o.id = d.order_id where o.member_id = any($1)`,
      )
    ).map((r) => r.id),
  );
  for (const [id, orderId] of ledger.persons) {
    if (!ledger.personDeletes.has(id) && !ledger.orderDeletes.has(orderId))
      expect(lines.has(id), `acknowledged person ${id}`).toBe(true);
  }
  return orders;
}

/** The restarted server answers each member's lists and details as the database says, and takes new writes. */
async function checkThroughApi(base: string, members: Member[], pg: Pg) {
  for (const m of members) {
    const list = await apiData<{ id: number; personCount: number; payTotal: string; state: number }[]>(base, {
      url: '/api/order/findOrderList?type=1',
      session: m.session,
    });
    const rows = (
      await pg.query(
        `select o.id, o.state, o.total_fen, (select count(*)::int from order_details d where d.order_id = o.id) as n from orders o where o.member_id = $1 and o.kind = 'individual' order by o.id`,
        [m.session.memberId],
      )
    ).rows as { id: number; state: number; total_fen: number; n: number }[];
    expect(list.map((o) => o.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    for (const r of rows.slice(-5)) {
      const d = await apiData<OrderWithDetails>(base, {
        url: `/api/order/findOrderAndOrderDetails?id=${r.id}`,
        session: m.session,
      });
      expect(d.orderDetails.length).toBe(r.n);
      expect(d.order.personCount).toBe(r.n);
      expect(d.order.state).toBe(r.state);
      expect(d.order.payTotal).toBe((individualTotalFen(r.n) / 100).toFixed(2));
    }
    const id = await apiData<number>(base, {
      url: '/api/order/createCollectionOrder',
      body: person(m.faces[0].url, { id_num: m.faces[0].idNum }),
      session: m.session,
    });
    await apiData<number>(base, {
      url: '/api/order/addPerson2Order',
      body: person(m.faces[1].url, { order_id: id, id_num: m.faces[1].idNum }),
      session: m.session,
    });
    const after = await apiData<OrderWithDetails>(base, {
      url: `/api/order/findOrderAndOrderDetails?id=${id}`,
      session: m.session,
    });
    expect(after.order.payTotal).toBe('90.00');
    expect(after.orderDetails).toHaveLength(2);
    m.orders.push(id);
  }
}

describe.skipIf(!pgBase || twoPeople?.length !== 2)(
  'crash consistency: kill -9 during order writes on PostgreSQL',
  () => {
    let db: Awaited<ReturnType<typeof throwawayDatabase>> | null = null;
    let server: ChildServer | null = null;
    let pg: Pg | null = null;
    let dataDir = '';

    afterAll(async () => {
      await server?.kill9();
      await pg?.end();
      await db?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('every order stays whole through three crashes at different moments, and the restarted server serves the member', async () => {
      db = await throwawayDatabase(pgBase!, 'crash');
      dataDir = tempDataDir('portal-crash');
      server = await ChildServer.start({ databaseUrl: db.url, dataDir });
      pg = await sqlClient(db.url);
      const base = server.url;
      const [carrier] = (await pg.query(`select id from carriers where active order by id limit 1`)).rows as {
        id: number;
      }[];

      const members: Member[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const mobile = `1391100${String(i).padStart(4, '0')}`;
        const session = await apiData<MemberSession>(base, { url: '/api/dev/login', body: { mobile } });
        await apiData(base, { url: '/api/order/photoConsent', body: { version: PHOTO_CONSENT_VERSION }, session });
        const faces: Face[] = [];
        for (const photo of twoPeople!) faces.push({ url: await upload(base, session, photo), idNum: idNumber() });
        members.push({ session, mobile, faces, orders: [] });
      }
      const memberIds = members.map((m) => m.session.memberId);
      const ledger: Ledger = {
        orders: new Set(),
        persons: new Map(),
        orderDeletes: new Set(),
        personDeletes: new Set(),
      };

      for (const [round, killAfter] of KILL_AFTER.entries()) {
        let acked = 0;
        let stopped = false;
        let killed!: () => void;
        const killedP = new Promise<void>((r) => (killed = r));
        const current = server;
        const onAck = () => {
          if (++acked === killAfter) {
            stopped = true;
            void current.kill9().then(killed);
          }
        };
        const clients = members.flatMap((m, i) =>
          Array.from({ length: CLIENTS_PER_MEMBER }, (_, j) =>
            client(
              () => current,
              m,
              carrier.id,
              ledger,
              rng(1000 * round + 10 * i + j + 1),
              onAck,
              () => stopped,
            ),
          ),
        );
        await Promise.all([...clients, killedP]);
        expect(current.exited).toBe(true);

        server = await ChildServer.start({ databaseUrl: db.url, dataDir });
        // Payments notified before the kill have settled; no request of the dead process can still write.
        await checkInvariants(pg, memberIds, ledger);
        await checkThroughApi(server.url, members, pg);
      }
      // The bursts really wrote: orders created, persons added, some orders paid.
      const states = (
        await pg.query(`select distinct state from orders where member_id = any($1)`, [memberIds])
      ).rows.map((r: { state: number }) => r.state);
      expect(ledger.orders.size).toBeGreaterThan(KILL_AFTER.length);
      expect(ledger.persons.size).toBeGreaterThan(0);
      expect(states).toContain(115);
    }, 600_000);
  },
);

if (!pgBase) describe('crash consistency', () => it.skip(SKIP_REASON, () => {}));
