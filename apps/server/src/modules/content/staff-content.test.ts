import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, staffCall, staffSession, useTestApp, staffHeaders } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

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
    const denied = await staffCall(app, reviewer.token, '/api/console/content/banners', { values: {} });
    expect(denied.code).toBe(403);
    const bad = await staffCall(app, editor.token, '/api/console/content/banners', { values: { titleZh: 'x' } });
    expect(bad.code).toBe(400);
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
