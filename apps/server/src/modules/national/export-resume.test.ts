import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { nationalExports } from '../../db/schema.ts';
import { MemoryStorage } from '../../providers/storage.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { createApprovedPhotos } from '../dev/dev-national-report.ts';
import { claimExport, runExport } from './export-runner.ts';
import { unzip } from './export-zip.testkit.ts';

// The runner driven directly, as two instances would: no start route, so no worker kicks in.
let app: FastifyInstance;
useTestApp((built) => (app = built));

class Crash extends Error {}

async function queue(yxdm?: string) {
  const [j] = await app.ctx.db
    .insert(nationalExports)
    .values({ staffId: 1, scope: yxdm ? { yxdm } : {}, photoCount: 0, state: 'queued', total: 0 })
    .returning();
  return j!;
}

async function zipOf(id: number) {
  const [j] = await app.ctx.db.select().from(nationalExports).where(eq(nationalExports.id, id));
  return { job: j!, files: await unzip((await app.ctx.storage.get(j!.storageKey!))!) };
}

describe('an export job across instances', () => {
  it('one claim per job: a second instance finds nothing to take while the first is alive', async () => {
    const j = await queue('10001');
    const [one, two] = await Promise.all([claimExport(app.ctx), claimExport(app.ctx)]);
    expect([one?.id, two?.id].filter(Boolean)).toEqual([j.id]);
    expect(await claimExport(app.ctx)).toBeNull();
    await app.ctx.db.update(nationalExports).set({ state: 'failed' }).where(eq(nationalExports.id, j.id));
  });

  it('a crash mid-export is resumed from its checkpoint by another instance: every photo once, manifests whole', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800003711', yxdm: '10011', known: 0, unknown: 3 });
    await createApprovedPhotos(app.ctx, { mobile: '13800003712', yxdm: '10012', known: 0, unknown: 4 });
    const q = await queue();
    const first = await claimExport(app.ctx);
    expect(first?.id).toBe(q.id);
    // A part (and checkpoint) after each chunk (two photos, then the page's third); the instance dies after the second.
    await expect(
      runExport(app.ctx, first!, {
        partBytes: 1,
        pageSize: 3,
        concurrency: 2,
        afterCheckpoint: (n) => {
          if (n === 2) throw new Crash();
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    const [mid] = await app.ctx.db.select().from(nationalExports).where(eq(nationalExports.id, q.id));
    expect(mid).toMatchObject({ state: 'running', done: 3, photoCount: 3 });
    // Alive as far as anyone knows: not taken over; once its heartbeat is stale, it is.
    expect(await claimExport(app.ctx)).toBeNull();
    const second = await claimExport(app.ctx, 0);
    expect(second?.id).toBe(q.id);
    expect(second!.claimToken).not.toBe(first!.claimToken);
    expect(await runExport(app.ctx, second!, { partBytes: 1, pageSize: 3, concurrency: 2 })).toBe('done');
    // The first instance, back from the dead, finds its claim gone and writes nothing.
    expect(await runExport(app.ctx, first!, { partBytes: 1 })).toBe('lost');

    const { job, files } = await zipOf(q.id);
    expect(job).toMatchObject({ state: 'done', done: 7, photoCount: 7, leftOut: 0 });
    const photos = [...files.keys()].filter((k) => k.endsWith('.jpg'));
    expect(photos.filter((k) => k.startsWith('10011/'))).toHaveLength(3);
    expect(photos.filter((k) => k.startsWith('10012/'))).toHaveLength(4);
    for (const school of ['10011', '10012']) {
      const lines = files.get(`${school}/manifest.csv`)!.toString().trim().split('\r\n').slice(1);
      expect(lines.map((l) => `${school}/${l.split(',')[0]}`).sort()).toEqual(
        photos.filter((k) => k.startsWith(`${school}/`)).sort(),
      );
    }
  });

  it('an instance stopping lets the job go at once; the next claim finishes it', async () => {
    await createApprovedPhotos(app.ctx, { mobile: '13800003713', yxdm: '10013', known: 0, unknown: 3 });
    const q = await queue('10013');
    const job = await claimExport(app.ctx);
    let calls = 0;
    expect(await runExport(app.ctx, job!, { concurrency: 1, stopping: () => ++calls > 1 })).toBe('stopped');
    const next = await claimExport(app.ctx);
    expect(next?.id).toBe(q.id);
    expect(await runExport(app.ctx, next!)).toBe('done');
    const { files } = await zipOf(q.id);
    expect([...files.keys()].filter((k) => k.endsWith('.jpg'))).toHaveLength(3);
  });

  it('the test storage is the in-memory one (parts of any size)', () => {
    expect(app.ctx.storage).toBeInstanceOf(MemoryStorage);
  });
});
