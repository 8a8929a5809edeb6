/**
 * Measures the backup's two rates on data made here (README, "Backups"): pg_dump -Fc of a
 * generated database (BENCH_ORDERS orders, 3 persons each, a payment each, a photo row for every
 * tenth order's persons, a refund in fifty) and the copy of BENCH_OBJECTS photo objects of ~40 KB
 * from a local S3-compatible server (s3rver), then a restore of both. Prints the rates and the
 * extrapolation to a season; `BENCH_DATABASE_URL` to point it elsewhere. Run it with
 * `npm run bench:backup` (Node's legacy OpenSSL provider on: s3rver's continuation tokens use DES).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { backup, restore, type StorageTarget } from '../apps/server/src/ops/backup.ts';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 2000);
const SEASON = { orders: 3_000_000, photos: 9_000_000, photoBytes: 40_000 };
const url = (name: string) => Object.assign(new URL(BASE), { pathname: `/${name}` }).toString();

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function main() {
  const src = `portal_bench_backup_${process.pid}`;
  const dst = `${src}_restored`;
  await admin(`create database ${src}`);
  await admin(`create database ${dst}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-backup-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [
      { name: 'live', configs: [] },
      { name: 'restored', configs: [] },
    ],
  });
  const { port } = await s3.run();
  const storage = (bucket: string): StorageTarget => ({
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'photos/',
    forcePathStyle: true,
  });
  try {
    (await openDatabase({ databaseUrl: url(src), pgliteDir: ':memory:' })).close();
    const c = new pg.Client({ connectionString: url(src) });
    await c.connect();
    const members = Math.max(1000, Math.floor(ORDERS / 20));
    await c.query(`insert into members (mobile, name, is_first)
      select '139' || lpad(i::text, 8, '0'), '学生' || i, false from generate_series(1, ${members}) i`);
    await c.query(`insert into orders (order_no, member_id, kind, type, state, unit_price_fen, total_fen)
      select 'B' || lpad(i::text, 12, '0'), (i % ${members}) + 1, 'individual', 1, 130, 4500, 13500 from generate_series(1, ${ORDERS}) i`);
    await c.query(`insert into photos (member_id, storage_key, sha256, bytes, width, height, passed, check_result)
      select (o % ${members}) + 1, md5((o * 3 + k)::text) || '.jpg', md5(o::text || k::text), 40000, 480, 640, true, '{"passed":true}'::jsonb
      from generate_series(10, ${ORDERS}, 10) o, generate_series(0, 2) k`);
    await c.query(`insert into order_details (order_id, name, mobile, id_type, id_num_hash, id_num_mask, school_name, yxdm, education, student_id)
      select o, '学生' || (o * 3 + k), '138' || lpad(((o * 3 + k) % 100000000)::text, 8, '0'), 1, md5((o * 3 + k)::text),
             '110***********0000', '学校' || (o % 2919), lpad((10001 + o % 2919)::text, 5, '0'), 2, lpad((o * 3 + k)::text, 12, '0')
      from generate_series(1, ${ORDERS}) o, generate_series(0, 2) k`);
    await c.query(`insert into payments (payment_no, order_id, provider, pay_type, amount_fen, state, provider_trade_no, expires_at, paid_at)
      select 'P' || lpad(o::text, 12, '0'), o, 'wechat', 1, 13500, 'paid', md5(o::text), now(), now() from generate_series(1, ${ORDERS}) o`);
    await c.query(`insert into refunds (refund_no, order_id, amount_fen, status)
      select 'R' || lpad(o::text, 12, '0'), o, 13500, 2 from generate_series(50, ${ORDERS}, 50) o`);
    const size = await c.query<{ s: string }>('select pg_database_size(current_database()) as s');
    await c.end();

    const client = new S3Client({
      ...storage('live'),
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    for (let i = 0; i < OBJECTS; i += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, OBJECTS - i) }, (_, j) =>
          client.send(
            new PutObjectCommand({
              Bucket: 'live',
              Key: `photos/bench${i + j}.jpg`,
              Body: randomBytes(SEASON.photoBytes),
              ContentType: 'image/jpeg',
            }),
          ),
        ),
      );
    client.destroy();

    const m = await backup({ databaseUrl: url(src), storage: storage('live'), outDir: path.join(dir, 'backup') });
    const r = await restore({ databaseUrl: url(dst), storage: storage('restored'), fromDir: path.join(dir, 'backup') });
    const dumpPerOrder = m.database.seconds / ORDERS;
    const objPerSecond = m.storage.objects.length / m.storage.seconds;
    const restorePerOrder = r.databaseSeconds / ORDERS;
    const putPerSecond = r.objects / r.storageSeconds;
    const h = (s: number) => (s < 3600 ? `${(s / 60).toFixed(1)} min` : `${(s / 3600).toFixed(1)} h`);
    console.log(
      [
        `database: ${ORDERS} orders, ${ORDERS * 3} persons, ${ORDERS} payments, ${(Number(size.rows[0]!.s) / 1e6).toFixed(0)} MB on disk`,
        `  pg_dump -Fc: ${m.database.seconds.toFixed(1)} s, ${(m.database.bytes / 1e6).toFixed(1)} MB (${(ORDERS / m.database.seconds).toFixed(0)} orders/s)`,
        `  pg_restore:  ${r.databaseSeconds.toFixed(1)} s (${(ORDERS / r.databaseSeconds).toFixed(0)} orders/s)`,
        `objects: ${m.storage.objects.length} of ${SEASON.photoBytes / 1000} KB`,
        `  backup copy: ${m.storage.seconds.toFixed(1)} s, ${objPerSecond.toFixed(0)} objects/s, ${((objPerSecond * SEASON.photoBytes) / 1e6).toFixed(1)} MB/s`,
        `  restore put: ${r.storageSeconds.toFixed(1)} s, ${putPerSecond.toFixed(0)} objects/s`,
        `extrapolated (linear) to ${SEASON.orders} orders and ${SEASON.photos} photos:`,
        `  dump ${h(dumpPerOrder * SEASON.orders)}, ${(((m.database.bytes / ORDERS) * SEASON.orders) / 1e9).toFixed(1)} GB; objects ${h(SEASON.photos / objPerSecond)}, ${((SEASON.photos * SEASON.photoBytes) / 1e9).toFixed(0)} GB`,
        `  restore: database ${h(restorePerOrder * SEASON.orders)}, objects ${h(SEASON.photos / putPerSecond)}`,
      ].join('\n'),
    );
  } finally {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${src} with (force)`);
    await admin(`drop database if exists ${dst} with (force)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
