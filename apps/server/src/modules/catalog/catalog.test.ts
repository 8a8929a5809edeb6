import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Area, Carrier, School } from '@portal/contract/catalog';
import { call, memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { regions } from '../../db/schema.ts';
import { seedCatalog } from './seed.ts';
import { catalogService } from './service.ts';

let app: FastifyInstance;
let member: Session;

beforeAll(async () => {
  app = await testApp();
  await seedCatalog(app.ctx);
  member = await memberSession(app);
}, 120_000);
afterAll(() => app.close());

const search = async (keyword: string) => ({ data: await catalogService.search(app.ctx, keyword) });

describe('schools', () => {
  it('seeds the whole national list and lists the pilot schools', async () => {
    const all = await call<School[]>(app, { url: '/api/baseInfo/getAllSchool' });
    expect(all.data).toHaveLength(2919);
    const pilots = await call<School[]>(app, { url: '/api/baseInfo/getSchoolInfo' });
    expect(pilots.data.map((s) => s.yxdm)).toEqual(expect.arrayContaining(['10001', '10003']));
    expect(pilots.data.every((s) => s.testPoint === 1)).toBe(true);
    const pku = pilots.data.find((s) => s.yxdm === '10001')!;
    expect(pku).toMatchObject({
      name: '北京大学',
      schoolname: '北京大学',
      schoolName: '北京大学',
      province: '北京市',
      schoolType: 1,
      educations: [1, 2, 3],
    });
  });

  it('answers getFilterInfo for a code and 404 for an unknown one', async () => {
    const r = await call<School>(app, { url: '/api/baseInfo/getFilterInfo?yxdm=10003' });
    expect(r.data.name).toBe('清华大学');
    const miss = await call(app, { url: '/api/baseInfo/getFilterInfo?yxdm=99999' });
    expect(miss.code).toBe(404);
    expect(miss.msg).toBe('未找到该学校');
  });

  it('international students find a school in pinyin or by its official English name', async () => {
    expect((await search('Peking')).data[0].yxdm).toBe('10001');
    expect((await search('peking university')).data[0].yxdm).toBe('10001');
    expect((await search('Tsinghua')).data[0].yxdm).toBe('10003');
    expect((await search('beijing daxue')).data[0].yxdm).toBe('10001');
    expect((await search('Qinghuadaxue')).data[0].yxdm).toBe('10003');
    expect((await search('bjdx')).data.map((s) => s.yxdm)).toContain('10001');
    expect((await search('xyzzy')).data).toEqual([]);
  });

  it('searches by name, case- and width-insensitively, and by code prefix, at most 20', async () => {
    expect((await search('北京大学')).data[0].yxdm).toBe('10001');
    expect((await search('１０００３')).data[0].name).toBe('清华大学');
    const prefix = await search('100');
    expect(prefix.data.length).toBe(20);
    expect(prefix.data.every((s) => s.yxdm.startsWith('100'))).toBe(true);
    const many = await search('大学');
    expect(many.data).toHaveLength(20);
    const none = await search('no such school xyz');
    expect(none.data).toEqual([]);
    // A LIKE wildcard is a literal, not "anything".
    expect((await search('%')).data).toEqual([]);
  });

  it('needs a logged-in member and a signed body', async () => {
    const r = await call(app, { method: 'POST', url: '/api/order/schoolList', payload: { keyword: '北京' } });
    expect(r.code).toBe(700);
    const unsigned = await call(app, {
      method: 'POST',
      url: '/api/order/schoolList',
      payload: { keyword: '北京' },
      session: member,
      signed: false,
    });
    expect(unsigned.code).toBe(400);
  });
});

describe('regions', () => {
  it('answers the provinces under 100000, Taiwan, Hong Kong and Macau included', async () => {
    const r = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=100000' });
    expect(r.data.length).toBe(34);
    const names = r.data.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['北京市', '台湾省', '香港特别行政区', '澳门特别行政区']));
    expect(r.data.every((a) => a.type === 1 && a.upid === '100000' && a.name === a.name.trim())).toBe(true);
  });

  it('goes down three levels', async () => {
    const cities = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=320000' });
    const nanjing = cities.data.find((a) => a.name === '南京市')!;
    expect(nanjing).toMatchObject({ id: '320100', type: 2, upid: '320000' });
    const districts = await call<Area[]>(app, { method: 'POST', url: `/api/baseInfo/selectArea?upid=${nanjing.id}` });
    expect(districts.data.map((a) => a.name)).toContain('玄武区');
    expect(districts.data.every((a) => a.type === 3)).toBe(true);
    // Municipalities get a city level too, so a three-level picker always completes.
    const bj = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=110000' });
    expect(bj.data).toEqual([{ id: '110100', name: '北京市', nameEn: 'Beijing', type: 2, upid: '110000' }]);
    const hk = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=810000' });
    const hkDistricts = await call<Area[]>(app, {
      method: 'POST',
      url: `/api/baseInfo/selectArea?upid=${hk.data[0].id}`,
    });
    expect(hkDistricts.data.map((a) => a.name)).toContain('油尖旺区');
  });

  it('names every division in English too, and offers no 市辖区 placeholder', async () => {
    const provinces = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=100000' });
    const en = Object.fromEntries(provinces.data.map((a) => [a.name, a.nameEn]));
    expect(en).toMatchObject({
      湖北省: 'Hubei',
      陕西省: 'Shaanxi',
      山西省: 'Shanxi',
      内蒙古自治区: 'Inner Mongolia',
      西藏自治区: 'Tibet',
      香港特别行政区: 'Hong Kong',
    });
    expect(provinces.data.every((a) => /^[A-Za-z' -]+$/.test(a.nameEn))).toBe(true);
    const hubei = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=420000' });
    expect(hubei.data.find((a) => a.id === '420100')?.nameEn).toBe('Wuhan');
    expect(hubei.data.find((a) => a.name === '恩施土家族苗族自治州')?.nameEn).toBe('Enshi Autonomous Prefecture');
    const wuhan = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=420100' });
    expect(wuhan.data.map((a) => a.name)).not.toContain('市辖区');
    expect(wuhan.data.map((a) => a.nameEn)).toEqual(
      expect.arrayContaining(['Wuchang District', 'Qiaokou District', 'Jiangxia District']),
    );
    const shaanxi = await call<Area[]>(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=610000' });
    expect(shaanxi.data.find((a) => a.name === '西安市')?.nameEn).toBe("Xi'an");
    const placeholders = await app.ctx.db.select().from(regions).where(eq(regions.name, '市辖区'));
    expect(placeholders).toEqual([]);
  });

  it('refuses a malformed upid with a message', async () => {
    const r = await call(app, { method: 'POST', url: '/api/baseInfo/selectArea?upid=abc' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('地区编号格式有误');
  });
});

describe('carriers', () => {
  it('offers EMS as the one active carrier, in the caller language', async () => {
    const zh = await call<Carrier[]>(app, { url: '/api/baseInfo/getLogisticsInfo' });
    expect(zh.data).toHaveLength(1);
    expect(zh.data[0].name).toBe('EMS');
    const en = await call<Carrier[]>(app, { url: '/api/baseInfo/getLogisticsInfo', headers: { lang: 'en' } });
    expect(en.data[0]).toEqual(zh.data[0]);
  });
});
