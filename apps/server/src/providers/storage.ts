import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../lib/errors.ts';
import { storageCircuitOpen } from '../lib/metrics.ts';

/** Where photo bytes live: the local disk by default, an S3-compatible bucket by config. */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The bytes as a stream with their length (downloads), or null when there is no such object. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  /**
   * Throws StorageUnavailable at once while the storage is known to be unreachable (its circuit is
   * open), so work whose end is a write (the photo check) is not spent first.
   */
  assertAvailable(): void;
  /** 'unavailable' while the circuit is open (readiness body, metrics); local drivers are always 'ok'. */
  state(): 'ok' | 'unavailable';
  /**
   * A large object written part by part (an export's ZIP), never whole in memory: parts numbered
   * from 1, each at least PART_MIN_BYTES but the last; a part put again replaces it, so a writer
   * resuming after a crash puts its uncommitted parts again. The object appears on completion.
   */
  startUpload(key: string, contentType: string): Promise<string>;
  /** The part's tag, to be given back on completion. */
  putPart(key: string, uploadId: string, n: number, bytes: Buffer): Promise<string>;
  completeUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abortUpload(key: string, uploadId: string): Promise<void>;
}

export interface UploadedPart {
  n: number;
  etag: string;
}

/** S3's smallest part but the last. */
export const PART_MIN_BYTES = 5 * 1024 * 1024;

/** The photo storage cannot be reached (refused, reset, timed out, failing with 5xx) or is known to be down: 503. */
export class StorageUnavailable extends AppError {
  constructor(cause?: unknown) {
    super(503, 'photo.storageUnavailable');
    this.name = 'StorageUnavailable';
    if (cause !== undefined) this.cause = cause;
  }
}

/** The circuit of a remote storage (see ARCHITECTURE.md, "Growing past one machine"). */
export interface CircuitOptions {
  /** Consecutive connection failures or timeouts that open the circuit. */
  failuresToOpen: number;
  /** How long an open circuit refuses at once before one call may try again (half-open). */
  openMs: number;
  /** The longest a storage call may take before it counts as a failure. */
  timeoutMs: number;
}

export const DEFAULT_CIRCUIT: CircuitOptions = { failuresToOpen: 3, openMs: 5000, timeoutMs: 5000 };

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** A failure to reach the service or a service failing (5xx), not an answer about the object or the request. */
function isConnectionFailure(e: unknown): boolean {
  for (let cur = e as Record<string, unknown> | undefined, i = 0; cur && i < 4; cur = cur.cause as typeof cur, i++) {
    if (typeof cur.code === 'string' && CONNECTION_CODES.has(cur.code)) return true;
    if (cur.name === 'TimeoutError' || cur.name === 'AbortError') return true;
    const status = (cur.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode;
    if (typeof status === 'number' && status >= 500) return true;
  }
  return false;
}

/**
 * A circuit breaker: closed, calls go through (each with a time limit); after `failuresToOpen`
 * consecutive connection failures or timeouts it opens and every call fails at once with
 * StorageUnavailable; after `openMs` it half-opens and lets one call try: its success closes
 * the circuit, its failure opens it again. Any answer from the service (a missing key, a refusal)
 * counts as reachable.
 */
export class Circuit {
  private failures = 0;
  private openedAt: number | null = null;
  private trying = false;
  constructor(
    readonly o: CircuitOptions,
    private readonly onChange: (open: boolean) => void = () => {},
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return Date.now() - this.openedAt >= this.o.openMs ? 'half-open' : 'open';
  }

  /** True while a call would be refused at once. */
  get refusing(): boolean {
    const s = this.state;
    return s === 'open' || (s === 'half-open' && this.trying);
  }

  async run<T>(op: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.refusing) throw new StorageUnavailable();
    const trial = this.state === 'half-open';
    if (trial) this.trying = true;
    const ac = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new Error(`storage call timed out after ${this.o.timeoutMs} ms`);
        err.name = 'TimeoutError';
        ac.abort(err);
        reject(err);
      }, this.o.timeoutMs);
    });
    try {
      const r = await Promise.race([op(ac.signal), timeout]);
      this.reached();
      return r;
    } catch (e) {
      if (ac.signal.aborted || isConnectionFailure(e)) {
        this.failed();
        throw new StorageUnavailable(e);
      }
      this.reached();
      throw e;
    } finally {
      clearTimeout(timer);
      if (trial) this.trying = false;
    }
  }

  private reached(): void {
    this.failures = 0;
    if (this.openedAt !== null) {
      this.openedAt = null;
      this.onChange(false);
    }
  }

  private failed(): void {
    this.failures++;
    const wasOpen = this.openedAt !== null;
    if (wasOpen || this.failures >= this.o.failuresToOpen) {
      this.openedAt = Date.now();
      if (!wasOpen) this.onChange(true);
    }
  }
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

  assertAvailable(): void {}
  state() {
    return 'ok' as const;
  }

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

  /** Parts are files beside the object's, joined in order on completion. */
  async startUpload(key: string): Promise<string> {
    await mkdir(path.dirname(this.file(key)), { recursive: true });
    return 'disk';
  }

  private partFile(key: string, n: number): string {
    return `${this.file(key)}.part-${n}`;
  }

  async putPart(key: string, _uploadId: string, n: number, bytes: Buffer): Promise<string> {
    const f = this.partFile(key, n);
    await writeFile(`${f}.tmp`, bytes, { mode: 0o600 });
    await rename(`${f}.tmp`, f);
    return String(n);
  }

  async completeUpload(key: string, _uploadId: string, parts: UploadedPart[]): Promise<void> {
    const f = this.file(key);
    const tmp = `${f}.${process.pid}.tmp`;
    const out = createWriteStream(tmp, { mode: 0o600 });
    for (const p of parts) await pipeline(createReadStream(this.partFile(key, p.n)), out, { end: false });
    await new Promise<void>((ok, fail) => out.end((e?: Error | null) => (e ? fail(e) : ok())));
    await rename(tmp, f);
    for (const p of parts) await rm(this.partFile(key, p.n), { force: true });
  }

  async abortUpload(key: string): Promise<void> {
    const dir = path.dirname(this.file(key));
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const n of names) if (n.startsWith(`${checkKey(key)}.part-`)) await rm(path.join(dir, n), { force: true });
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
  assertAvailable(): void {}
  state() {
    return 'ok' as const;
  }
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
  readonly uploads = new Map<string, Map<number, Buffer>>();
  async startUpload(key: string): Promise<string> {
    const id = `${checkKey(key)}:${this.uploads.size + 1}`;
    this.uploads.set(id, new Map());
    return id;
  }
  async putPart(_key: string, uploadId: string, n: number, bytes: Buffer): Promise<string> {
    this.uploads.get(uploadId)!.set(n, Buffer.from(bytes));
    return String(n);
  }
  async completeUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    const got = this.uploads.get(uploadId)!;
    this.objects.set(checkKey(key), Buffer.concat(parts.map((p) => got.get(p.n)!)));
    this.uploads.delete(uploadId);
  }
  async abortUpload(_key: string, uploadId: string): Promise<void> {
    this.uploads.delete(uploadId);
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
  /** The circuit breaker and time limit of every call (DEFAULT_CIRCUIT when not given). */
  circuit?: CircuitOptions;
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
  readonly circuit: Circuit;
  constructor(private readonly o: S3Options) {
    const c = o.circuit ?? DEFAULT_CIRCUIT;
    this.circuit = new Circuit(c, (open) => storageCircuitOpen.set(open ? 1 : 0));
    this.client = new S3Client({
      endpoint: o.endpoint,
      region: o.region,
      credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      forcePathStyle: o.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A service that accepts and never answers fails in time (the circuit's limit covers the retries too).
      requestHandler: new NodeHttpHandler({ connectionTimeout: c.timeoutMs, requestTimeout: c.timeoutMs }),
    });
  }

  assertAvailable(): void {
    if (this.circuit.refusing) throw new StorageUnavailable();
  }

  state() {
    return this.circuit.state === 'open' ? ('unavailable' as const) : ('ok' as const);
  }

  private key(key: string): string {
    return `${this.o.prefix}${checkKey(key)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const Key = this.key(key);
    await this.circuit.run((abortSignal) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.o.bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
        { abortSignal },
      ),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = this.key(key);
    return this.circuit.run(async (abortSignal) => {
      try {
        const r = await this.client.send(new GetObjectCommand({ Bucket: this.o.bucket, Key }), { abortSignal });
        return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    });
  }

  /** The time limit covers the answer's start; the body then streams at the client's pace. */
  async stream(key: string): Promise<{ body: Readable; size: number } | null> {
    const Key = this.key(key);
    return this.circuit.run(async (abortSignal) => {
      try {
        const r = await this.client.send(new GetObjectCommand({ Bucket: this.o.bucket, Key }), { abortSignal });
        if (!r.Body) return { body: Readable.from([]), size: 0 };
        return { body: r.Body as Readable, size: r.ContentLength ?? 0 };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const Key = this.key(key);
    await this.circuit.run(async (abortSignal) => {
      try {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.o.bucket, Key }), { abortSignal });
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    });
  }

  async startUpload(key: string, contentType: string): Promise<string> {
    const Key = this.key(key);
    const r = await this.circuit.run((abortSignal) =>
      this.client.send(new CreateMultipartUploadCommand({ Bucket: this.o.bucket, Key, ContentType: contentType }), {
        abortSignal,
      }),
    );
    return r.UploadId!;
  }

  async putPart(key: string, uploadId: string, n: number, bytes: Buffer): Promise<string> {
    const Key = this.key(key);
    const r = await this.circuit.run((abortSignal) =>
      this.client.send(
        new UploadPartCommand({
          Bucket: this.o.bucket,
          Key,
          UploadId: uploadId,
          PartNumber: n,
          Body: bytes,
          ContentLength: bytes.length,
        }),
        { abortSignal },
      ),
    );
    return r.ETag!;
  }

  async completeUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    const Key = this.key(key);
    await this.circuit.run((abortSignal) =>
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.o.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
        }),
        { abortSignal },
      ),
    );
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    const Key = this.key(key);
    await this.circuit.run((abortSignal) =>
      this.client.send(new AbortMultipartUploadCommand({ Bucket: this.o.bucket, Key, UploadId: uploadId }), {
        abortSignal,
      }),
    );
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
