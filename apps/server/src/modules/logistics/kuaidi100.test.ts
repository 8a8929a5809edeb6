import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { call, staffCall, memberSession, staffSession, testApp, type Session } from '../../../test/helpers.ts';
import { auditLog, orders, parcels, traceEvents } from '../../db/schema.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { sweepParcels } from './parcel-sweep.ts';

// Kuaidi100 (快递100) as its documentation describes it, played by a local HTTP server; the
// signatures are computed here from the documented rules, not with the adapter's code:
//   query  sign = upper-case MD5(param + key + customer)
//   push   sign = upper-case MD5(param + salt)
const CUSTOMER = 'TESTCUSTOMER0001';
const KEY = 'testAuthKey123';
const SALT = 'our-own-salt-42';
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

interface Seen {
  path: string;
  form: Record<string, string>;
  param: Record<string, unknown>;
}
let seen: Seen[] = [];
/** What the query answers per waybill (Kuaidi100's answer shape). */
const tracks = new Map<
  string,
  { state: string; data: { time: string; ftime: string; context: string; status?: string }[] }
>();
let server: Server;
let app: FastifyInstance;
let staff: { token: string };
let member: Session;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const param = JSON.parse(form.param ?? '{}') as Record<string, unknown>;
      seen.push({ path: req.url ?? '', form, param });
      res.setHeader('content-type', 'application/json;charset=UTF-8');
      // A party that never answers (its socket is left open until the server closes).
      if (String(param.number ?? '').startsWith('HA')) return;
      if (req.url === '/poll' && form.schema === 'json') {
        const ok = param.key === KEY;
        return res.end(
          JSON.stringify(
            ok
              ? { result: true, returnCode: '200', message: '提交成功' }
              : { result: false, returnCode: '600', message: '您不是合法的订阅者' },
          ),
        );
      }
      if (req.url === '/poll/query.do') {
        if (form.customer !== CUSTOMER || form.sign !== md5(form.param! + KEY + CUSTOMER))
          return res.end(JSON.stringify({ result: false, returnCode: '601', message: 'key已过期' }));
        const t = tracks.get(String(param.num));
        if (!t)
          return res.end(JSON.stringify({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' }));
        return res.end(
          JSON.stringify({
            message: 'ok',
            nu: param.num,
            ischeck: t.state === '3' ? '1' : '0',
            com: param.com,
            status: '200',
            condition: 'F00',
            state: t.state,
            data: t.data,
          }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await testApp({
    tracking: {
      provider: 'kuaidi100',
      timeoutMs: 3000,
      sweepHours: 0,
      kuaidi100: {
        customer: CUSTOMER,
        key: KEY,
        salt: SALT,
        apiUrl,
        callbackUrl: 'https://photo.example.edu.cn/api/tracking/kuaidi100/callback',
      },
    },
  });
  staff = await staffSession(app, 'production');
  member = await memberSession(app);
});
afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  seen = [];
  tracks.clear();
});

/** An order of the member in production (130), with a receiver. */
async function orderInProduction(carrier = 'EMS'): Promise<number> {
  const o = await insertOrder(app, {
    memberId: member.memberId,
    state: 130,
    shippingTypeName: carrier,
    shippingReceiveName: '张三',
    shippingReceiveMobile: '13900001111',
    shippingAddress: '北京市海淀区颐和园路5号',
  });
  return o.id;
}
const ship = (id: number, waybill: string, carrier?: string) =>
  staffCall<{ changed: number }>(app, staff.token, '/api/console/orders/transition', {
    action: 'ship',
    ids: [id],
    waybillNos: [waybill],
    ...(carrier ? { carrier } : {}),
  });

/** Kuaidi100's push answered as accepted. */
const ACCEPTED = { result: true, returnCode: '200', message: '成功' };

/** A push as Kuaidi100 sends it: a form with param (JSON) and sign. */
function push(
  waybill: string,
  state: string,
  data: { time: string; context: string; status?: string }[],
  opts: { sign?: string; status?: string } = {},
) {
  const param = JSON.stringify({
    status: opts.status ?? 'polling',
    billstatus: 'got',
    message: '',
    autoCheck: '0',
    comOld: '',
    comNew: '',
    lastResult: {
      message: 'ok',
      nu: waybill,
      ischeck: state === '3' ? '1' : '0',
      condition: 'F00',
      com: 'ems',
      status: '200',
      state,
      data: data.map((d) => ({ ...d, ftime: d.time })),
    },
  });
  return app.inject({
    method: 'POST',
    url: '/api/tracking/kuaidi100/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ param, sign: opts.sign ?? md5(param + SALT) }).toString(),
  });
}
const trace = (waybill: string) =>
  call<{ responseItems: { opCode: string; opTime: string; opDesc: string }[] }>(app, {
    method: 'GET',
    url: `/api/wayBillTraceReceive/call?traceNo=${waybill}`,
    session: member,
  });
const stateOf = async (id: number) =>
  (await app.ctx.db.select({ s: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.s;
const eventCount = async (w: string) =>
  (await app.ctx.db.select({ n: count() }).from(traceEvents).where(eq(traceEvents.waybillNo, w)))[0]!.n;
const deliverAudits = async (id: number) =>
  (
    await app.ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'order.deliver'), eq(auditLog.targetId, String(id)), eq(auditLog.actorKind, 'system')),
      )
  )[0]!.n;

/** Kuaidi100 writes Beijing time without a zone: hours after now (the carrier scans after we ship). */
const T0 = Math.floor(Date.now() / 1000) * 1000;
const bj = (hours: number) =>
  new Date(T0 + hours * 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const TRANSIT = [
  { time: bj(2), context: '【北京市】北京邮区中心局 已收寄', status: '揽收' },
  { time: bj(14), context: '【上海市】快件已到达 上海转运中心', status: '在途' },
];
const SIGNED = [...TRANSIT, { time: bj(26), context: '【上海市】您的快件已签收，签收人：本人', status: '签收' }];
const newestFirst = <T>(a: T[]) => [...a].reverse();

describe('Kuaidi100 tracking', () => {
  it('subscribes the waybill once when shipped: company code, number, key, callback URL and salt; no phone for EMS', async () => {
    const id = await orderInProduction('EMS');
    expect((await ship(id, 'EA100000001CN')).data).toEqual({ changed: 1 });
    const subs = seen.filter((s) => s.path === '/poll');
    expect(subs).toHaveLength(1);
    expect(subs[0]!.form.schema).toBe('json');
    expect(subs[0]!.param).toEqual({
      company: 'ems',
      number: 'EA100000001CN',
      key: KEY,
      parameters: {
        callbackurl: 'https://photo.example.edu.cn/api/tracking/kuaidi100/callback',
        salt: SALT,
        resultv2: '1',
      },
    });
    const [p] = await app.ctx.db.select().from(parcels).where(eq(parcels.orderId, id));
    expect(p).toMatchObject({ carrierCode: 'ems', provider: 'kuaidi100', subscribeError: null });
    expect(p!.subscribedAt).toBeInstanceOf(Date);
  });

  it("sends the receiver's mobile where the carrier needs it (SF Express)", async () => {
    const id = await orderInProduction('顺丰速运');
    await ship(id, 'SF1000000000001');
    const sub = seen.find((s) => s.path === '/poll')!;
    expect(sub.param).toMatchObject({
      company: 'shunfeng',
      number: 'SF1000000000001',
      parameters: { phone: '13900001111' },
    });
  });

  it('a party that never answers holds the ship action at most a few seconds; each parcel then records why', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await orderInProduction());
    const started = Date.now();
    const r = await staffCall<{ changed: number }>(app, staff.token, '/api/console/orders/transition', {
      action: 'ship',
      ids,
      waybillNos: ids.map((id) => `HA${String(id).padStart(9, '0')}CN`),
      carrier: 'EMS',
    });
    expect(r.data).toEqual({ changed: 6 });
    // Six calls of 3 s each, one after another, would keep staff waiting 18 s.
    expect(Date.now() - started).toBeLessThan(8000);
    await vi.waitFor(
      async () => {
        const rows = await app.ctx.db.select().from(parcels).where(inArray(parcels.orderId, ids));
        expect(rows.map((p) => p.subscribeError)).toEqual(ids.map(() => 'kuaidi100 /poll: timeout'));
      },
      { timeout: 15_000, interval: 250 },
    );
    // Out of the later tests' way (the sweep would try these subscriptions again).
    await app.ctx.db.update(orders).set({ state: 145 }).where(inArray(orders.id, ids));
  }, 30_000);

  it('stores pushed events; signed for moves the order to delivered (145) once, with one system audit row; a repeated push adds nothing', async () => {
    const id = await orderInProduction();
    await ship(id, 'EA100000002CN');
    const shipEvents = await eventCount('EA100000002CN');
    const first = await push('EA100000002CN', '0', newestFirst(TRANSIT));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(ACCEPTED);
    expect(await stateOf(id)).toBe(140);
    expect(await eventCount('EA100000002CN')).toBe(shipEvents + 2);

    expect((await push('EA100000002CN', '3', newestFirst(SIGNED))).json()).toEqual(ACCEPTED);
    expect(await stateOf(id)).toBe(145);
    expect(await deliverAudits(id)).toBe(1);
    expect(await eventCount('EA100000002CN')).toBe(shipEvents + 3);

    // Kuaidi100 repeats a push it thinks was lost: nothing new, no second transition.
    expect((await push('EA100000002CN', '3', newestFirst(SIGNED))).json()).toEqual(ACCEPTED);
    expect(await eventCount('EA100000002CN')).toBe(shipEvents + 3);
    expect(await deliverAudits(id)).toBe(1);

    // The member's trace: stored events, newest first, with our codes; no call out per view.
    seen = [];
    const t = await trace('EA100000002CN');
    expect(t.code).toBe(200);
    const items = t.data.responseItems;
    expect(items.slice(0, 3).map((i) => [i.opCode, i.opDesc])).toEqual([
      ['80', '【上海市】您的快件已签收，签收人：本人'],
      ['30', '【上海市】快件已到达 上海转运中心'],
      ['10', '【北京市】北京邮区中心局 已收寄'],
    ]);
    expect(items[0]!.opTime).toBe(new Date(T0 + 26 * 3_600_000).toISOString());
    expect(seen).toEqual([]);
  });

  it('takes a signed push with an unreadable time as Kuaidi100 expects: the event kept at the time it came, the problem logged, once however often it is pushed', async () => {
    const id = await orderInProduction();
    await ship(id, 'EA100000005CN');
    const before = await eventCount('EA100000005CN');
    const lines: Record<string, unknown>[] = [];
    const warn = vi
      .spyOn(app.log, 'warn')
      .mockImplementation(((o: Record<string, unknown>, msg?: string) => lines.push({ ...o, msg })) as never);
    try {
      const data = [
        { time: '2026-13-45 25:61:00', context: '【上海市】快件已到达 上海转运中心', status: '在途' },
        { time: 'yesterday', context: '【上海市】快件离开 上海转运中心' },
        TRANSIT[0]!,
      ];
      const t0 = Date.now();
      const r = await push('EA100000005CN', '0', data);
      expect([r.statusCode, r.json()]).toEqual([200, ACCEPTED]);
      expect(await eventCount('EA100000005CN')).toBe(before + 3);
      const rows = await app.ctx.db.select().from(traceEvents).where(eq(traceEvents.waybillNo, 'EA100000005CN'));
      const kept = rows.find((e) => e.opDesc === '【上海市】快件已到达 上海转运中心')!;
      // Its own time unreadable, the event is kept at the time it came, its text as sent.
      expect(kept.opTime.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
      expect(kept.opTime.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(rows.find((e) => e.opDesc === TRANSIT[0]!.context)!.opTime.toISOString()).toBe(
        new Date(T0 + 2 * 3_600_000).toISOString(),
      );
      const logged = lines.find((l) => l.msg === 'tracking push: fields kept as received');
      expect(logged).toMatchObject({ waybillNo: 'EA100000005CN' });
      expect(JSON.stringify(logged)).toContain('2026-13-45 25:61:00');
      expect(JSON.stringify(logged)).toContain('yesterday');
      // Pushed again (Kuaidi100 repeats every event it knows): nothing added.
      expect((await push('EA100000005CN', '0', data)).json()).toEqual(ACCEPTED);
      expect(await eventCount('EA100000005CN')).toBe(before + 3);
    } finally {
      warn.mockRestore();
    }
  });

  it('answers a signed push with fields of the wrong type or no readable track as accepted, keeping what it can, never a 500', async () => {
    const id = await orderInProduction();
    await ship(id, 'EA100000006CN');
    const before = await eventCount('EA100000006CN');
    const send = (param: string) =>
      app.inject({
        method: 'POST',
        url: '/api/tracking/kuaidi100/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ param, sign: md5(param + SALT) }).toString(),
      });
    const odd = JSON.stringify({
      status: 200,
      lastResult: {
        nu: 'EA100000006CN',
        state: 'x',
        data: [
          { time: 20260101, context: 12345, status: null },
          { ftime: null, context: '【上海市】派件中' },
        ],
      },
    });
    const r = await send(odd);
    expect([r.statusCode, r.json()]).toEqual([200, ACCEPTED]);
    expect(await eventCount('EA100000006CN')).toBe(before + 2);
    for (const param of [
      'not json',
      JSON.stringify({ status: 'polling' }),
      JSON.stringify({ lastResult: { data: 'x' } }),
    ]) {
      const nothing = await send(param);
      expect([nothing.statusCode, nothing.json()], param).toEqual([200, ACCEPTED]);
    }
    expect(await eventCount('EA100000006CN')).toBe(before + 2);
    expect(await stateOf(id)).toBe(140);
  });

  it('refuses a push with a bad signature or signed with another salt, storing nothing', async () => {
    const id = await orderInProduction();
    await ship(id, 'EA100000003CN');
    const before = await eventCount('EA100000003CN');
    const bad = await push('EA100000003CN', '3', newestFirst(SIGNED), { sign: md5('tampered') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: false });
    const param = JSON.stringify({ status: 'polling', lastResult: { nu: 'EA100000003CN', state: '3', data: [] } });
    const otherSalt = await app.inject({
      method: 'POST',
      url: '/api/tracking/kuaidi100/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ param, sign: md5(param + 'another-salt') }).toString(),
    });
    expect(otherSalt.statusCode).toBe(400);
    expect(await eventCount('EA100000003CN')).toBe(before);
    expect(await stateOf(id)).toBe(140);
  });

  it('the sweep queries only shipped parcels with no event for 3 days, under its lock, and applies the answers', async () => {
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const stale = await orderInProduction();
    const fresh = await orderInProduction();
    const delivered = await orderInProduction();
    await ship(stale, 'EA200000001CN');
    await ship(fresh, 'EA200000002CN');
    await ship(delivered, 'EA200000003CN');
    await app.ctx.db
      .update(parcels)
      .set({ lastEventAt: days(4), createdAt: days(6) })
      .where(eq(parcels.orderId, stale));
    await app.ctx.db
      .update(parcels)
      .set({ lastEventAt: days(1), createdAt: days(6) })
      .where(eq(parcels.orderId, fresh));
    await app.ctx.db
      .update(parcels)
      .set({ lastEventAt: days(4), createdAt: days(6) })
      .where(eq(parcels.orderId, delivered));
    await app.ctx.db.update(orders).set({ state: 145 }).where(eq(orders.id, delivered));
    tracks.set('EA200000001CN', { state: '3', data: newestFirst(SIGNED).map((d) => ({ ...d, ftime: d.time })) });
    seen = [];
    const r = await sweepParcels(app.ctx, pino({ level: 'silent' }), now);
    const queried = seen.filter((s) => s.path === '/poll/query.do').map((s) => s.param.num);
    expect(queried).toEqual(['EA200000001CN']);
    expect(seen.find((s) => s.path === '/poll/query.do')!.param).toEqual({
      com: 'ems',
      num: 'EA200000001CN',
      resultv2: '1',
    });
    expect(r).toMatchObject({ ran: true, queried: 1, delivered: 1 });
    expect(await stateOf(stale)).toBe(145);
    // Asked today: the next run leaves it (and everything else) alone.
    seen = [];
    await sweepParcels(app.ctx, pino({ level: 'silent' }), now);
    expect(seen.filter((s) => s.path === '/poll/query.do')).toEqual([]);
  });

  it('queues returned, refused and motionless parcels for staff; "refresh now" asks the carrier', async () => {
    const returned = await orderInProduction();
    const stalled = await orderInProduction();
    const moving = await orderInProduction();
    await ship(returned, 'EA300000001CN');
    await ship(stalled, 'EA300000002CN');
    await ship(moving, 'EA300000003CN');
    await push('EA300000001CN', '6', [{ time: bj(3), context: '收件人拒收，快件退回寄件人', status: '退回' }]);
    await app.ctx.db
      .update(parcels)
      .set({ createdAt: new Date(Date.now() - 6 * 86_400_000) })
      .where(eq(parcels.orderId, stalled));
    const q = await call<{ total: number; rows: { orderId: number; problem: string; lastEvent: string | null }[] }>(
      app,
      { method: 'GET', url: '/api/console/parcels/problems?size=200', headers: { 'x-staff-token': staff.token } },
    );
    expect(q.code).toBe(200);
    const mine = q.data.rows.filter((r) => [returned, stalled, moving].includes(r.orderId));
    expect(mine.map((r) => [r.orderId, r.problem])).toEqual(
      expect.arrayContaining([
        [returned, 'returned'],
        [stalled, 'stalled'],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((r) => r.orderId === returned)!.lastEvent).toBe('收件人拒收，快件退回寄件人');

    tracks.set('EA300000002CN', {
      state: '5',
      data: [{ time: bj(5), ftime: bj(5), context: '快件正在派送中，派件员：李四', status: '派件' }],
    });
    seen = [];
    const r = await call<{ added: number; state: string }>(app, {
      method: 'POST',
      url: `/api/console/parcels/${stalled}/refresh`,
      headers: { 'x-staff-token': staff.token },
    });
    expect(r.data).toEqual({ added: 1, state: 'delivering', delivered: false });
    expect(seen.filter((s) => s.path === '/poll/query.do')).toHaveLength(1);
    // A reviewer may not (the contract's staff-access table: orders.produce).
    const reviewer = await staffSession(app, 'reviewer');
    expect((await staffCall(app, reviewer.token, '/api/console/parcels/problems')).code).toBe(403);
  });
});
