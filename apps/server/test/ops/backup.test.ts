import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { orderDetails, payments, refunds } from '../../src/db/schema.ts';
import { photoUrl, storePhotoBytes } from '../../src/modules/photos/photo-service.ts';
import { DiskStorage, type S3Options } from '../../src/providers/storage.ts';
import { call, createDatabase, memberSession, testApp, type Session } from '../helpers.ts';
import { insertOrder } from '../order-rows.ts';

/**
 * Issue 40, item 3: a backup (scripts/backup.sh: one pg_dump snapshot and every photo object with
 * its checksum) restored by scripts/restore.sh into a new empty database and an empty bucket gives
 * back every order, person, payment, refund and photo, and a new app runs on it. PostgreSQL only.
 */

const BASE = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sh = promisify(execFile);
const TABLES = ['members', 'orders', 'order_details', 'payments', 'refunds', 'photos', 'sessions'] as const;

describe.skipIf(!BASE)('backup and restore (PostgreSQL, a local S3-compatible server)', () => {
  let s3: S3rver;
  let dir: string;
  let port: number;
  let app: FastifyInstance;
  let sourceUrl: string;
  let target: { name: string; url: string };
  let restored: FastifyInstance | undefined;
  const members: Session[] = [];
  const photoKeys: string[] = [];
  const orderNos: string[] = [];
  const s3opts = (bucket: string): S3Options => ({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'photos/',
    forcePathStyle: true,
  });
  const s3env = (bucket: string) => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'photos/',
    S3_FORCE_PATH_STYLE: 'true',
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'backup-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [
        { name: 'portal-live', configs: [] },
        { name: 'portal-restored', configs: [] },
      ],
    });
    ({ port } = await s3.run());
    const base = loadConfig({ NODE_ENV: 'test' });
    app = await testApp({ photos: { ...base.photos, storage: { driver: 's3', ...s3opts('portal-live') } } });
    const res = (await app.ctx.db.execute('select current_database() as db')) as unknown as { rows: [{ db: string }] };
    const { db } = res.rows[0];
    const u = new URL(BASE!);
    u.pathname = `/${db}`;
    sourceUrl = u.toString();

    // Members, orders with persons and photos, payments (paid, pending, failed), refunds.
    for (let m = 0; m < 4; m++) {
      const s = await memberSession(app);
      members.push(s);
      for (let o = 0; o < 3; o++) {
        const order = await insertOrder(app, { memberId: s.memberId, state: 2, totalFen: 3000 * (o + 1) });
        orderNos.push(order.orderNo);
        for (let p = 0; p < 2; p++) {
          const jpeg = await sharp({
            create: { width: 96, height: 128, channels: 3, background: { r: 40 * m, g: 60 * o, b: 120 * p } },
          })
            .jpeg()
            .toBuffer();
          const photo = await storePhotoBytes(app.ctx, s.memberId, jpeg, 'upload');
          photoKeys.push(photo.storageKey);
          await app.ctx.db
            .insert(orderDetails)
            .values({ orderId: order.id, name: `学生${m}${o}${p}`, mobile: s.mobile, photoId: photo.id });
        }
        const [pay] = await app.ctx.db
          .insert(payments)
          .values({
            paymentNo: `P${order.orderNo}`,
            orderId: order.id,
            provider: o === 0 ? 'alipay' : 'wechat',
            payType: 1,
            amountFen: order.totalFen,
            state: (['paid', 'pending', 'failed'] as const)[o]!,
            expiresAt: new Date(Date.now() + 3600_000),
            paidAt: o === 0 ? new Date() : null,
          })
          .returning();
        if (o === 0)
          await app.ctx.db
            .insert(refunds)
            .values({ refundNo: `R${order.orderNo}`, orderId: order.id, paymentId: pay!.id, amountFen: 1000 });
      }
    }
    target = await createDatabase(BASE!, 'restore');
  }, 120_000);

  afterAll(async () => {
    await restored?.close();
    await app?.close();
    if (target) {
      const c = new pg.Client({ connectionString: BASE });
      await c.connect();
      await c.query(`drop database if exists ${target.name} with (force)`);
      await c.end();
    }
    await s3?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Per table: row count and an md5 of every row's text, in id order. */
  async function fingerprints(url: string) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const out: Record<string, { n: number; md5: string }> = {};
    for (const t of TABLES) {
      const r = await c.query<{ n: string; md5: string }>(
        `select count(*) as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5 from ${t} t`,
      );
      out[t] = { n: Number(r.rows[0]!.n), md5: r.rows[0]!.md5 };
    }
    await c.end();
    return out;
  }

  /** Every object of a bucket: key and sha256. */
  async function objects(bucket: string): Promise<Record<string, string>> {
    const c = new S3Client({ ...s3opts(bucket), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const out: Record<string, string> = {};
    const list = await c.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const o of list.Contents ?? []) {
      const body = await c.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key! }));
      out[o.Key!] = createHash('sha256')
        .update(await body.Body!.transformToByteArray())
        .digest('hex');
    }
    c.destroy();
    return out;
  }

  it('backs up, restores into an empty database and bucket, and every row and object is back', async () => {
    const env = { ...process.env, DATABASE_URL: sourceUrl, ...s3env('portal-live') };
    const b = await sh('bash', [path.join(root, 'scripts/backup.sh'), path.join(dir, 'backups')], { env });
    const [folder] = await readdir(path.join(dir, 'backups'));
    const backupDir = path.join(dir, 'backups', folder!);
    expect((await readdir(backupDir)).sort()).toEqual(['db.dump', 'manifest.json', 'objects']);
    expect((await readdir(path.join(backupDir, 'objects'))).sort()).toEqual([...photoKeys].sort());
    console.log(`backup: ${b.stdout.trim()}`);

    const r = await sh('bash', [path.join(root, 'scripts/restore.sh'), backupDir], {
      env: { ...process.env, DATABASE_URL: target.url, ...s3env('portal-restored') },
    });
    console.log(r.stdout.trim());

    const before = await fingerprints(sourceUrl);
    const after = await fingerprints(target.url);
    expect(before.orders.n).toBe(12);
    expect(before.order_details.n).toBe(24);
    expect(before.payments.n).toBe(12);
    expect(before.refunds.n).toBe(4);
    expect(before.photos.n).toBe(24);
    expect(after).toEqual(before);

    const live = await objects('portal-live');
    expect(Object.keys(live)).toHaveLength(24);
    expect(await objects('portal-restored')).toEqual(live);
  }, 120_000);

  it('a restore refuses a bucket that is not empty, and a backup whose object was altered', async () => {
    const [folder] = await readdir(path.join(dir, 'backups'));
    const backupDir = path.join(dir, 'backups', folder!);
    const again = sh('bash', [path.join(root, 'scripts/restore.sh'), backupDir], {
      env: { ...process.env, DATABASE_URL: target.url, ...s3env('portal-restored') },
    });
    await expect(again).rejects.toThrow(/not empty/);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(backupDir, 'objects', photoKeys[0]!), 'tampered');
    const tampered = sh('bash', [path.join(root, 'scripts/restore.sh'), backupDir], {
      env: { ...process.env, DATABASE_URL: target.url, ...s3env('portal-live') },
    });
    await expect(tampered).rejects.toThrow(/does not match its checksum/);
  }, 60_000);

  it('with STORAGE_DRIVER=disk: the uploads folder is backed up and restored as DiskStorage lays it out', async () => {
    const live = new DiskStorage(path.join(dir, 'live-data', 'uploads'));
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 5; i++) {
      const key = `d${i}${Math.random().toString(36).slice(2, 10)}.jpg`;
      files[key] = Buffer.from(`photo bytes ${i} ${key}`);
      await live.put(key, files[key]!);
    }
    const out = path.join(dir, 'disk-backups');
    await sh('bash', [path.join(root, 'scripts/backup.sh'), out], {
      env: { ...process.env, DATABASE_URL: sourceUrl, STORAGE_DRIVER: 'disk', DATA_DIR: path.join(dir, 'live-data') },
    });
    const [folder] = await readdir(out);
    const second = await createDatabase(BASE!, 'restore');
    try {
      await sh('bash', [path.join(root, 'scripts/restore.sh'), path.join(out, folder!)], {
        env: { ...process.env, DATABASE_URL: second.url, STORAGE_DRIVER: 'disk', DATA_DIR: path.join(dir, 'new-data') },
      });
      const back = new DiskStorage(path.join(dir, 'new-data', 'uploads'));
      for (const [key, bytes] of Object.entries(files)) expect(await back.get(key)).toEqual(bytes);
      expect((await fingerprints(second.url)).orders).toEqual((await fingerprints(sourceUrl)).orders);
    } finally {
      const c = new pg.Client({ connectionString: BASE });
      await c.connect();
      await c.query(`drop database if exists ${second.name} with (force)`);
      await c.end();
    }
  }, 60_000);

  it('a new app runs on the restored database and bucket: a member reads an order and its photo', async () => {
    const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: target.url });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: target.url },
      {
        pgliteDir: ':memory:',
        dataKey: '11'.repeat(32),
        photos: { ...base.photos, storage: { driver: 's3', ...s3opts('portal-restored') } },
      },
    );
    const database = await openDatabase({ databaseUrl: target.url, pgliteDir: ':memory:' });
    restored = await buildApp(config, { database, skipSeed: true, logger: false });
    restored.addHook('onClose', async () => database.close());
    // The session made before the backup is in the dump: the member is still logged in.
    const list = await call(restored, { method: 'GET', url: '/api/order/findOrderList', session: members[0] });
    expect(list.code).toBe(200);
    expect(JSON.stringify(list.data)).toContain(orderNos[0]);
    const view = await restored.inject({ url: photoUrl(restored.ctx, { storageKey: photoKeys[0]! }) });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/jpeg');
  }, 60_000);
});
