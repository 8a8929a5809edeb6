import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/contract/messages';
import type { AppContext } from '../../context.ts';
import { withTx } from '../../db/tx.ts';
import { nationalExportFiles, nationalExports } from '../../db/schema.ts';
import { PART_MIN_BYTES, type UploadedPart } from '../../providers/storage.ts';
import { writeAudit } from '../staff/public.ts';
import { pageAfter, type ExportRow, type ExportScope } from './export-rows.ts';
import { centralRecord, dosTime, endRecords, storedFile, type ZipEntry } from './export-zip.ts';
import { nationalJpeg } from './staff-export.ts';

type Job = typeof nationalExports.$inferSelect;
type FileRow = typeof nationalExportFiles.$inferInsert;
export type LeftOutReason = 'photoMissing' | 'photoUnreadable' | 'noIdNumber' | 'duplicateId';

export interface ExportRunOptions {
  /** A claim older than this is taken over (its instance stopped or died). */
  staleMs?: number;
  /** ZIP bytes per stored part and checkpoint (S3 takes 5 MB and up; tests go smaller on memory storage). */
  partBytes?: number;
  pageSize?: number;
  /** Photos converted at once. */
  concurrency?: number;
  /** True once the instance is stopping: the job is let go at the next photo, to be resumed. */
  stopping?: () => boolean;
  /** Tests: called after each checkpoint (a throw plays a crash). */
  afterCheckpoint?: (n: number) => Promise<void> | void;
}

export const EXPORT_STALE_MS = 60_000;
export const EXPORT_PART_BYTES = 8 * 1024 * 1024;
const PROGRESS_EVERY_MS = 1000;

/** The other instance's claim is gone: this one stops at once and writes nothing more. */
class LostClaim extends Error {}

/**
 * Claims the oldest export waiting or left by a stopped instance: one instance runs a job at a
 * time (the row is locked while claimed, SKIP LOCKED passes over a claim being taken elsewhere).
 */
export async function claimExport(ctx: AppContext, staleMs = EXPORT_STALE_MS): Promise<Job | null> {
  return withTx(ctx, async (t) => {
    const [free] = await t.db
      .select({ id: nationalExports.id })
      .from(nationalExports)
      .where(
        and(
          inArray(nationalExports.state, ['queued', 'running']),
          or(
            isNull(nationalExports.claimToken),
            lt(nationalExports.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
          ),
        ),
      )
      .orderBy(asc(nationalExports.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free) return null;
    const [job] = await t.db
      .update(nationalExports)
      .set({ state: 'running', claimToken: randomUUID(), heartbeatAt: sql`now()` })
      .where(eq(nationalExports.id, free.id))
      .returning();
    return job ?? null;
  });
}

/** The file name of a row: its ID number (the national standard), or why it is left out. */
function fileBase(ctx: AppContext, r: ExportRow): string | null {
  const id = r.idNumEnc ? ctx.pii.decrypt(r.idNumEnc) : '';
  const clean = id.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return clean || null;
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const folderOf = (yxdm: string) => yxdm || 'no-school';
const MANIFEST_HEAD = 'file,name,yxdm,school,studentId,orderNo';
const LEFT_OUT_HEAD = 'yxdm,name,studentId,orderNo,reason';
const reasonText = (r: string) => MESSAGES[`console.exportLeftOut.${r}` as keyof typeof MESSAGES]?.zh ?? r;

/** A row made ready off the event loop: the converted photo, or why it is left out. */
async function prepare(ctx: AppContext, r: ExportRow): Promise<{ jpeg: Buffer } | { reason: LeftOutReason }> {
  if (!fileBase(ctx, r)) return { reason: 'noIdNumber' };
  const input = r.storageKey ? await ctx.storage.get(r.storageKey) : null;
  if (!input) return { reason: 'photoMissing' };
  try {
    return { jpeg: await nationalJpeg(input) };
  } catch {
    return { reason: 'photoUnreadable' };
  }
}

/**
 * Runs a claimed export to its end (or until the instance stops or loses the claim): rows school by
 * school, each photo converted and appended to the ZIP, written to storage a part at a time; each
 * part is a checkpoint (the part's tag, the bytes so far, the last row and the entries it holds, in
 * one transaction), from which a later claim resumes. Progress (rows done, left out) is written
 * about each second. At the end: each school's manifest, the list of rows left out and why, the
 * central directory; the job is done and audited.
 */
export async function runExport(
  ctx: AppContext,
  job: Job,
  opts: ExportRunOptions = {},
): Promise<'done' | 'stopped' | 'lost'> {
  const partBytes = opts.partBytes ?? EXPORT_PART_BYTES;
  const pageSize = opts.pageSize ?? 200;
  const concurrency = opts.concurrency ?? 4;
  const token = job.claimToken!;
  const scope = job.scope as ExportScope;
  const at = dosTime(job.createdAt);
  const mine = and(eq(nationalExports.id, job.id), eq(nationalExports.claimToken, token));

  // Where the last checkpoint left the job (all zero for a new one).
  let key = job.storageKey;
  let uploadId = job.uploadId;
  if (!key || !uploadId) {
    key = `export-${job.id}-${randomBytes(8).toString('hex')}.zip`;
    uploadId = await ctx.storage.startUpload(key, 'application/zip');
    const set = await ctx.db
      .update(nationalExports)
      .set({ storageKey: key, uploadId })
      .where(mine)
      .returning({ id: nationalExports.id });
    if (!set.length) return 'lost';
  }
  const parts: UploadedPart[] = [...job.parts];
  let offset = job.bytes;
  let school: string | null = job.cursorYxdm;
  let cursorId = job.cursorId;
  const counted = await ctx.db
    .select({ kind: nationalExportFiles.kind, n: sql<number>`count(*)::int` })
    .from(nationalExportFiles)
    .where(eq(nationalExportFiles.exportId, job.id))
    .groupBy(nationalExportFiles.kind);
  let photoCount = counted.find((c) => c.kind === 'photo')?.n ?? 0;
  let leftOut = counted.find((c) => c.kind === 'left-out')?.n ?? 0;
  // The current school's manifest lines and names so far (its manifest is written when it ends).
  let manifest: string[] = [];
  let used = new Set<string>();
  if (school !== null) {
    const had = await ctx.db
      .select({ name: nationalExportFiles.name, line: nationalExportFiles.line })
      .from(nationalExportFiles)
      .where(
        and(
          eq(nationalExportFiles.exportId, job.id),
          eq(nationalExportFiles.kind, 'photo'),
          eq(nationalExportFiles.yxdm, school),
        ),
      )
      .orderBy(asc(nationalExportFiles.id));
    manifest = had.map((h) => h.line!);
    used = new Set(had.map((h) => h.name!.slice(h.name!.lastIndexOf('/') + 1)));
  }

  let buf: Buffer[] = [];
  let bufLen = 0;
  let pending: FileRow[] = [];
  let lastProgress = 0;

  const append = (name: string, bytes: Buffer): ZipEntry => {
    const { chunk, entry } = storedFile(name, bytes, offset, at);
    buf.push(chunk);
    bufLen += chunk.length;
    offset += chunk.length;
    return entry;
  };
  const closeSchool = () => {
    if (school === null) return;
    const bytes = Buffer.from(`\uFEFF${[MANIFEST_HEAD, ...manifest].join('\r\n')}\r\n`);
    const e = append(`${folderOf(school)}/manifest.csv`, bytes);
    pending.push({ exportId: job.id, kind: 'manifest', yxdm: school, ...entryCols(e) });
  };
  const putBuffered = async () => {
    const n = parts.length + 1;
    const etag = await ctx.storage.putPart(key, uploadId, n, Buffer.concat(buf));
    parts.push({ n, etag });
    buf = [];
    bufLen = 0;
  };
  const checkpoint = async () => {
    await putBuffered();
    await withTx(ctx, async (t) => {
      const set = await t.db
        .update(nationalExports)
        .set({
          bytes: offset,
          parts,
          cursorYxdm: school,
          cursorId,
          done: photoCount + leftOut,
          leftOut,
          photoCount,
          heartbeatAt: sql`now()`,
        })
        .where(mine)
        .returning({ id: nationalExports.id });
      if (!set.length) throw new LostClaim();
      if (pending.length) await t.db.insert(nationalExportFiles).values(pending);
    });
    pending = [];
    await opts.afterCheckpoint?.(parts.length);
  };
  const progress = async (force = false) => {
    if (!force && Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    const set = await ctx.db
      .update(nationalExports)
      .set({ done: photoCount + leftOut, leftOut, photoCount, heartbeatAt: sql`now()` })
      .where(mine)
      .returning({ id: nationalExports.id });
    if (!set.length) throw new LostClaim();
  };

  try {
    for (;;) {
      const rows = await pageAfter(ctx.db, scope, job.branch, { yxdm: school ?? '', id: cursorId }, pageSize);
      if (!rows.length) break;
      for (let i = 0; i < rows.length; i += concurrency) {
        if (opts.stopping?.()) {
          await ctx.db.update(nationalExports).set({ claimToken: null, heartbeatAt: null }).where(mine);
          return 'stopped';
        }
        const chunk = rows.slice(i, i + concurrency);
        const ready = await Promise.all(chunk.map((r) => prepare(ctx, r)));
        for (const [j, r] of chunk.entries()) {
          if (r.yxdm !== school) {
            closeSchool();
            school = r.yxdm;
            manifest = [];
            used = new Set();
          }
          let got = ready[j]!;
          const name = `${fileBase(ctx, r)}.jpg`;
          if ('jpeg' in got && used.has(name)) got = { reason: 'duplicateId' };
          if ('reason' in got) {
            leftOut++;
            const line = [r.yxdm, r.name, r.studentId ?? '', r.orderNo, reasonText(got.reason)].map(csvCell).join(',');
            pending.push({
              exportId: job.id,
              kind: 'left-out',
              orderDetailId: r.id,
              yxdm: r.yxdm,
              line,
              reason: got.reason,
            });
          } else {
            const e = append(`${folderOf(r.yxdm)}/${name}`, got.jpeg);
            used.add(name);
            const line = [name, r.name, r.yxdm, r.schoolName ?? '', r.studentId ?? '', r.orderNo]
              .map(csvCell)
              .join(',');
            manifest.push(line);
            photoCount++;
            pending.push({ exportId: job.id, kind: 'photo', orderDetailId: r.id, yxdm: r.yxdm, line, ...entryCols(e) });
          }
          cursorId = r.id;
        }
        if (bufLen >= Math.max(partBytes, 1)) await checkpoint();
        else await progress(lastProgress === 0);
      }
    }
    await finish();
    return 'done';
  } catch (e) {
    if (e instanceof LostClaim) return 'lost';
    throw e;
  }

  /** The last manifest, the left-out list and the central directory; then the object and the job's end. */
  async function finish() {
    closeSchool();
    const committed = (kinds: ('photo' | 'manifest' | 'left-out')[], afterId: number) =>
      ctx.db
        .select()
        .from(nationalExportFiles)
        .where(
          and(
            eq(nationalExportFiles.exportId, job.id),
            inArray(nationalExportFiles.kind, kinds),
            gt(nationalExportFiles.id, afterId),
          ),
        )
        .orderBy(asc(nationalExportFiles.id))
        .limit(5000);
    const flushIfFull = async () => {
      if (bufLen >= Math.max(partBytes, PART_MIN_BYTES)) await putBuffered();
    };
    if (leftOut) {
      const lines = [LEFT_OUT_HEAD];
      for (let after = 0; ;) {
        const page = await committed(['left-out'], after);
        if (!page.length) break;
        lines.push(...page.map((p) => p.line!));
        after = page.at(-1)!.id;
      }
      lines.push(...pending.filter((p) => p.kind === 'left-out').map((p) => p.line!));
      const e = append('left-out.csv', Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`));
      pending.push({ exportId: job.id, kind: 'manifest', yxdm: '', ...entryCols(e) });
    }
    const cdStart = offset;
    let count = 0;
    const record = (e: ZipEntry) => {
      const b = centralRecord(e, at);
      buf.push(b);
      bufLen += b.length;
      offset += b.length;
      count++;
    };
    for (let after = 0; ;) {
      const page = await committed(['photo', 'manifest'], after);
      if (!page.length) break;
      for (const p of page) record({ name: p.name!, crc32: p.crc32, size: p.size, offset: p.offset });
      after = page.at(-1)!.id;
      await flushIfFull();
    }
    for (const p of pending)
      if (p.kind !== 'left-out') record({ name: p.name!, crc32: p.crc32!, size: p.size!, offset: p.offset! });
    const end = endRecords(count, cdStart, offset - cdStart);
    buf.push(end);
    bufLen += end.length;
    offset += end.length;
    await putBuffered();
    // The object appears before the job says done: a job marked done always has its file.
    const [still] = await ctx.db.select({ id: nationalExports.id }).from(nationalExports).where(mine);
    if (!still) throw new LostClaim();
    await ctx.storage.completeUpload(key!, uploadId!, parts);
    await withTx(ctx, async (t) => {
      const set = await t.db
        .update(nationalExports)
        .set({
          state: 'done',
          bytes: offset,
          parts,
          done: photoCount + leftOut,
          total: sql`greatest(${nationalExports.total}, ${photoCount + leftOut})`,
          leftOut,
          photoCount,
          claimToken: null,
          heartbeatAt: null,
          finishedAt: sql`now()`,
        })
        .where(mine)
        .returning({ id: nationalExports.id });
      if (!set.length) throw new LostClaim();
      if (pending.length) await t.db.insert(nationalExportFiles).values(pending);
      await writeAudit(
        t.db,
        { staffId: job.staffId },
        {
          action: 'national.export',
          targetKind: 'export',
          targetId: job.id,
          after: { ...scope, count: photoCount, leftOut },
        },
      );
    });
    pending = [];
  }
}

function entryCols(e: ZipEntry) {
  return { name: e.name, crc32: e.crc32, size: e.size, offset: e.offset };
}
