import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where photo bytes live: the local disk by default, an S3-compatible bucket by config. */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The bytes as a stream with their length (downloads), or null when there is no such object. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
}

/** Keys are ours (random hex, a dot, an extension); anything else is refused before touching a path. */
const KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/;
function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error('bad storage key');
  return key;
}

/** Files under a folder (DATA_DIR/uploads), written atomically. */
export class DiskStorage implements Storage {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    const k = checkKey(key);
    return path.join(this.dir, k.slice(0, 2), k);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const f = this.file(key);
    await mkdir(path.dirname(f), { recursive: true });
    const tmp = `${f}.${process.pid}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, f);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    const f = this.file(key);
    try {
      const s = await stat(f);
      return { body: createReadStream(f), size: s.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }
}

/** In memory, for tests on an in-memory database. */
export class MemoryStorage implements Storage {
  readonly objects = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    this.objects.set(checkKey(key), Buffer.from(bytes));
  }
  async get(key: string): Promise<Buffer | null> {
    return this.objects.get(checkKey(key)) ?? null;
  }
  async delete(key: string): Promise<void> {
    this.objects.delete(checkKey(key));
  }
  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    const b = this.objects.get(checkKey(key));
    return b ? { body: Readable.from([b]), size: b.length } : null;
  }
}

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
  /** Bucket in the path (MinIO) rather than in the host name (AWS, Alibaba OSS, Tencent COS). */
  forcePathStyle: boolean;
}

/** No such object, however the service words it (NoSuchKey, NotFound, a bare 404). */
function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket through the official AWS SDK: AWS itself, Alibaba OSS, Tencent COS and
 * MinIO through their S3 endpoints. Checksums only where the API requires them: the services
 * speaking S3 do not all know the SDK's newer default ones.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  constructor(private readonly o: S3Options) {
    this.client = new S3Client({
      endpoint: o.endpoint,
      region: o.region,
      credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      forcePathStyle: o.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(key: string): string {
    return `${this.o.prefix}${checkKey(key)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.o.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }));
      return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }));
      if (!r.Body) return { body: Readable.from([]), size: 0 };
      return { body: r.Body as Readable, size: r.ContentLength ?? 0 };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  /** Closes the client's connections (app shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}

/** The storage the config asks for. */
export function openStorage(
  opts: { driver: 'disk' } | ({ driver: 's3' } & S3Options),
  dataDir: string,
  ephemeral: boolean,
): Storage {
  if (opts.driver === 's3') return new S3Storage(opts);
  if (ephemeral) return new MemoryStorage();
  return new DiskStorage(path.join(dataDir, 'uploads'));
}
