import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, staffCall, staffSession, useTestApp, staffHeaders } from '../../../test/helpers.ts';
import { auditLog, banners, news } from '../../db/schema.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

describe('content editing', () => {
  it("an FAQ's type is one of the help centre's kinds", async () => {
    const editor = await staffSession(app, 'editor');
    const faq = (type: number) =>
      staffCall(app, editor.token, '/api/console/content/faqs', {
        values: { type, questionZh: '问', questionEn: 'Q', answerZh: '<p>答</p>', answerEn: '<p>A</p>', sort: 0 },
      });
    const bad = await faq(9);
    expect([bad.code, bad.msg]).toEqual([400, '请选择常见问题的类型']);
    expect((await faq(2)).code).toBe(200);
  });

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
    const denied = await staffCall(app, reviewer.token, '/api/console/content/banners', { values: {} });
    expect(denied.code).toBe(403);
    const bad = await staffCall(app, editor.token, '/api/console/content/banners', { values: { titleZh: 'x' } });
    expect(bad.code).toBe(400);
  });

  it('refuses a banner or news link that is not an http or https address, naming the field, and changes nothing', async () => {
    const editor = await staffSession(app, 'editor');
    const banner = (url: string, id?: number) =>
      staffCall<{ id: number; url: string | null }>(app, editor.token, '/api/console/content/banners', {
        ...(id ? { id } : {}),
        values: { titleZh: '链接横幅', titleEn: 'Link banner', picUrl: '/b.png', type: 1, url, sort: 0, active: true },
      });
    const newsItem = (url: string) =>
      staffCall(app, editor.token, '/api/console/content/news', {
        values: { titleZh: '外链资讯', titleEn: 'Linked news', type: 2, url, active: true },
      });
    const bannersBefore = (await app.ctx.db.select().from(banners)).length;
    const newsBefore = (await app.ctx.db.select().from(news)).length;
    for (const url of [
      'javascript:alert(document.cookie)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example/',
    ]) {
      for (const r of [await banner(url), await newsItem(url)]) {
        expect([r.status, r.code, r.msg], url).toEqual([400, 400, '链接：须为以 http:// 或 https:// 开头的地址']);
      }
    }
    const en = await call(app, {
      method: 'POST',
      url: '/api/console/content/banners',
      headers: { ...staffHeaders(editor.token), lang: 'en' },
      payload: { values: { titleZh: 'x', picUrl: '/b.png', type: 1, url: 'javascript:alert(1)' } },
    });
    expect(en.msg).toBe('Link: must be an address starting with http:// or https://');
    expect((await app.ctx.db.select().from(banners)).length).toBe(bannersBefore);
    expect((await app.ctx.db.select().from(news)).length).toBe(newsBefore);

    const saved = await banner('https://www.chsi.com.cn/');
    expect([saved.code, saved.data.url]).toEqual([200, 'https://www.chsi.com.cn/']);
    // Editing a saved banner to a bad link is refused too, and leaves it as it was.
    expect((await banner('javascript:alert(1)', saved.data.id)).code).toBe(400);
    const [kept] = await app.ctx.db.select().from(banners).where(eq(banners.id, saved.data.id));
    expect(kept!.url).toBe('https://www.chsi.com.cn/');
  });

  it('never hands out a stored link with another scheme (rows saved before the rule)', async () => {
    const [b] = await app.ctx.db
      .insert(banners)
      .values({
        titleZh: '旧横幅',
        titleEn: 'Old',
        picUrl: '/b.png',
        type: 1,
        url: 'javascript:alert(1)',
        sort: 0,
        active: true,
      })
      .returning();
    const [n] = await app.ctx.db
      .insert(news)
      .values({ titleZh: '旧资讯', titleEn: 'Old news', type: 2, url: 'javascript:alert(2)', active: true })
      .returning();
    // The editor's save drops the public content cache; so does this edit of another row.
    const editor = await staffSession(app, 'editor');
    await staffCall(app, editor.token, '/api/console/content/banners', {
      values: { titleZh: '刷新', titleEn: 'Refresh', picUrl: '/b.png', type: 2, sort: 9, active: false },
    });
    const pub = await call<{ id: number; url: string | null }[]>(app, { url: '/api/baseInfo/getBanner' });
    expect(pub.data.find((x) => x.id === b!.id)?.url).toBeNull();
    const list = await call<{ list: { id: number; url: string | null }[] }>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_list',
      payload: { page: 1, pageSize: 100 },
    });
    expect(list.data.list.find((x) => x.id === n!.id)?.url).toBeNull();
    const detail = await call<{ id: number; url: string | null }>(app, {
      method: 'POST',
      url: '/api/baseinfo/information_detail',
      payload: { information_id: n!.id },
    });
    expect([detail.code, detail.data.url]).toEqual([200, null]);
    expect(JSON.stringify([pub, list, detail])).not.toContain('javascript:');
  });

  it('changes the maintenance notice and the service phones', async () => {
    const editor = await staffSession(app, 'editor');
    const r = await staffCall<{ servicePhones: string[] }>(app, editor.token, '/api/console/settings', {
      maintenance: { on: false, zh: '维护通知', en: 'Maintenance' },
      servicePhones: ['010-12345678'],
    });
    expect(r.data.servicePhones).toEqual(['010-12345678']);
  });
});
