import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * Backups that restore (issue 40): the database as one pg_dump snapshot (custom format) and every
 * photo object with its sha256 in a manifest; a restore fills an EMPTY database and an empty
 * bucket (or uploads folder) and checks every checksum on the way. Run by `npm run backup` and
 * `npm run restore` (ops/backup-cli.ts); README, "Backups".
 */

export type StorageTarget =
  | { driver: 'disk'; dir: string }
  | {
      driver: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix: string;
      forcePathStyle: boolean;
    };

export interface Manifest {
  version: 1;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string; seconds: number };
  storage: { driver: 'disk' | 's3'; objects: { key: string; bytes: number; sha256: string }[]; seconds: number };
}

const KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/;
const COPIES_AT_ONCE = 16;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The photo storage the server uses, from the same settings (STORAGE_DRIVER, S3_*, DATA_DIR). */
export function storageFromEnv(env: NodeJS.ProcessEnv): StorageTarget {
  if ((env.STORAGE_DRIVER ?? 'disk') === 'disk')
    return { driver: 'disk', dir: path.resolve(env.DATA_DIR ?? './data', 'uploads') };
  const need = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (need.length) throw new Error(`STORAGE_DRIVER=s3 needs ${need.join(', ')}`);
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT!,
    region: env.S3_REGION ?? 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    prefix: env.S3_PREFIX ?? 'photos/',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
}

/** Keys, reads and writes of one storage, as the server lays objects out. */
interface Bucket {
  keys(): AsyncGenerator<string>;
  get(key: string): Promise<Buffer>;
  put(key: string, bytes: Buffer): Promise<void>;
  close(): void;
}

function openBucket(t: StorageTarget): Bucket {
  if (t.driver === 'disk') {
    // DiskStorage (providers/storage.ts): <dir>/<first two characters>/<key>.
    const file = (key: string) => path.join(t.dir, key.slice(0, 2), key);
    return {
      async *keys() {
        const dirs = await readdir(t.dir).catch(() => [] as string[]);
        for (const d of dirs.sort())
          for (const f of (await readdir(path.join(t.dir, d)).catch(() => [] as string[])).sort())
            if (KEY.test(f) && !f.endsWith('.tmp')) yield f;
      },
      get: (key) => readFile(file(key)),
      async put(key, bytes) {
        await mkdir(path.dirname(file(key)), { recursive: true });
        await writeFile(`${file(key)}.restore.tmp`, bytes, { mode: 0o600 });
        await rename(`${file(key)}.restore.tmp`, file(key));
      },
      close() {},
    };
  }
  const client = new S3Client({
    endpoint: t.endpoint,
    region: t.region,
    credentials: { accessKeyId: t.accessKeyId, secretAccessKey: t.secretAccessKey },
    forcePathStyle: t.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async *keys() {
      // Paged by start-after (the last key of the page before), which every S3-compatible service
      // takes, rather than by continuation token.
      let after: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: t.bucket, Prefix: t.prefix, StartAfter: after }),
        );
        const contents = page.Contents ?? [];
        for (const o of contents) {
          const key = o.Key!.slice(t.prefix.length);
          if (KEY.test(key)) yield key;
        }
        if (!page.IsTruncated || !contents.length) return;
        after = contents[contents.length - 1]!.Key;
      }
    },
    async get(key) {
      const r = await client.send(new GetObjectCommand({ Bucket: t.bucket, Key: t.prefix + key }));
      return Buffer.from(await r.Body!.transformToByteArray());
    },
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: t.bucket, Key: t.prefix + key, Body: bytes, ContentType: 'image/jpeg' }),
      );
    },
    close: () => client.destroy(),
  };
}

/** Runs a command, its errors on our standard error; rejects with its last lines when it fails. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err = (err + String(c)).slice(-4000)));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${err.trim()}`))));
  });
}

async function fileSha256(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of createReadStream(file)) h.update(c as Buffer);
  return h.digest('hex');
}

/** Calls `each` on every item, `COPIES_AT_ONCE` at a time. */
async function inParallel<T>(items: AsyncIterable<T> | T[], each: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failed: unknown = null;
  for await (const item of items) {
    if (failed) break;
    const p: Promise<void> = each(item)
      .catch((e: unknown) => {
        failed ??= e;
      })
      .finally(() => running.delete(p));
    running.add(p);
    if (running.size >= COPIES_AT_ONCE) await Promise.race(running);
  }
  await Promise.all(running);
  if (failed) throw failed;
}

/**
 * A backup into `outDir` (made; must be empty): db.dump, objects/<key>, manifest.json written last
 * (a folder without a manifest is an unfinished backup). The dump is one snapshot; objects are
 * copied after it, so every photo row of the dump has its object (an object is written before its
 * row and never changed); objects uploaded meanwhile come along unused.
 */
export async function backup(opts: { databaseUrl: string; storage: StorageTarget; outDir: string }): Promise<Manifest> {
  await mkdir(path.join(opts.outDir, 'objects'), { recursive: true });
  if ((await readdir(path.join(opts.outDir, 'objects'))).length) throw new Error(`${opts.outDir} is not empty`);
  const t0 = performance.now();
  const dump = path.join(opts.outDir, 'db.dump');
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${dump}`, `--dbname=${opts.databaseUrl}`]);
  const database = {
    file: 'db.dump',
    bytes: (await stat(dump)).size,
    sha256: await fileSha256(dump),
    seconds: (performance.now() - t0) / 1000,
  };
  const t1 = performance.now();
  const bucket = openBucket(opts.storage);
  const objects: Manifest['storage']['objects'] = [];
  try {
    await inParallel(bucket.keys(), async (key) => {
      const bytes = await bucket.get(key);
      await writeFile(path.join(opts.outDir, 'objects', key), bytes);
      objects.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
    });
  } finally {
    bucket.close();
  }
  objects.sort((a, b) => (a.key < b.key ? -1 : 1));
  const manifest: Manifest = {
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    storage: { driver: opts.storage.driver, objects, seconds: (performance.now() - t1) / 1000 },
  };
  await writeFile(path.join(opts.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

/**
 * Restores a backup folder into an EMPTY database and an empty bucket: every checksum of the
 * manifest is checked before anything is written, the dump is restored in one transaction
 * (pg_restore --single-transaction --exit-on-error), then each object is put and read back.
 */
export async function restore(opts: {
  databaseUrl: string;
  storage: StorageTarget;
  fromDir: string;
}): Promise<{ objects: number; databaseSeconds: number; storageSeconds: number }> {
  const manifest = JSON.parse(await readFile(path.join(opts.fromDir, 'manifest.json'), 'utf8')) as Manifest;
  const dump = path.join(opts.fromDir, manifest.database.file);
  if ((await fileSha256(dump)) !== manifest.database.sha256) throw new Error('db.dump does not match its checksum');
  const objectFile = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad object key in the manifest: ${key}`);
    return path.join(opts.fromDir, 'objects', key);
  };
  await inParallel(manifest.storage.objects, async (o) => {
    if (sha256(await readFile(objectFile(o.key))) !== o.sha256)
      throw new Error(`object ${o.key} does not match its checksum`);
  });
  const bucket = openBucket(opts.storage);
  try {
    for await (const key of bucket.keys()) throw new Error(`the target storage is not empty (it holds ${key})`);
    const t0 = performance.now();
    await run('pg_restore', [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      `--dbname=${opts.databaseUrl}`,
      dump,
    ]);
    const databaseSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await inParallel(manifest.storage.objects, async (o) => {
      await bucket.put(o.key, await readFile(objectFile(o.key)));
      if (sha256(await bucket.get(o.key)) !== o.sha256) throw new Error(`object ${o.key} changed on its way back`);
    });
    return {
      objects: manifest.storage.objects.length,
      databaseSeconds,
      storageSeconds: (performance.now() - t1) / 1000,
    };
  } finally {
    bucket.close();
  }
}
