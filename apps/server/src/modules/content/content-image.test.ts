import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, multipartBody, staffSession, useTestApp } from '../../../test/helpers.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

/** POST /api/console/content-image with the file as a browser sends it; under a staff token when given. */
const uploadImage = <T = unknown>(bytes: Buffer, name: string, token?: string) => {
  const m = multipartBody({}, { name, bytes, type: 'image/png' });
  return call<T>(app, {
    method: 'POST',
    url: '/api/console/content-image',
    headers: token ? { ...m.headers, 'x-staff-token': token } : m.headers,
    payload: m.payload,
  });
};

describe('images in notices and news', () => {
  it('an editor uploads a PNG through the storage provider; the portal serves it by its public path', async () => {
    const editor = await staffSession(app, 'editor');
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const r = await uploadImage<{ url: string }>(png, 'banner.png', editor.token);
    expect(r.code).toBe(200);
    expect(r.data.url).toMatch(/^\/api\/baseinfo\/content_image\/content-[0-9a-f]{32}\.png$/);
    const got = await app.inject({ url: r.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const served = await sharp(got.rawPayload).raw().toBuffer();
    expect(Buffer.compare(served, await sharp(png).raw().toBuffer())).toBe(0);
  });

  it('publishes no camera metadata: the EXIF of a phone JPEG (place and time) is stripped', async () => {
    const editor = await staffSession(app, 'editor');
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#cc6633' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await uploadImage<{ url: string }>(jpeg, 'photo.jpg', editor.token);
    expect(r.code).toBe(200);
    const got = await app.inject({ url: r.data.url });
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('refuses a file that is not an image whatever its name, and a member or anonymous caller', async () => {
    const editor = await staffSession(app, 'editor');
    const bad = await uploadImage(Buffer.from('<script>alert(1)</script>'), 'x.png', editor.token);
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('file');
    const anon = await uploadImage(Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(anon.code).not.toBe(200);
    expect((await app.inject({ url: '/api/baseinfo/content_image/..%2Fsecret.png' })).statusCode).not.toBe(200);
  });
});
