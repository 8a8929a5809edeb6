import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ConsoleForm } from '@portal/contract/console';
import type { FormFile } from '@portal/contract/content';
import { call, staffCall, multipartBody, staffSession, useTestApp } from '../../../test/helpers.ts';
import { auditLog, forms } from '../../db/schema.ts';
import type { MemoryStorage } from '../../providers/storage.ts';
import { contentDisposition, sniff } from './form-file.ts';

let app: FastifyInstance;
let editor: string;

const pdf = (text = 'hello') => Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${text}\n%%EOF\n`);
const save = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }, lang = 'zh') => {
  const m = multipartBody(fields, file);
  return call<ConsoleForm>(app, {
    method: 'POST',
    url: '/api/console/forms',
    payload: m.payload,
    headers: { ...m.headers, 'x-staff-token': editor, lang },
  });
};
const objects = () => (app.ctx.storage as MemoryStorage).objects;

useTestApp(async (built) => {
  app = built;
  editor = (await staffSession(app, 'editor')).token;
});

describe('form files in the console', () => {
  it('uploads a PDF, lists it on the portal and downloads it with a safe RFC 5987 name', async () => {
    const r = await save(
      { fileNameZh: '报名表', fileNameEn: 'Registration form', sort: '5' },
      { name: '报名表 2026（终版）.pdf', bytes: pdf() },
    );
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      hasFile: true,
      originalName: '报名表 2026（终版）.pdf',
      size: pdf().length,
      contentType: 'application/pdf',
      url: null,
    });
    const [row] = await app.ctx.db.select().from(forms).where(eq(forms.id, r.data.id));
    expect(row.storageKey).toMatch(/^form-[0-9a-f]{24}\.pdf$/);
    expect(objects().get(row.storageKey!)?.equals(pdf())).toBe(true);

    const list = await call<FormFile[]>(app, { url: '/api/baseInfo/getForm' });
    const item = list.data.find((f) => f.id === r.data.id)!;
    expect(item).toMatchObject({
      fileName: { zh: '报名表', en: 'Registration form' },
      downloadUrl: `/api/baseInfo/downloadForm/${r.data.id}`,
      external: false,
      size: pdf().length,
    });
    const res = await app.inject({ url: item.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___ 2026____.pdf"; filename*=UTF-8''${encodeURIComponent('报名表 2026（终版）.pdf')}`,
    );
    expect(res.rawPayload.equals(pdf())).toBe(true);
    const audit = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.forms.create'));
    expect(audit).toHaveLength(1);
  });

  it('replacing the file deletes the old object; switching to a link and deleting the form drop it too', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const a = await save({ fileNameZh: '示例', fileNameEn: 'Sample' }, { name: 'a.pdf', bytes: pdf('a') });
    const keyA = (await app.ctx.db.select().from(forms).where(eq(forms.id, a.data.id)))[0].storageKey!;
    const b = await save(
      { id: String(a.data.id), fileNameZh: '示例', fileNameEn: 'Sample' },
      { name: 'b.png', bytes: png },
    );
    expect(b.data).toMatchObject({ contentType: 'image/png', originalName: 'b.png' });
    const keyB = (await app.ctx.db.select().from(forms).where(eq(forms.id, a.data.id)))[0].storageKey!;
    expect(keyB).not.toBe(keyA);
    expect(objects().has(keyA)).toBe(false);
    expect(objects().has(keyB)).toBe(true);

    // Names only: the file stays.
    const renamed = await save({ id: String(a.data.id), fileNameZh: '示例二', fileNameEn: 'Sample 2' });
    expect(renamed.data).toMatchObject({ hasFile: true, fileNameZh: '示例二' });
    expect(objects().has(keyB)).toBe(true);

    const linked = await save({
      id: String(a.data.id),
      fileNameZh: '示例',
      fileNameEn: 'Sample',
      url: 'https://www.example.com/form.pdf',
    });
    expect(linked.data).toMatchObject({
      hasFile: false,
      url: 'https://www.example.com/form.pdf',
      downloadUrl: 'https://www.example.com/form.pdf',
    });
    expect(objects().has(keyB)).toBe(false);
    const list = await call<FormFile[]>(app, { url: '/api/baseInfo/getForm' });
    expect(list.data.find((f) => f.id === a.data.id)).toMatchObject({
      external: true,
      downloadUrl: 'https://www.example.com/form.pdf',
    });
    expect((await app.inject({ url: `/api/baseInfo/downloadForm/${a.data.id}` })).statusCode).toBe(404);

    const c = await save(
      { fileNameZh: '删', fileNameEn: 'Del' },
      { name: 'c.zip', bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]) },
    );
    const keyC = (await app.ctx.db.select().from(forms).where(eq(forms.id, c.data.id)))[0].storageKey!;
    const del = await staffCall(app, editor, '/api/console/forms/delete', { id: c.data.id });
    expect(del.code).toBe(200);
    expect(objects().has(keyC)).toBe(false);
    expect(await app.ctx.db.select().from(forms).where(eq(forms.id, c.data.id))).toEqual([]);
    expect((await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.forms.delete'))).length).toBe(
      1,
    );
  });

  it('refuses a renamed file, an unknown type, a file over 20 MB and a form with neither file nor link, naming the field and the rule', async () => {
    const before = objects().size;
    const exe = await save(
      { fileNameZh: '假', fileNameEn: 'Fake' },
      { name: 'setup.pdf', bytes: Buffer.from('MZ\x90\x00 this is not a pdf') },
    );
    expect(exe.code).toBe(400);
    expect(exe.msg).toBe('文件：内容与扩展名“.pdf”不符');
    const exeEn = await save(
      { fileNameZh: '假', fileNameEn: 'Fake' },
      { name: 'setup.pdf', bytes: Buffer.from('MZ') },
      'en',
    );
    expect(exeEn.msg).toBe('File: the content does not match the extension “.pdf”');
    const zipAsDocx = await save(
      { fileNameZh: '假', fileNameEn: 'Fake' },
      { name: 'x.docx', bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('other/file.txt')]) },
    );
    expect(zipAsDocx.code).toBe(400);
    const html = await save(
      { fileNameZh: '网页', fileNameEn: 'Page' },
      { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') },
    );
    expect(html.msg).toBe('文件：仅支持 PDF、Word、Excel、ZIP 或图片（PNG、JPEG、GIF、WebP）');
    const big = await save(
      { fileNameZh: '大', fileNameEn: 'Big' },
      { name: 'big.pdf', bytes: Buffer.concat([pdf(), Buffer.alloc(20 * 1024 * 1024)]) },
    );
    expect(big.code).toBe(413);
    expect(big.msg).toBe('文件：大小不能超过20MB');
    const none = await save({ fileNameZh: '空', fileNameEn: 'None' });
    expect(none.msg).toBe('文件：请上传文件或填写下载链接');
    const noName = await save({ fileNameZh: ' ', fileNameEn: 'x' }, { name: 'a.pdf', bytes: pdf() }, 'en');
    expect(noName.msg).toBe('Chinese name: required');
    const badUrl = await save({ fileNameZh: '链', fileNameEn: 'Link', url: 'javascript:alert(1)' });
    expect(badUrl.msg).toBe('下载链接：须为以 http:// 或 https:// 开头的地址');
    expect(objects().size).toBe(before);
  });

  it('is for editors (and admins) only', async () => {
    const reviewer = (await staffSession(app, 'reviewer')).token;
    const r = await call(app, { url: '/api/console/forms', headers: { 'x-staff-token': reviewer } });
    expect(r.code).toBe(403);
    const list = await call<ConsoleForm[]>(app, { url: '/api/console/forms', headers: { 'x-staff-token': editor } });
    expect(list.code).toBe(200);
  });
});

describe('form file helpers', () => {
  it('sniffs the families by their first bytes', () => {
    expect(sniff(pdf())).toBe('pdf');
    expect(sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('ole');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniff(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniff(Buffer.from('MZ'))).toBeNull();
  });

  it('writes an ASCII fallback without quotes or path parts, and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('a"b\\c/d;e.pdf')).toBe(
      `attachment; filename="a_b_c_d_e.pdf"; filename*=UTF-8''a%22b_c_d%3Be.pdf`,
    );
    expect(contentDisposition("表(1)'x'.xlsx")).toBe(
      `attachment; filename="_(1)'x'.xlsx"; filename*=UTF-8''%E8%A1%A8%281%29%27x%27.xlsx`,
    );
    expect(contentDisposition('报名表.pdf')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('报名表.pdf')}`,
    );
  });
});
