import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Address } from '@portal/contract/addresses';
import { memberAddresses } from '../../db/schema.ts';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { shipping } from '../orders/test-kit.ts';

let app: FastifyInstance;
let me: Session;
let other: Session;
let carrierId: number;
useAppWithMembers((t) => ({ app, carrierId, me, other } = t), {
  orders: true,
  profiles: [{ isFirst: false }, { isFirst: false }],
});

const save = (body: Record<string, unknown>, s: Session = me) =>
  call<Address>(app, { method: 'POST', url: '/api/address/save', payload: body, session: s });
const list = (s: Session = me) => call<Address[]>(app, { url: '/api/address/list', session: s });
const post = (url: string, id: number, s: Session = me) =>
  call(app, { method: 'POST', url, payload: { id }, session: s });

describe('address book', () => {
  it('saves addresses (the first is the default), lists the default first, moves the default, edits and deletes', async () => {
    const home = await save(shipping(carrierId));
    expect(home.code).toBe(200);
    expect(home.data).toMatchObject({ shippingReceiveName: '李四', shippingAddress: '颐和园路5号', isDefault: true });
    const school = await save(shipping(carrierId, { shippingReceiveName: '王五', shippingAddress: '学院路37号' }));
    expect(school.data.isDefault).toBe(false);
    expect((await list()).data.map((a) => a.shippingReceiveName)).toEqual(['李四', '王五']);

    expect((await post('/api/address/setDefault', school.data.id)).code).toBe(200);
    expect((await list()).data.map((a) => [a.shippingReceiveName, a.isDefault])).toEqual([
      ['王五', true],
      ['李四', false],
    ]);

    const edited = await save({ ...shipping(carrierId, { shippingReceiveMobile: '010-88888888' }), id: home.data.id });
    expect(edited.data).toMatchObject({ id: home.data.id, shippingReceiveMobile: '010-88888888', isDefault: false });

    // Deleting the default hands it to the address left.
    expect((await post('/api/address/delete', school.data.id)).code).toBe(200);
    expect((await list()).data).toMatchObject([{ id: home.data.id, isDefault: true }]);
  });

  it('checks every field like the shipping form, naming the rule', async () => {
    const r = await save(shipping(carrierId, { shippingReceiveMobile: '123', shippingAddress: '' }));
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/请输入正确的电话号|请输入具体地址/);
    const none = await save(shipping(carrierId, { shippingType: 999_999 }));
    expect([none.code, none.msg]).toEqual([400, '请选择快递']);
  });

  it("never reads, changes, defaults or deletes another member's address (404), and leaves it as it was", async () => {
    const theirs = await save(shipping(carrierId, { shippingReceiveName: '赵六' }), other);
    expect((await list()).data.some((a) => a.id === theirs.data.id)).toBe(false);
    const edit = await save({ ...shipping(carrierId, { shippingReceiveName: '冒充' }), id: theirs.data.id });
    expect([edit.code, edit.msg]).toEqual([404, '地址不存在']);
    expect((await post('/api/address/setDefault', theirs.data.id)).code).toBe(404);
    expect((await post('/api/address/delete', theirs.data.id)).code).toBe(404);
    const [row] = await app.ctx.db.select().from(memberAddresses).where(eq(memberAddresses.id, theirs.data.id));
    expect(row).toMatchObject({ memberId: other.memberId, receiveName: '赵六', isDefault: true });
  });

  it('keeps at most 20 addresses', async () => {
    const s = await memberSession(app, undefined, { isFirst: false });
    for (let i = 0; i < 20; i++) expect((await save(shipping(carrierId), s)).code).toBe(200);
    const over = await save(shipping(carrierId), s);
    expect([over.code, over.msg]).toEqual([409, '最多保存20个地址']);
    expect((await list(s)).data).toHaveLength(20);
  });

  it('asks for a login', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/address/list' });
    expect(r.json().code).toBe(700);
  });
});
