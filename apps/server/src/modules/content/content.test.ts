import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { responseSign } from '@portal/contract/envelope';
import { eq } from 'drizzle-orm';
import type {
  Banner,
  CollectionCentre,
  Faq,
  FormFile,
  NewsDetail,
  NewsList,
  Notice,
  PickNumber,
  StaticPage,
} from '@portal/contract/content';
import { call, memberSession, testApp } from '../../../test/helpers.ts';
import { banners, news } from '../../db/schema.ts';
import { seedContent } from './seed.ts';
import { sanitizeRich } from './sanitize.ts';
import { invalidateContentCache } from './content-cache.ts';
import { contentService } from './service.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
  await seedContent(app.ctx);
}, 120_000);
afterAll(() => app.close());

describe('sanitization', () => {
  it('drops scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeRich(
      '<p onclick="alert(1)">hi<script>alert(2)</script></p><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"><iframe src="https://e.com"></iframe><a href="JaVaScRiPt:alert(5)">y</a><svg onload="alert(6)"></svg>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|alert\(2\)/i);
    expect(out).toContain('<p>hi</p>');
  });

  it('opens external links in a new window with rel="noopener noreferrer"', () => {
    const out = sanitizeRich(
      '<a href="https://example.com/a">ext</a><a href="/home/helpCenter" target="_blank">int</a>',
    );
    expect(out).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">ext</a>');
    expect(out).toContain('<a href="/home/helpCenter">int</a>');
  });

  it('seeded HTML carries no script even when the source did', async () => {
    const r = await call<NewsDetail>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_detail',
      payload: { information_id: 1 },
    });
    expect(r.data.content?.zh).not.toMatch(/<script/i);
  });
});

describe('banners and notices', () => {
  it('lists banners of both types with bilingual titles and inline content for type 2', async () => {
    const r = await call<Banner[]>(app, { url: '/api/baseInfo/getBanner' });
    expect(r.data.length).toBeGreaterThanOrEqual(3);
    const ext = r.data.find((b) => b.type === 1)!;
    expect(ext.url).toMatch(/^https:\/\//);
    expect(ext.content).toBeNull();
    const inline = r.data.find((b) => b.type === 2)!;
    expect(inline.content?.zh).toContain('45元');
    expect(inline.content?.en).toContain('45 yuan');
    expect(inline.title.en).not.toBe(inline.title.zh);
  });

  it('serializes the banners once per content change, and the next read after an edit shows it', async () => {
    invalidateContentCache();
    let serialized = 0;
    const serialize = (b: Banner[]) => (serialized++, JSON.stringify(b));
    const first = await contentService.bannersJson(app.ctx, serialize);
    expect(await contentService.bannersJson(app.ctx, serialize)).toBe(first);
    expect(serialized).toBe(1);
    // The route answers those bytes, signed (call checks the sign), in either language.
    const before = await call<Banner[]>(app, { url: '/api/baseInfo/getBanner', headers: { lang: 'en' } });
    expect(before.data).toEqual(JSON.parse(first.data.toString()));
    // A browser takes them gzipped, compressed once: the same banners, signed.
    const zipped = await app.inject({ url: '/api/baseInfo/getBanner', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unzipped.data).toEqual(before.data);
    expect(unzipped.sign).toBe(responseSign(200, unzipped.timestamp, app.ctx.config.responseSecret));
    const target = before.data.find((b) => b.type === 1)!;
    await app.ctx.db.update(banners).set({ titleZh: '新的横幅标题' }).where(eq(banners.id, target.id));
    try {
      // A staff edit invalidates the content cache (staff-content-service.ts); so does this test.
      invalidateContentCache();
      const after = await call<Banner[]>(app, { url: '/api/baseInfo/getBanner' });
      expect(after.data.find((b) => b.id === target.id)!.title.zh).toBe('新的横幅标题');
      // The route made the new text; the cached one holds the edit.
      expect((await contentService.bannersJson(app.ctx, serialize)).data.toString()).toContain('新的横幅标题');
    } finally {
      await app.ctx.db.update(banners).set({ titleZh: target.title.zh }).where(eq(banners.id, target.id));
      invalidateContentCache();
    }
  });

  it('serves the banner pictures as SVG', async () => {
    const r = await app.inject({ url: '/api/content/assets/banner-season.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect((await app.inject({ url: '/api/content/assets/..%2Fcontent-demo.ts' })).statusCode).not.toBe(200);
  });

  it('answers website notices and the important notice', async () => {
    const tab = await call<Notice[]>(app, { url: '/api/baseInfo/getNoticeByType?type=2' });
    expect(tab.data.length).toBe(3);
    expect(tab.data.every((n) => n.type === 2)).toBe(true);
    const imp = await call<Notice | null>(app, { method: 'POST', url: '/api/baseinfo/important_notice?type=1' });
    expect(imp.data?.title.zh).toBe('重要通知');
    expect(imp.data?.content.zh).toContain('江苏高校');
  });

  it('counts photos collected this season for pick_number', async () => {
    const r = await call<PickNumber>(app, { method: 'POST', url: '/api/baseinfo/pick_number' });
    expect(r.data.count).toBe(0);
    expect(new Date(r.data.since).getUTCDate()).toBe(1);
  });
});

describe('news', () => {
  it('is paginated on the server, 20 to a page, newest first', async () => {
    const p1 = await call<NewsList>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_list',
      payload: { page: 1 },
    });
    expect(p1.data.total).toBe(24);
    expect(p1.data.list).toHaveLength(20);
    expect(p1.data.pageSize).toBe(20);
    const p2 = await call<NewsList>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_list',
      payload: { page: 2 },
    });
    expect(p2.data.list).toHaveLength(4);
    expect(p2.data.list[0].id).not.toBe(p1.data.list[0].id);
    const dates = [...p1.data.list, ...p2.data.list].map((n) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(p2.data.list.some((n) => n.type === 2 && n.url)).toBe(true);
  });

  it('accepts a signed body from a logged-in browser too', async () => {
    const m = await memberSession(app);
    const r = await call<NewsList>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_list',
      payload: { page: 2 },
      session: m,
    });
    expect(r.data.page).toBe(2);
  });

  it('answers a detail and 404 with a message for a missing one', async () => {
    const d = await call<NewsDetail>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_detail',
      payload: { information_id: 1 },
    });
    expect(d.data.title.zh).toBeTruthy();
    expect(d.data.content?.en).toContain('45 yuan');
    const miss = await call(app, {
      method: 'POST',
      url: '/api/baseinfo/information_detail',
      payload: { information_id: 9999 },
      headers: { lang: 'en' },
    });
    expect(miss.code).toBe(404);
    expect(miss.msg).toBe('This news item does not exist or has been withdrawn');
    const bad = await call(app, { method: 'POST', url: '/api/baseinfo/information_detail', payload: {} });
    expect(bad.code).toBe(400);
  });

  it('serves a changed item after the cache is invalidated', async () => {
    await call(app, { method: 'POST', url: '/api/baseinfo/information_detail', payload: { information_id: 2 } });
    await app.ctx.db.update(news).set({ titleZh: '已更新的标题' }).where(eq(news.id, 2));
    invalidateContentCache();
    const d = await call<NewsDetail>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_detail',
      payload: { information_id: 2 },
    });
    expect(d.data.title.zh).toBe('已更新的标题');
  });
});

describe('forms, FAQ, centres, static pages', () => {
  it('lists forms whose download links give the real file', async () => {
    const r = await call<FormFile[]>(app, { url: '/api/baseInfo/getForm' });
    expect(r.data).toHaveLength(4);
    const res = await app.inject({ url: r.data[0].downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toContain('姓名');
    const miss = await call(app, { url: '/api/baseInfo/downloadForm/999' });
    expect(miss.code).toBe(404);
  });

  it('searches FAQ questions on the server, in either language', async () => {
    const all = await call<Faq[]>(app, { url: '/api/baseInfo/getQuestion' });
    expect(all.data.length).toBe(12);
    const zh = await call<Faq[]>(app, { url: `/api/baseInfo/getQuestion?question=${encodeURIComponent('背胶')}` });
    expect(zh.data.map((q) => q.question.zh)).toEqual(['冲印照片有背胶吗？']);
    const en = await call<Faq[]>(app, { url: '/api/baseInfo/getQuestion?question=SMS' });
    expect(en.data).toHaveLength(1);
    const typed = await call<Faq[]>(app, { url: '/api/baseInfo/getQuestion?type=4' });
    expect(typed.data.every((q) => q.type === 4)).toBe(true);
    const none = await call<Faq[]>(app, { url: '/api/baseInfo/getQuestion?question=%25' });
    expect(none.data).toEqual([]);
  });

  it('lists collection centres and filters by province', async () => {
    const all = await call<CollectionCentre[]>(app, { url: '/api/baseInfo/getCollectionCenter' });
    expect(all.data.length).toBe(12);
    const gd = await call<CollectionCentre[]>(app, {
      url: `/api/baseInfo/getCollectionCenter?province=${encodeURIComponent('广东省')}`,
    });
    expect(gd.data).toHaveLength(2);
    expect(gd.data[0]).toMatchObject({ cperson: '黄老师', ftelephone: '020-83561234' });
  });

  it('answers the three static pages, the contact page with its map point', async () => {
    for (const k of ['aboutUs', 'copyRight', 'contactUs']) {
      const r = await call<StaticPage>(app, { url: `/api/baseInfo/getStaticPage?type=${k}` });
      expect(r.code).toBe(200);
    }
    const c = await call<StaticPage>(app, { url: '/api/baseInfo/getStaticPage?type=contactUs' });
    expect(c.data.map?.lat).toBeGreaterThan(39);
    const miss = await call(app, { url: '/api/baseInfo/getStaticPage?type=nope' });
    expect(miss.code).toBe(404);
    expect(miss.msg).toBe('页面不存在');
  });

  it('is idempotent when seeded again', async () => {
    await seedContent(app.ctx);
    const r = await call<FormFile[]>(app, { url: '/api/baseInfo/getForm' });
    expect(r.data).toHaveLength(4);
    expect(fs.existsSync('.')).toBe(true);
  });
});
