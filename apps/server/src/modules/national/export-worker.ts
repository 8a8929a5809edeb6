import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { nationalExports } from '../../db/schema.ts';
import { claimExport, runExport } from './export-runner.ts';

declare module '../../context.ts' {
  interface ModuleState {
    /** The export worker of this instance (export-worker.ts): kicked when staff start an export. */
    exportWorker?: { kick(): void };
  }
}

/** How often an idle instance looks for a waiting export or one left by a stopped instance. */
const POLL_MS = 3000;

/**
 * National exports in the background (see ARCHITECTURE.md, "Growing past one machine"): every
 * instance polls for a job to claim, a claim lets one instance run it, and a job whose instance
 * stopped or died is claimed again once its heartbeat is stale, resuming from its checkpoint. On
 * close the running job is let go at its next photo (resumed by whichever instance claims it).
 */
export const nationalExportWorker: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;

  const drain = async () => {
    for (;;) {
      const job = await claimExport(ctx);
      if (!job) return;
      try {
        if ((await runExport(ctx, job, { stopping: () => closing })) === 'stopped') return;
      } catch (err) {
        app.log.error({ err, exportId: job.id }, 'national export failed');
        await ctx.db
          .update(nationalExports)
          .set({ state: 'failed', lastError: (err as Error).message.slice(0, 200), claimToken: null })
          .where(eq(nationalExports.id, job.id));
      }
    }
  };
  const kick = () => {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => app.log.error({ err }, 'national export worker failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  ctx.exportWorker = { kick };
  // Tests kick it through the start route only, so a test's own claims meet no timer.
  const timer = ctx.config.env === 'test' ? null : setInterval(kick, POLL_MS);
  timer?.unref();
  app.addHook('preClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
};
