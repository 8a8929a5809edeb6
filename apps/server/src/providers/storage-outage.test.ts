import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { PhotoRefusal } from '@portal/contract/photos';
import { call, memberSession, testApp, type Session } from '../../test/helpers.ts';
import { photoFixture, uploadPhoto } from '../../test/photo-uploads.ts';
import { loadConfig } from '../config.ts';
import { photoCandidates, photos } from '../db/schema/photos.ts';
import { photoCheckDuration, registry } from '../lib/metrics.ts';
import { S3Storage, StorageUnavailable, type CircuitOptions, type S3Options } from './storage.ts';

/**
 * The bucket going away and coming back, through the real upload route: a local S3-compatible
 * server (s3rver) is stopped and started again on the same port and folder during the test.
 */

const BUCKET = 'portal-photos';
const STORAGE_DOWN_ZH = '照片存储暂时无法连接，请稍后再试';
const STORAGE_DOWN_EN = 'The photo storage cannot be reached right now: please try again in a moment';
const CIRCUIT: CircuitOptions = { failuresToOpen: 2, openMs: 1500, timeoutMs: 1500 };

let dir: string;
let port: number;
let server: S3rver | null = null;

async function startBucket(): Promise<void> {
  server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  port = (await server.run()).port;
}
async function stopBucket(): Promise<void> {
  await server?.close();
  server = null;
}
/** The objects in the bucket (s3rver keeps each as a file named after its key). */
async function objectsInBucket(): Promise<string[]> {
  const walk = async (d: string): Promise<string[]> => {
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : Promise.resolve([e.name]))),
    );
    return nested.flat().filter((n) => n.endsWith('._S3rver_object'));
  };
  return walk(path.join(dir, BUCKET));
}

const s3 = (endpoint: string, circuit = CIRCUIT): S3Options => ({
  endpoint,
  region: 'us-east-1',
  bucket: BUCKET,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  prefix: 'photos/',
  forcePathStyle: true,
  circuit,
});

async function appOn(options: S3Options): Promise<FastifyInstance> {
  const base = loadConfig({ NODE_ENV: 'test' });
  return testApp({ photos: { ...base.photos, storage: { driver: 's3', ...options } } });
}

const checksRun = async () =>
  (await photoCheckDuration.get()).values.find((v) => v.metricName === 'photo_check_duration_seconds_count')?.value ??
  0;
const circuitMetric = async () => {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith('storage_circuit_open '));
  return line ? Number(line.split(' ')[1]) : null;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3-outage-'));
  port = 0;
  await startBucket();
});
afterAll(async () => {
  await stopBucket();
  await rm(dir, { recursive: true, force: true });
});

describe('uploads while the photo storage is down', () => {
  let app: FastifyInstance;
  let me: Session;
  const rows = async () => (await app.ctx.db.select({ n: count() }).from(photos))[0]!.n;
  const upload = (lang = 'zh') => uploadPhoto(app, me, photoFixture('compliant-1.jpg'), { headers: { lang } });

  beforeAll(async () => {
    app = await appOn(s3(`http://127.0.0.1:${port}`));
    me = await memberSession(app);
  });
  afterAll(async () => app.close());
  afterEach(async () => {
    if (!server) await startBucket();
  });

  it('answers 503 naming the storage, spends no check once the circuit is open, keeps reads up, and takes the first upload after the bucket returns', async () => {
    const first = await upload();
    expect(first.code).toBe(200);
    expect(await objectsInBucket()).toHaveLength(1);
    expect(await rows()).toBe(1);

    await stopBucket();
    // Connection refused: each upload answers 503 with the storage's own message, and keeps nothing.
    for (let i = 0; i < CIRCUIT.failuresToOpen; i++) {
      const r = await upload(i === 0 ? 'en' : 'zh');
      expect([r.status, r.code, r.msg]).toEqual([503, 503, i === 0 ? STORAGE_DOWN_EN : STORAGE_DOWN_ZH]);
    }
    expect(await rows()).toBe(1);
    // The circuit is open: the next upload is refused before the photo check runs.
    const checks = await checksRun();
    const t0 = Date.now();
    const fast = await upload();
    expect([fast.status, fast.msg]).toEqual([503, STORAGE_DOWN_ZH]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await checksRun()).toBe(checks);
    expect(await rows()).toBe(1);
    expect(await circuitMetric()).toBe(1);

    // Readiness stays green and says so in its body; reads that need no storage answer.
    const ready = await call<{ status: string; storage: string }>(app, { method: 'GET', url: '/api/health/ready' });
    expect([ready.status, ready.data.status, ready.data.storage]).toEqual([200, 'ok', 'unavailable']);
    const list = await call(app, { method: 'GET', url: '/api/order/findOrderList?type=1', session: me });
    expect(list.code).toBe(200);

    // The bucket comes back: once the circuit half-opens, the first upload is kept.
    await startBucket();
    await new Promise((r) => setTimeout(r, CIRCUIT.openMs + 100));
    const back = await upload();
    expect(back.code).toBe(200);
    expect(await rows()).toBe(2);
    expect(await objectsInBucket()).toHaveLength(2);
    expect(await circuitMetric()).toBe(0);
    const view = await app.inject({ url: back.data as string });
    expect(view.statusCode).toBe(200);
    expect((await call<{ storage: string }>(app, { method: 'GET', url: '/api/health/ready' })).data.storage).toBe('ok');
  }, 120_000);

  it('the corrected photo: accepting it while the bucket is down answers 503 and keeps the candidate; a refusal still answers, with no half-kept candidate', async () => {
    // A zoomed-out photo on red: refused (head too small), with a corrected candidate.
    const small = await sharp(photoFixture('compliant-3.jpg')).resize(390, 520, { fit: 'cover' }).toBuffer();
    const phone = await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .composite([{ input: small, left: 105, top: 98 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const refuse = () => uploadPhoto<PhotoRefusal>(app, me, phone, { flow: 'individual' });
    const offered = await refuse();
    expect([offered.code, offered.msg]).toEqual([-1, '头部偏小，请靠近镜头']);
    const candidate = offered.data.corrected!;
    expect(candidate.id).toMatch(/^[a-f0-9]{32}$/);
    const objects = (await objectsInBucket()).length;
    const rowsBefore = await rows();
    const accept = () =>
      call<string>(app, {
        method: 'POST',
        url: '/api/img/accept-corrected',
        session: me,
        payload: { candidateId: candidate.id },
      });

    await stopBucket();
    const refused = await accept();
    expect([refused.status, refused.msg]).toEqual([503, STORAGE_DOWN_ZH]);
    // The check still answers its refusal, without a candidate it could not keep.
    const again = await refuse();
    expect([again.code, again.msg]).toEqual([-1, '头部偏小，请靠近镜头']);
    expect(again.data.corrected).toBeUndefined();
    expect(await rows()).toBe(rowsBefore);
    const [c] = await app.ctx.db
      .select({ used: photoCandidates.acceptedPhotoId })
      .from(photoCandidates)
      .where(eq(photoCandidates.id, candidate.id));
    expect(c?.used).toBeNull();

    await startBucket();
    expect(await objectsInBucket()).toHaveLength(objects);
    await new Promise((r) => setTimeout(r, CIRCUIT.openMs + 100));
    const ok = await accept();
    expect(ok.code).toBe(200);
    expect(await rows()).toBe(rowsBefore + 1);
  }, 180_000);

  it('deletes the stored object when its row cannot be written: no object without its row', async () => {
    const before = await objectsInBucket();
    const rowsBefore = await rows();
    await app.ctx.db.execute(
      `create or replace function refuse_photo() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await app.ctx.db.execute(
      `create trigger refuse_photo before insert on photos for each row execute function refuse_photo()`,
    );
    try {
      const r = await upload();
      expect(r.status).toBe(500);
      expect(await rows()).toBe(rowsBefore);
      expect((await objectsInBucket()).sort()).toEqual(before.sort());
    } finally {
      await app.ctx.db.execute(`drop trigger refuse_photo on photos`);
    }
  }, 60_000);
});

describe('a storage that accepts connections and never answers', () => {
  let hang: net.Server;
  const sockets = new Set<net.Socket>();
  let endpoint: string;

  beforeAll(async () => {
    hang = net.createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(hang.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => hang.close(r));
  });

  it('times a call out into StorageUnavailable within its limit', async () => {
    const s = new S3Storage(s3(endpoint, { failuresToOpen: 5, openMs: 5000, timeoutMs: 400 }));
    const t0 = Date.now();
    await expect(s.put('ab12.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(StorageUnavailable);
    expect(Date.now() - t0).toBeLessThan(2000);
    s.close();
  });

  it('an upload answers 503 after the time limit, and the next one at once', async () => {
    const app = await appOn(s3(endpoint, { failuresToOpen: 1, openMs: 60_000, timeoutMs: 500 }));
    try {
      const me = await memberSession(app);
      const r = await uploadPhoto(app, me, photoFixture('compliant-1.jpg'));
      expect([r.status, r.msg]).toEqual([503, STORAGE_DOWN_ZH]);
      const t0 = Date.now();
      const again = await uploadPhoto(app, me, photoFixture('compliant-1.jpg'));
      expect([again.status, again.msg]).toEqual([503, STORAGE_DOWN_ZH]);
      expect(Date.now() - t0).toBeLessThan(500);
      expect((await app.ctx.db.select({ n: count() }).from(photos))[0]!.n).toBe(0);
    } finally {
      await app.close();
    }
  }, 60_000);
});
