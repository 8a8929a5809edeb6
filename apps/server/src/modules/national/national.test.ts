import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import { nationalQrSessions, nationalStudents } from '../../db/schema.ts';
import { idCardChecksumOk } from '@portal/contract/validation';
import { call, memberSession, multipartBody, testApp, useTestApp, type Session } from '../../../test/helpers.ts';
import { nationalSeedRows, seedNationalDemo } from './seed.ts';

let app: FastifyInstance;
let me: Session;

useTestApp(async (built) => {
  app = built;
  await seedNationalDemo(app.ctx);
  me = await memberSession(app, undefined, { isFirst: false });
});

/** A picture the member posts to a code-picture route (a multipart upload, not signed). */
function postPicture(url: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const m = multipartBody(fields, { name, bytes, type: 'image/png' });
  return app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${me.token}`, memberid: String(me.memberId) },
  });
}
const newQr = <T>(payload: object) =>
  call<T>(app, { method: 'POST', url: '/api/qrCode/getQrCode', payload, session: me });
const qrInfo = <T = unknown>(remarks: string, session: Session = me) =>
  call<T>(app, { method: 'POST', url: '/api/qrCode/getQrCodeInfo', payload: { remarks }, session });

describe('sandbox national students', () => {
  it('seeds 30 students across the pilot schools with valid, encrypted ID numbers, some with a photo count', async () => {
    const rows = nationalSeedRows();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.yxdm))).toEqual(new Set(['10001', '10003', '10246', '10248', '10335', '10558']));
    expect(rows.every((r) => idCardChecksumOk(r.zjhm))).toBe(true);
    const stored = await app.ctx.db.select().from(nationalStudents);
    expect(stored).toHaveLength(30);
    expect(stored[0].zjhmEnc).not.toContain(rows[0].zjhm.slice(0, 6));
    const hook = await call<{ xh: string; zjhm: string; hasPhoto: boolean }[]>(app, {
      url: '/api/dev/national-students',
    });
    expect(hook.data.filter((s) => s.hasPhoto).length).toBe(10);
    expect(stored.filter((s) => s.photoId !== null).length).toBe(10);
    expect(idCardChecksumOk(hook.data[0].zjhm)).toBe(true);
  });
});

describe('app QR session', () => {
  it('issues a QR of the sandbox app URL, stays pending, then answers the confirmed student once scanned', async () => {
    const q = await newQr<{ imgBase64: string; remarks: string }>({ width: 200, height: 200 });
    expect(q.code).toBe(200);
    expect(q.data.imgBase64).toMatch(/^data:image\/png;base64,/);
    const pending = await qrInfo(q.data.remarks);
    expect([pending.code, pending.data]).toEqual([200, null]);

    const page = await app.inject({ url: `/sandbox/app?session=${q.data.remarks}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('王伟');

    const s = nationalSeedRows()[0];
    const conf = await app.inject({
      method: 'POST',
      url: '/sandbox/app/confirm',
      payload: { session: q.data.remarks, xh: s.xh },
    });
    expect(conf.json()).toMatchObject({ code: 200, data: { xh: s.xh } });
    const info = await qrInfo<{
      xm: string;
      xh: string;
      yxdm: string;
      yxmc: string;
      zjhm: string;
      bizSerialNum: string;
    }>(q.data.remarks);
    expect(info.data).toMatchObject({ xm: s.xm, xh: s.xh, yxdm: s.yxdm, yxmc: s.schoolName, zjhm: s.zjhm });
    expect(info.data.bizSerialNum).toMatch(/^BIZ/);
    // One person per code.
    const again = await app.inject({
      method: 'POST',
      url: '/sandbox/app/confirm',
      payload: { session: q.data.remarks, xh: nationalSeedRows()[1].xh },
    });
    expect(again.json()).toMatchObject({ code: 409, msg: '二维码已失效，请重新获取' });
  });

  it('expires after three minutes and is not readable by another member', async () => {
    const q = await newQr<{ remarks: string }>({});
    const other = await memberSession(app, undefined, { isFirst: false });
    const foreign = await qrInfo(q.data.remarks, other);
    expect([foreign.code, foreign.msg]).toEqual([404, '二维码不存在，请重新获取']);
    await app.ctx.db
      .update(nationalQrSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(nationalQrSessions.remarks, q.data.remarks));
    const r = await qrInfo(q.data.remarks);
    expect([r.code, r.msg]).toEqual([409, '二维码已失效，请重新获取']);
  });
});

describe('collection code pictures (jsqr)', () => {
  it('decodes an uploaded collection code and resolves the student', async () => {
    const s = nationalSeedRows()[7];
    const png = await QRCode.toBuffer(s.cjm, { width: 300 });
    const r = await postPicture('/api/img/decodeQrcode', 'code.png', png);
    expect(r.json()).toMatchObject({
      code: 200,
      msg: '识别成功',
      data: { xm: s.xm, xh: s.xh, zjhm: s.zjhm, cjm: s.cjm, yxdm: s.yxdm, schoolName: s.schoolName, bh: s.bh },
    });
  });

  it('says so when the picture holds no QR code or an unknown code', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const r1 = await postPicture('/api/img/decodeQrcode', 'x.png', blank);
    expect(r1.json()).toMatchObject({ code: 400, msg: '未识别到二维码，请重新上传' });
    const r2 = await postPicture(
      '/api/img/getStudentInfoByImg',
      'y.png',
      await QRCode.toBuffer('CJM999990001', { width: 300 }),
      { signature: 'abc' },
    );
    expect(r2.json()).toMatchObject({ code: 404, msg: '未找到该采集码对应的学生信息' });
  });
});

describe('real platform adapter', () => {
  it('fails clearly when not configured (production)', async () => {
    const prod = await testApp({ demo: false });
    const s = await memberSession(prod, undefined, { isFirst: false });
    const r = await call(prod, { method: 'POST', url: '/api/qrCode/getQrCode', payload: {}, session: s });
    expect([r.code, r.msg]).toEqual([503, '学信平台接口未配置']);
    const hook = await call(prod, { url: '/api/dev/national-students' });
    expect(hook.status).toBe(404);
    await prod.close();
  });
});
