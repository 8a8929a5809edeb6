/**
 * npm run bench:export: a national export of one generated school of approved persons (12,000 by
 * default, EXPORT_BENCH_PERSONS to change) whose photos are real-size JPEGs made from a real
 * portrait of the shared data (never kept in the repository) and kept in an S3-compatible bucket
 * (s3rver, as the storage tests use). It prints photos per second, the process's peak resident
 * memory above idle (aim: at most 300 MB, whatever the count) and the time to the first progress
 * update. A measurement: nothing here fails on a slow figure.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { maskIdNumber } from '@portal/contract/validation';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { nationalExports, orderDetails, photos } from '../apps/server/src/db/schema.ts';
import { S3Storage } from '../apps/server/src/providers/storage.ts';
import { createApprovedPhotos } from '../apps/server/src/modules/dev/dev-national-report.ts';
import { makeIdNumber } from '../apps/server/src/modules/national/seed.ts';
import { claimExport, runExport } from '../apps/server/src/modules/national/export-runner.ts';

const PERSONS = Number(process.env.EXPORT_BENCH_PERSONS ?? 12_000);
const PORTRAIT = path.resolve(import.meta.dirname, '../../shared/data/portraits/id-white.jpg');
const MB = 1024 * 1024;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'photos', configs: [] }],
  });
  const { port } = await s3.run();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    { pgliteDir: ':memory:', dataKey: '22'.repeat(32) },
  );
  const app = await buildApp(config, { skipSeed: true, logger: false });
  const storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'photos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'photos/',
    forcePathStyle: true,
    circuit: { failuresToOpen: 3, openMs: 5000, timeoutMs: 30_000 },
  });
  (app.ctx as unknown as { storage: typeof storage }).storage = storage;
  const ctx = app.ctx;

  // Real-size uploads: the portrait at a phone's resolution, in a few tints so the bytes differ.
  const portrait = await readFile(PORTRAIT);
  const variants = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      sharp(portrait)
        .resize(1200, 1600, { fit: 'cover' })
        .modulate({ brightness: 1 + i * 0.02 })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
  console.log(`photo size: ${(variants[0]!.length / 1024).toFixed(0)} KB (1200 x 1600 from a real portrait)`);

  // One approved order as a template, then its person and photo repeated to the school's size.
  const tmpl = await createApprovedPhotos(ctx, { mobile: '13800009999', yxdm: '10001', known: 0, unknown: 1 });
  const [line] = await ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, tmpl.id));
  const [photo] = await ctx.db.select().from(photos).where(eq(photos.id, line!.photoId!));
  const { id: _lineId, ...lineRest } = line!;
  const { id: _photoId, ...photoRest } = photo!;
  await ctx.db.delete(orderDetails).where(eq(orderDetails.id, line!.id));
  const seedStart = Date.now();
  for (let from = 0; from < PERSONS; from += 500) {
    const n = Math.min(500, PERSONS - from);
    const idx = Array.from({ length: n }, (_, k) => from + k);
    await Promise.all(
      idx.map(async (i) => storage.put(`bench-${i}.jpg`, variants[i % variants.length]!, 'image/jpeg')),
    );
    const ps = await ctx.db
      .insert(photos)
      .values(idx.map((i) => ({ ...photoRest, storageKey: `bench-${i}.jpg` })))
      .returning({ id: photos.id });
    await ctx.db.insert(orderDetails).values(
      idx.map((i, k) => {
        const idNumber = makeIdNumber(`1101${String(i % 100).padStart(2, '0')}`, '20030101', Math.floor(i / 100));
        return {
          ...lineRest,
          name: `学生${i + 1}`,
          idNumEnc: ctx.pii.encrypt(idNumber),
          idNumHash: ctx.pii.blindIndex(idNumber),
          idNumMask: maskIdNumber(idNumber),
          photoId: ps[k]!.id,
        };
      }),
    );
  }
  console.log(`seeded ${PERSONS} persons and photos in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`);

  global.gc?.();
  const idle = process.memoryUsage().rss;
  const [queued] = await ctx.db
    .insert(nationalExports)
    .values({ staffId: 1, scope: { yxdm: '10001' }, photoCount: 0, state: 'queued', total: PERSONS })
    .returning();
  let peak = idle;
  let firstProgress: number | null = null;
  const started = Date.now();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const watcher = setInterval(() => {
    if (firstProgress !== null) return;
    void ctx.db
      .select({ done: nationalExports.done })
      .from(nationalExports)
      .where(eq(nationalExports.id, queued!.id))
      .then(([r]) => {
        if (firstProgress === null && r && r.done > 0) firstProgress = Date.now() - started;
      });
  }, 100);
  const job = await claimExport(ctx);
  const outcome = await runExport(ctx, job!);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(watcher);
  const [done] = await ctx.db.select().from(nationalExports).where(eq(nationalExports.id, queued!.id));
  console.log(
    `export ${outcome}: ${done!.photoCount} photos, ${done!.leftOut} left out, ZIP ${(done!.bytes / MB).toFixed(1)} MB`,
  );
  console.log(`photos per second: ${(done!.photoCount / seconds).toFixed(1)} (${seconds.toFixed(1)} s)`);
  console.log(
    `peak RSS above idle: ${((peak - idle) / MB).toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB, aim <= 300 MB)`,
  );
  console.log(`time to first progress update: ${firstProgress === null ? 'none seen' : `${firstProgress} ms`}`);
  storage.close();
  await app.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
}

await main();
