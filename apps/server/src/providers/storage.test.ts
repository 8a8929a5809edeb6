import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { call, memberSession, testApp } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { photoUrl, storePhotoBytes } from '../modules/photos/photo-service.ts';
import { S3Storage, type S3Options } from './storage.ts';

// A local S3-compatible server (s3rver) plays the bucket: it checks each request's credential
// against its own account (S3RVER / S3RVER) and keeps objects as files we read back directly.
let server: S3rver;
let dir: string;
let options: S3Options;
const BUCKET = 'portal-photos';
const onDisk = (key: string) => readFile(path.join(dir, BUCKET, `${key}._S3rver_object`)).catch(() => null);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  options = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'photos/',
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3 storage against a local S3-compatible server', () => {
  it('puts, gets, streams and deletes an object under the prefix; a missing key reads as null', async () => {
    const s = new S3Storage(options);
    const bytes = Buffer.from('\xff\xd8\xff bytes of a photo', 'latin1');
    await s.put('ab12.jpg', bytes, 'image/jpeg');
    expect(await onDisk('photos/ab12.jpg')).toEqual(bytes);
    expect(await s.get('ab12.jpg')).toEqual(bytes);
    const st = await s.stream('ab12.jpg');
    expect(st?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of st!.body) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(bytes);
    await s.delete('ab12.jpg');
    expect(await onDisk('photos/ab12.jpg')).toBeNull();
    expect(await s.get('ab12.jpg')).toBeNull();
    expect(await s.stream('ab12.jpg')).toBeNull();
    await expect(s.delete('never-there.jpg')).resolves.toBeUndefined();
    s.close();
  });

  // s3rver checks the credential's access key (its Signature V4 check is not implemented; the
  // signing is the official SDK's).
  it('surfaces the server refusing an unknown access key, and stores nothing', async () => {
    const s = new S3Storage({ ...options, accessKeyId: 'NOT-AN-ACCOUNT' });
    await expect(s.put('cd34.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Access Key Id/i);
    expect(await onDisk('photos/cd34.jpg')).toBeNull();
    s.close();
  });

  it('refuses a key that is not ours before any request', async () => {
    const s = new S3Storage(options);
    await expect(s.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('bad storage key');
    s.close();
  });

  it('reads the settings from the environment, path-style off unless asked', () => {
    const env = {
      NODE_ENV: 'development',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://oss-cn-beijing.aliyuncs.com',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(loadConfig(env).photos.storage).toMatchObject({
      driver: 's3',
      forcePathStyle: false,
      prefix: 'photos/',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'true' }).photos.storage).toMatchObject({ forcePathStyle: true });
    expect(() => loadConfig({ ...env, S3_BUCKET: '' })).toThrow(/S3_BUCKET/);
  });

  it("serves a photo's capability URL from the bucket, and 404 once the object is gone", async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const app = await testApp({ photos: { ...base.photos, storage: { driver: 's3', ...options } } });
    try {
      const m = await memberSession(app);
      const jpeg = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#a0c8f0' } })
        .jpeg()
        .toBuffer();
      const stored = await storePhotoBytes(app.ctx, m.memberId, jpeg, 'upload');
      expect(await onDisk(`photos/${stored.storageKey}`)).toEqual(jpeg);
      const url = photoUrl(app.ctx, stored);
      const view = await app.inject({ url });
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('image/jpeg');
      expect(view.rawPayload).toEqual(jpeg);
      // A tampered signature is refused without reading the bucket.
      // (Its first character changed for another: a signature already starting with A once stayed the same.)
      const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      expect(tampered).not.toBe(url);
      expect((await app.inject({ url: tampered })).statusCode).not.toBe(200);
      await app.ctx.storage.delete(stored.storageKey);
      expect((await app.inject({ url })).statusCode).toBe(404);
      expect((await call(app, { method: 'GET', url: '/api/health/live' })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
