import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { call, memberSession, staffSession, testApp } from '../../../test/helpers.ts';
import { auditLog, bindings, members, orderDetails, orders, staffUsers } from '../../db/schema.ts';
import { hashPassword } from '../staff/auth-service.ts';

let app: FastifyInstance;
let seq = 0;

/** An order straight in the table (the order wizard is another area's). */
async function makeOrder(
  memberId: number,
  o: { state: number; fy?: string; name?: string; idNumber?: string; kind?: 'individual' | 'task' },
) {
  const [row] = await app.ctx.db
    .insert(orders)
    .values({
      orderNo: `T${Date.now()}${++seq}`,
      memberId,
      kind: o.kind ?? 'individual',
      type: 1,
      state: o.state,
      totalFen: 3000,
      payTime: new Date(),
      shippingTypeName: '顺丰速运',
      shippingReceiveName: '张三',
      shippingReceiveMobile: '13900000000',
      shippingAddress: '海淀路1号',
    })
    .returning();
  await app.ctx.db.insert(orderDetails).values({
    orderId: row.id,
    name: o.name ?? '张三',
    fy: o.fy ?? 'BJ',
    schoolName: '北京大学',
    yxdm: '10001',
    idNumHash: o.idNumber ? app.ctx.pii.blindIndex(o.idNumber) : null,
    idNumMask: o.idNumber ? '110***********0021' : null,
  });
  return row;
}

const stateOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].state;
const staffHeaders = (token: string) => ({ 'x-staff-token': token });

beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

describe('staff login', () => {
  it('logs in with the argon2 password and the TOTP code, and audits it', async () => {
    const secret = generateSecret();
    await app.ctx.db.insert(staffUsers).values({
      username: 'rev1',
      name: '审核员',
      role: 'reviewer',
      passwordHash: await hashPassword('correct horse'),
      totpSecret: secret,
    });
    const bad = await call(app, {
      method: 'POST',
      url: '/api/console/login',
      payload: { username: 'rev1', password: 'wrong' },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('用户名或密码错误');
    const noCode = await call(app, {
      method: 'POST',
      url: '/api/console/login',
      payload: { username: 'rev1', password: 'correct horse' },
    });
    expect(noCode.msg).toBe('请输入动态口令');
    const good = await call<{ token: string; staff: { role: string } }>(app, {
      method: 'POST',
      url: '/api/console/login',
      payload: { username: 'rev1', password: 'correct horse', totp: await generate({ secret }) },
    });
    expect(good.code).toBe(200);
    expect(good.data.staff.role).toBe('reviewer');
    const me = await call<{ username: string }>(app, {
      method: 'GET',
      url: '/api/console/me',
      headers: staffHeaders(good.data.token),
    });
    expect(me.data.username).toBe('rev1');
    const out = await call(app, { method: 'POST', url: '/api/console/logout', headers: staffHeaders(good.data.token) });
    expect(out.code).toBe(200);
    const after = await call(app, { method: 'GET', url: '/api/console/me', headers: staffHeaders(good.data.token) });
    expect(after.code).toBe(700);
    const logins = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.login'));
    expect(logins.length).toBe(1);
  });

  it('is never reachable with a member token, and staff management is for admins only', async () => {
    const m = await memberSession(app);
    const r = await call(app, { method: 'GET', url: '/api/console/orders', session: m });
    expect(r.code).toBe(700);
    const reviewer = await staffSession(app, 'reviewer');
    const denied = await call(app, { method: 'GET', url: '/api/console/staff', headers: staffHeaders(reviewer.token) });
    expect(denied.code).toBe(403);
    const admin = await staffSession(app, 'admin');
    const made = await call<{ id: number }>(app, {
      method: 'POST',
      url: '/api/console/staff',
      headers: staffHeaders(admin.token),
      payload: { username: 'br-sh', name: '上海分公司', role: 'branch', branch: 'SH', password: 'longenough1' },
    });
    expect(made.code).toBe(200);
    const audit = await call<{ rows: { action: string; targetId: string }[] }>(app, {
      method: 'GET',
      url: '/api/console/audit?action=staff.create',
      headers: staffHeaders(admin.token),
    });
    expect(audit.data.rows[0].targetId).toBe(String(made.data.id));
  });
});

describe('order search and branch isolation', () => {
  it('finds orders by ID number through the blind index, and a branch never sees another branch', async () => {
    const m = await memberSession(app);
    const bj = await makeOrder(m.memberId, { state: 115, fy: 'BJ', name: '李北京', idNumber: '110105194912310021' });
    const sh = await makeOrder(m.memberId, { state: 115, fy: 'SH', name: '王上海' });
    const admin = await staffSession(app, 'admin');
    const byId = await call<{ rows: { id: number }[] }>(app, {
      method: 'GET',
      url: '/api/console/orders?idNumber=110105194912310021',
      headers: staffHeaders(admin.token),
    });
    expect(byId.data.rows.map((r) => r.id)).toEqual([bj.id]);
    const branch = await staffSession(app, 'branch', 'SH');
    const list = await call<{ rows: { id: number }[] }>(app, {
      method: 'GET',
      url: '/api/console/orders?size=200',
      headers: staffHeaders(branch.token),
    });
    const ids = list.data.rows.map((r) => r.id);
    expect(ids).toContain(sh.id);
    expect(ids).not.toContain(bj.id);
    const page = await call(app, {
      method: 'GET',
      url: `/api/console/orders/${bj.id}`,
      headers: staffHeaders(branch.token),
    });
    expect(page.code).toBe(404);
    const act = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(branch.token),
      payload: { ids: [bj.id], action: 'approve' },
    });
    expect(act.code).toBe(404);
    expect(await stateOf(bj.id)).toBe(115);
  });
});

describe('review, production, shipping and the trace', () => {
  it('approves, rejects with a reason, produces, ships with a waybill and the member sees the trace', async () => {
    const m = await memberSession(app);
    const a = await makeOrder(m.memberId, { state: 115 });
    const b = await makeOrder(m.memberId, { state: 116, kind: 'task' });
    const reviewer = await staffSession(app, 'reviewer');
    const queue = await call<{ rows: { order: { id: number } }[] }>(app, {
      method: 'GET',
      url: '/api/console/review?size=100',
      headers: staffHeaders(reviewer.token),
    });
    expect(queue.data.rows.map((r) => r.order.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const noReason = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(reviewer.token),
      payload: { ids: [b.id], action: 'reject' },
    });
    expect(noReason.msg).toBe('请填写驳回原因');
    await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(reviewer.token),
      payload: { ids: [b.id], action: 'reject', reason: '照片不清晰' },
    });
    expect(await stateOf(b.id)).toBe(125);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, b.id)))[0].refuseReason).toBe('照片不清晰');
    await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(reviewer.token),
      payload: { ids: [a.id], action: 'approve' },
    });
    expect(await stateOf(a.id)).toBe(120);
    const again = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(reviewer.token),
      payload: { ids: [a.id], action: 'approve' },
    });
    expect(again.code).toBe(409);
    expect(again.msg).toBe('订单状态已变化，请刷新后重试');
    const notMine = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(reviewer.token),
      payload: { ids: [a.id], action: 'produce' },
    });
    expect(notMine.code).toBe(403);

    const prod = await staffSession(app, 'production');
    await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(prod.token),
      payload: { ids: [a.id], action: 'produce' },
    });
    expect(await stateOf(a.id)).toBe(130);
    const shipped = await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(prod.token),
      payload: { ids: [a.id], action: 'ship', carrier: '顺丰速运', waybillNos: ['SF1234567890'] },
    });
    expect(shipped.code).toBe(200);
    expect(await stateOf(a.id)).toBe(140);

    const trace = await call<{ responseItems: { opCode: string; opDesc: string }[] }>(app, {
      method: 'GET',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890',
      session: m,
    });
    expect(trace.code).toBe(200);
    expect(trace.data.responseItems.at(-1)!.opDesc).toContain('快件已揽收');
    const other = await memberSession(app);
    const denied = await call(app, {
      method: 'GET',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890',
      session: other,
    });
    expect(denied.code).toBe(404);
    const post = await call<{ responseItems: unknown[] }>(app, {
      method: 'POST',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890',
      session: m,
      payload: {},
    });
    expect(post.data.responseItems.length).toBeGreaterThan(0);

    await call(app, {
      method: 'POST',
      url: '/api/console/orders/transition',
      headers: staffHeaders(prod.token),
      payload: { ids: [a.id], action: 'deliver' },
    });
    expect(await stateOf(a.id)).toBe(145);
    const admin = await staffSession(app, 'admin');
    const page = await call<{ audit: { action: string }[]; trace: { opCode: string }[] }>(app, {
      method: 'GET',
      url: `/api/console/orders/${a.id}`,
      headers: staffHeaders(admin.token),
    });
    expect(page.data.audit.map((x) => x.action)).toEqual([
      'order.deliver',
      'order.ship',
      'order.produce',
      'order.approve',
    ]);
    expect(page.data.trace[0].opCode).toBe('80');
  });
});

describe('unbinding requests', () => {
  it('approves a pending request (-> 3) and refuses another (-> 1), once', async () => {
    const m = await memberSession(app);
    const [b1] = await app.ctx.db
      .insert(bindings)
      .values({ memberId: m.memberId, yxdm: '10001', studentId: 'S1', state: 2 })
      .returning();
    const [b2] = await app.ctx.db
      .insert(bindings)
      .values({ memberId: m.memberId, yxdm: '10001', studentId: 'S2', state: 2 })
      .returning();
    const reviewer = await staffSession(app, 'reviewer');
    const list = await call<{ id: number; memberMobile: string }[]>(app, {
      method: 'GET',
      url: '/api/console/bindings?state=2',
      headers: staffHeaders(reviewer.token),
    });
    expect(list.data.map((r) => r.id)).toEqual(expect.arrayContaining([b1.id, b2.id]));
    const mem = (await app.ctx.db.select().from(members).where(eq(members.id, m.memberId)))[0];
    expect(list.data.find((r) => r.id === b1.id)!.memberMobile).toBe(mem.mobile);
    await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b1.id}/approve`,
      headers: staffHeaders(reviewer.token),
    });
    await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b2.id}/refuse`,
      headers: staffHeaders(reviewer.token),
    });
    const states = await app.ctx.db.select().from(bindings).where(eq(bindings.memberId, m.memberId));
    expect(states.find((s) => s.id === b1.id)!.state).toBe(3);
    expect(states.find((s) => s.id === b2.id)!.state).toBe(1);
    const twice = await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b1.id}/refuse`,
      headers: staffHeaders(reviewer.token),
    });
    expect(twice.code).toBe(409);
  });
});

describe('dashboard', () => {
  it('counts the review backlog', async () => {
    const admin = await staffSession(app, 'admin');
    const d = await call<{ reviewBacklog: { count: number }; byState: { state: number; count: number }[] }>(app, {
      method: 'GET',
      url: '/api/console/dashboard',
      headers: staffHeaders(admin.token),
    });
    expect(d.code).toBe(200);
    const q = (await app.ctx.db.select().from(orders)).filter((o) => o.state === 115 || o.state === 116).length;
    expect(d.data.reviewBacklog.count).toBe(q);
  });
});

describe('content editing', () => {
  it('saves a banner with sanitized HTML, shows it publicly at once, audits it; other roles may not', async () => {
    const editor = await staffSession(app, 'editor');
    const saved = await call<{ id: number; contentZh: string }>(app, {
      method: 'POST',
      url: '/api/console/content/banners',
      headers: staffHeaders(editor.token),
      payload: {
        values: {
          titleZh: '新横幅',
          titleEn: 'New banner',
          picUrl: '/b.png',
          type: 2,
          contentZh: '<p>好<script>alert(1)</script></p>',
          contentEn: '<p onclick="x()">ok</p>',
          sort: 0,
          active: true,
        },
      },
    });
    expect(saved.code).toBe(200);
    expect(saved.data.contentZh).toBe('<p>好</p>');
    const pub = await call<{ title: { zh: string } }[]>(app, { method: 'GET', url: '/api/baseInfo/getBanner' });
    expect(pub.data.map((b) => b.title.zh)).toContain('新横幅');
    await call(app, {
      method: 'POST',
      url: '/api/console/content/banners',
      headers: staffHeaders(editor.token),
      payload: {
        id: saved.data.id,
        values: {
          titleZh: '改过的横幅',
          titleEn: 'Edited',
          picUrl: '/b.png',
          type: 2,
          contentZh: 'x',
          contentEn: 'y',
          sort: 0,
          active: true,
        },
      },
    });
    const again = await call<{ title: { zh: string } }[]>(app, { method: 'GET', url: '/api/baseInfo/getBanner' });
    expect(again.data.map((b) => b.title.zh)).toContain('改过的横幅');
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.banners.update'));
    expect((audit[0].before as { titleZh: string }).titleZh).toBe('新横幅');
    const reviewer = await staffSession(app, 'reviewer');
    const denied = await call(app, {
      method: 'POST',
      url: '/api/console/content/banners',
      headers: staffHeaders(reviewer.token),
      payload: { values: {} },
    });
    expect(denied.code).toBe(403);
    const bad = await call(app, {
      method: 'POST',
      url: '/api/console/content/banners',
      headers: staffHeaders(editor.token),
      payload: { values: { titleZh: 'x' } },
    });
    expect(bad.code).toBe(400);
  });

  it('changes the maintenance notice and the service phones', async () => {
    const editor = await staffSession(app, 'editor');
    const r = await call<{ servicePhones: string[] }>(app, {
      method: 'POST',
      url: '/api/console/settings',
      headers: staffHeaders(editor.token),
      payload: { maintenance: { on: false, zh: '维护通知', en: 'Maintenance' }, servicePhones: ['010-12345678'] },
    });
    expect(r.data.servicePhones).toEqual(['010-12345678']);
  });
});
