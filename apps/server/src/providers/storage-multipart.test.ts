import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { DiskStorage, MemoryStorage, PART_MIN_BYTES, S3Storage, type Storage } from './storage.ts';

// A large object written part by part (an export's ZIP) against a local S3-compatible server, the
// disk and memory: a part put again replaces the first try (a writer resuming after a crash).
let server: S3rver;
let dir: string;
let s3: S3Storage;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3-multipart-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'portal-photos', configs: [] }],
  });
  const { port } = await server.run();
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'portal-photos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'photos/',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  s3.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const first = Buffer.alloc(PART_MIN_BYTES, 1);
const retried = Buffer.alloc(PART_MIN_BYTES, 2);
const last = Buffer.from('the central directory');

async function writeInParts(s: Storage, key: string) {
  const id = await s.startUpload(key, 'application/zip');
  await s.putPart(key, id, 1, first);
  expect(await s.get(key)).toBeNull();
  const one = await s.putPart(key, id, 1, retried);
  const two = await s.putPart(key, id, 2, last);
  await s.completeUpload(key, id, [
    { n: 1, etag: one },
    { n: 2, etag: two },
  ]);
}

describe('multipart writes', () => {
  for (const [name, make] of [
    ['S3-compatible', () => s3],
    ['disk', () => new DiskStorage(path.join(dir, 'disk'))],
    ['memory', () => new MemoryStorage()],
  ] as const) {
    it(`${name}: the object is the parts in order, the retried part replacing the first try`, async () => {
      const s = make();
      await writeInParts(s, 'export-1.zip');
      const got = await s.get('export-1.zip');
      expect(got?.length).toBe(PART_MIN_BYTES + last.length);
      expect(got!.subarray(0, PART_MIN_BYTES).equals(retried)).toBe(true);
      expect(got!.subarray(PART_MIN_BYTES).toString()).toBe('the central directory');
      expect((await s.stream('export-1.zip'))?.size).toBe(PART_MIN_BYTES + last.length);
    });
  }

  it('disk: an aborted upload leaves no part files behind', async () => {
    const s = new DiskStorage(path.join(dir, 'disk2'));
    const id = await s.startUpload('export-2.zip');
    await s.putPart('export-2.zip', id, 1, last);
    await s.abortUpload('export-2.zip');
    expect(await readdir(path.join(dir, 'disk2', 'ex'))).toEqual([]);
  });
});
