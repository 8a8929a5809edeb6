import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

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
}

const sha256Hex = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const hmac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();

/** An S3-compatible bucket (path-style URLs), requests signed with AWS Signature Version 4. */
export class S3Storage implements Storage {
  constructor(
    private readonly o: S3Options,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** Signs a request; exported shape kept small so a test can check it against a known vector. */
  sign(method: string, url: URL, body: Uint8Array, headers: Record<string, string>, now = new Date()): Record<string, string> {
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256Hex(body);
    const all: Record<string, string> = { ...headers, host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    const names = Object.keys(all).map((h) => h.toLowerCase()).sort();
    const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v.trim()]));
    const canonicalHeaders = names.map((h) => `${h}:${lower[h]}\n`).join('');
    const signedHeaders = names.join(';');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    const canonical = [method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${this.o.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
    let k = hmac(`AWS4${this.o.secretAccessKey}`, day);
    k = hmac(k, this.o.region);
    k = hmac(k, 's3');
    k = hmac(k, 'aws4_request');
    const signature = createHmac('sha256', k).update(toSign).digest('hex');
    return {
      ...all,
      authorization: `AWS4-HMAC-SHA256 Credential=${this.o.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    };
  }

  private url(key: string): URL {
    const base = this.o.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${encodeURIComponent(this.o.bucket)}/${this.o.prefix}${checkKey(key)}`);
  }

  private async send(method: string, key: string, body: Buffer = Buffer.alloc(0), headers: Record<string, string> = {}): Promise<Response> {
    const url = this.url(key);
    const signed = this.sign(method, url, body, headers);
    return this.fetchFn(url, { method, headers: signed, body: method === 'PUT' ? new Uint8Array(body) : undefined });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, { 'content-type': contentType });
    if (!res.ok) throw new Error(`storage put failed: ${res.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`storage get failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok || !res.body) throw new Error(`storage get failed: ${res.status}`);
    return { body: Readable.fromWeb(res.body as unknown as WebReadableStream), size: Number(res.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`storage delete failed: ${res.status}`);
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
