import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { signBody } from '@portal/contract/envelope';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { orderDetails, orders, tasks } from '../../src/db/schema.ts';
import { createDevOrder } from '../../src/modules/dev/dev-orders.ts';
import { photoUrl, storePhotoBytes } from '../../src/modules/photos/photo-service.ts';
import { memberSession, staffSession, testApp, type Session } from '../helpers.ts';
import { collectRoutes, type JsonSchema, type RouteInfo } from './route-table.ts';
import { STAFF_ACTIONS, STAFF_ROLES } from '@portal/contract/console';
import {
  CONSOLE_API,
  CONSOLE_PUBLIC,
  consoleRouteAbility,
  ORDER_ACTION_ABILITIES,
  staffMay,
} from '@portal/contract/staff-access';

/**
 * The authorization matrix, generated from the server's route table: every route
 * that takes an order, detail, photo, refund, binding or shipment reference is
 * called by another member (and, on the console, by a branch account of another
 * branch) with the owner's ids. Each must answer 403 or 404 and return none of
 * the owner's data. A new route is covered without editing this file.
 */
const ID_FIELDS = new Set(['id', 'order_id', 'orderId', 'detail_id', 'detailId', 'information_id']);
const PHOTO_FIELDS = new Set(['picUrl', 'imageUrl', 'pic_url']);
const TRACE_FIELDS = new Set(['traceNo']);

let app: FastifyInstance;
let owner: Session & { mobile: string };
let intruder: Session & { mobile: string };
const ownerOrders: { kind: string; id: number; orderNo: string; detailId: number | null }[] = [];
let ownerPhotoUrl = '';
let intruderPhotoUrl = '';
const WAYBILL = 'EM123456789CN';
let routes: RouteInfo[];

/** Plausible values by field name, so a request fails on ownership and not on validation. */
function filler(name: string, schema: JsonSchema | undefined): unknown {
  const byName: Record<string, unknown> = {
    mobile: '13812345678',
    mail: 'intruder@example.com',
    name: '乙同学',
    shippingType: 1,
    shipping_type: 1,
    shippingReceiveName: '乙同学',
    shipping_receive_name: '乙同学',
    shippingReceiveMobile: '13812345678',
    shipping_receive_mobile: '13812345678',
    shippingProvinceName: '北京市',
    province: '北京市',
    shippingCityName: '北京市',
    city: '北京市',
    shippingDistrictName: '东城区',
    district: '东城区',
    shippingAddress: '东长安街1号',
    shipping_address: '东长安街1号',
    school_name: '北京大学',
    schoolName: '北京大学',
    daima: '10001',
    priceType: 3,
    payType: 2,
    num: 2,
    dist: 0,
    fy: 'beijing',
    type: 1,
    yxdm: '10001',
    studentId: '2021000001',
    reason: '测试',
    version: '2025-01',
    id_num: '11010519491231002X',
    idNum: '11010519491231002X',
    endTime: '2027-06-30T00:00:00.000Z',
  };
  if (name in byName) return byName[name];
  const t = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (schema?.enum?.length) return schema.enum[0];
  if (t === 'integer' || t === 'number') return 1;
  if (t === 'boolean') return false;
  if (t === 'array') return [];
  return 'x';
}

function fill(schema: JsonSchema | null, ids: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(schema?.properties ?? {})) {
    if (k in ids) out[k] = ids[k];
    else if (PHOTO_FIELDS.has(k)) out[k] = intruderPhotoUrl;
    else if (TRACE_FIELDS.has(k)) out[k] = WAYBILL;
    else out[k] = filler(k, s);
  }
  return out;
}

function fieldsOf(r: RouteInfo): string[] {
  return [
    ...Object.keys(r.query?.properties ?? {}),
    ...Object.keys(r.body?.properties ?? {}),
    ...[...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
  ];
}

async function send(r: RouteInfo, values: Record<string, unknown>, who: { member?: Session; staffToken?: string }) {
  const headers: Record<string, string> = {};
  if (who.member) {
    headers.authorization = `Bearer ${who.member.token}`;
    headers.memberid = String(who.member.memberId);
  }
  if (who.staffToken) headers['x-staff-token'] = who.staffToken;
  const url = r.url.replace(/:(\w+)/g, (_m, k: string) => encodeURIComponent(String(values[k] ?? 'x')));
  const q = fill(r.query, values);
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const body = fill(r.body, values);
  const payload =
    r.method === 'POST' ? (who.member && r.auth === 'member' ? signBody(body, who.member.randomKey) : body) : undefined;
  const res = await app.inject({ method: r.method, url: qs ? `${url}?${qs}` : url, headers, payload });
  return { status: res.statusCode, body: res.body };
}

beforeAll(async () => {
  app = await testApp({ rateLimitPerMinute: 1_000_000 }, { seed: true });
  await app.ready();
  routes = collectRoutes(app).filter((r) => !r.url.startsWith('/api/dev/') && !r.multipart);
  owner = await memberSession(app, '13900000001', { name: '甲同学' });
  intruder = await memberSession(app, '13900000002', { name: '乙同学' });
  const bytes = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/photos/compliant-3.jpg'));
  const op = await storePhotoBytes(app.ctx, owner.memberId, bytes, 'upload');
  const ip = await storePhotoBytes(app.ctx, intruder.memberId, bytes, 'upload');
  ownerPhotoUrl = photoUrl(app.ctx, op);
  // The intruder has given the photo consent, so requests fail on ownership, not on consent.
  await app.inject({
    method: 'POST',
    url: '/api/order/photoConsent',
    headers: { authorization: `Bearer ${intruder.token}`, memberid: String(intruder.memberId) },
    payload: signBody({ version: PHOTO_CONSENT_VERSION }, intruder.randomKey),
  });
  intruderPhotoUrl = photoUrl(app.ctx, ip);
  const [task] = await app.ctx.db.select().from(tasks).limit(1);
  for (const kind of ['individual', 'reprint', 'task'] as const) {
    const o = await createDevOrder(app.ctx, { mobile: owner.mobile, kind, persons: 2, withShipping: true });
    await app.ctx.db
      .update(orders)
      .set({ shippingOrderNo: WAYBILL, picAllowState: 1, ...(kind === 'task' && task ? { taskId: task.id } : {}) })
      .where(eq(orders.id, o.id));
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.id)).limit(1);
    if (d)
      await app.ctx.db
        .update(orderDetails)
        .set({ photoId: op.id, fy: task?.fy ?? 'beijing' })
        .where(eq(orderDetails.id, d.id));
    ownerOrders.push({ kind, id: o.id, orderNo: o.orderNo, detailId: d?.id ?? null });
  }
}, 180_000);
afterAll(() => app?.close());

/** Everything of the owner's that a request could change. */
async function ownerSnapshot(): Promise<string> {
  const os = await app.ctx.db.select().from(orders).where(eq(orders.memberId, owner.memberId)).orderBy(orders.id);
  const ds = await app.ctx.db
    .select()
    .from(orderDetails)
    .where(
      inArray(
        orderDetails.orderId,
        os.map((o) => o.id),
      ),
    )
    .orderBy(orderDetails.id);
  return JSON.stringify([os, ds]);
}

function leaks(body: string): string | null {
  for (const o of ownerOrders) if (body.includes(o.orderNo)) return `order number ${o.orderNo}`;
  if (body.includes(owner.mobile)) return 'owner mobile';
  if (body.includes('甲同学')) return 'owner name';
  return null;
}

describe('authorization matrix', () => {
  it('another member gets 403 or 404 and none of the owner data', async () => {
    const failures: string[] = [];
    let covered = 0;
    for (const r of routes.filter((x) => x.auth === 'member' || x.auth === 'optional')) {
      const fields = fieldsOf(r);
      const idFields = fields.filter((f) => ID_FIELDS.has(f) && f !== 'information_id');
      const traceFields = fields.filter((f) => TRACE_FIELDS.has(f));
      if (!idFields.length && !traceFields.length) continue;
      covered++;
      const attempts: Record<string, unknown>[] = [];
      for (const o of ownerOrders) {
        attempts.push(
          Object.fromEntries(idFields.map((f) => [f, f.startsWith('detail') ? (o.detailId ?? o.id) : o.id])),
        );
        if (o.detailId)
          attempts.push(
            Object.fromEntries(
              idFields.map((f) => [f, f === 'id' ? o.detailId : f.startsWith('detail') ? o.detailId : o.id]),
            ),
          );
      }
      if (!idFields.length) attempts.push({});
      for (const ids of attempts) {
        const before = await ownerSnapshot();
        const res = await send(r, ids, { member: intruder });
        const leak = leaks(res.body);
        // A 200 is acceptable only when the call acted on the intruder's own data (e.g. created
        // a new order of theirs, or an empty trace): nothing of the owner's read or changed.
        const untouched = res.status === 200 && !leak && (await ownerSnapshot()) === before;
        if (![403, 404].includes(res.status) && !untouched) {
          failures.push(`${r.method} ${r.url} ${JSON.stringify(ids)} -> ${res.status} ${res.body.slice(0, 160)}`);
        } else if (leak) failures.push(`${r.method} ${r.url} leaked ${leak}`);
      }
    }
    expect(covered).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 300_000);

  it("another member cannot attach the owner's photo", async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/order/createCollectionOrder',
      headers: { authorization: `Bearer ${intruder.token}`, memberid: String(intruder.memberId) },
      payload: signBody(
        {
          name: '乙同学',
          mobile: '13812345678',
          mail: 'b@example.com',
          imageUrl: ownerPhotoUrl,
          id_type: 2,
          id_num: 'E12345678',
          sex: 0,
          school_type: 1,
          school_name: '北京大学',
          daima: '10001',
          education: 2,
          student_id: '2021000001',
          major: '法学',
          xllb: 1,
        },
        intruder.randomKey,
      ),
    });
    const body = r.json() as { code: number };
    expect([403, 400]).toContain(body.code);
    expect(body.code).not.toBe(200);
  });

  it('a branch account of another branch gets 403 or 404 on the console', async () => {
    const stranger = await staffSession(app, 'branch', 'no-such-branch');
    const failures: string[] = [];
    let covered = 0;
    for (const r of routes.filter((x) => x.auth === 'staff')) {
      const fields = fieldsOf(r);
      if (!fields.some((f) => ID_FIELDS.has(f) || f === 'ids')) continue;
      covered++;
      for (const o of ownerOrders) {
        const ids: Record<string, unknown> = {};
        for (const f of fields) if (ID_FIELDS.has(f)) ids[f] = r.url.includes('/photos/') ? (o.detailId ?? o.id) : o.id;
        if (fields.includes('ids')) ids.ids = r.method === 'GET' ? String(o.id) : [o.id];
        const res = await send(r, ids, { staffToken: stranger.token });
        const leak = leaks(res.body);
        const changedNothing = res.status === 200 && /"changed":0/.test(res.body);
        if (![403, 404].includes(res.status) && !changedNothing)
          failures.push(`${r.method} ${r.url} ${JSON.stringify(ids)} -> ${res.status} ${res.body.slice(0, 160)}`);
        else if (leak) failures.push(`${r.method} ${r.url} leaked ${leak}`);
      }
    }
    expect(covered).toBeGreaterThan(2);
    expect(failures).toEqual([]);
  }, 300_000);
});

/**
 * The console's role table (contract staff-access.ts), generated into a test: every console
 * route is in the table, and every role calling every route gets the guard's 403 exactly when
 * the table refuses it. A route added to the server without a table line fails here.
 */
describe('console role table', () => {
  const consoleRoutes = () => {
    const keys = new Set(
      app.routeTable
        .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/console'))
        .map((r) => `${r.method} ${r.url}`),
    );
    return [...keys].filter((k) => !(CONSOLE_PUBLIC as readonly string[]).includes(k));
  };

  it('lists every console route, and nothing that is not one', () => {
    const registered = consoleRoutes();
    expect(registered.filter((k) => !(k in CONSOLE_API))).toEqual([]);
    expect(Object.keys(CONSOLE_API).filter((k) => !registered.includes(k))).toEqual([]);
  });

  it('lets each role call exactly the routes the table gives it', async () => {
    const infos = new Map(collectRoutes(app).map((r) => [`${r.method} ${r.url}`, r]));
    // Logging out ends the session the rest of the calls use: last.
    const keys = consoleRoutes().sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      const s = await staffSession(app, role, role === 'branch' ? 'beijing' : null);
      for (const key of keys) {
        const [method, url] = key.split(' ') as ['GET' | 'POST', string];
        const info: RouteInfo = infos.get(key) ?? {
          method,
          url,
          query: null,
          body: null,
          auth: 'staff',
          multipart: false,
        };
        const ability = consoleRouteAbility(method, url)!;
        // The transition route checks the body's action too: send one this role may take.
        const action = STAFF_ACTIONS.find((a) => staffMay(role, ORDER_ACTION_ABILITIES[a]));
        const res = await send(info, { id: 1, ...(action ? { action } : {}) }, { staffToken: s.token });
        const refused = res.status === 403;
        if (staffMay(role, ability) === refused || res.status === 401)
          failures.push(`${role} ${key} (${ability}) -> ${res.status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('lets each role take exactly the order actions the table gives it', async () => {
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      const s = await staffSession(app, role, role === 'branch' ? 'beijing' : null);
      for (const action of STAFF_ACTIONS) {
        // An order that does not exist: a permitted action gets 404, a refused one the guard's 403.
        const res = await app.inject({
          method: 'POST',
          url: '/api/console/orders/transition',
          headers: { 'x-staff-token': s.token },
          payload: { ids: [2_000_000_000], action, reason: 'x', waybillNos: ['SF0000000001'] },
        });
        const may = staffMay(role, 'orders.transition') && staffMay(role, ORDER_ACTION_ABILITIES[action]);
        if ((res.statusCode === 403) === may || res.statusCode === 401 || res.statusCode >= 500)
          failures.push(`${role} ${action} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never lets the content editor or finance see a face photo', async () => {
    const photoId = (
      await app.ctx.db
        .select({ p: orderDetails.photoId })
        .from(orderDetails)
        .where(eq(orderDetails.id, ownerOrders[0].detailId!))
    )[0].p!;
    for (const role of ['editor', 'finance'] as const) {
      const s = await staffSession(app, role);
      const res = await app.inject({
        method: 'GET',
        url: `/api/console/photos/${photoId}`,
        headers: { 'x-staff-token': s.token },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).not.toContain('image/');
    }
    const fin = await staffSession(app, 'finance');
    const page = await app.inject({
      method: 'GET',
      url: `/api/console/orders/${ownerOrders[0].id}`,
      headers: { 'x-staff-token': fin.token },
    });
    expect(page.statusCode).toBe(200);
    const persons = (page.json() as { data: { persons: { photo: { url: string | null } | null }[] } }).data.persons;
    expect(persons.some((p) => p.photo)).toBe(true);
    expect(persons.map((p) => p.photo?.url ?? null).filter(Boolean)).toEqual([]);
    const reviewer = await staffSession(app, 'reviewer');
    const shown = await app.inject({
      method: 'GET',
      url: `/api/console/photos/${photoId}`,
      headers: { 'x-staff-token': reviewer.token },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('image/jpeg');
  });
});
