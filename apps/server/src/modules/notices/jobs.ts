import type { FastifyInstance } from 'fastify';
import { countNotices, runNoticeSender } from './sender.ts';
import { remindDeadlines } from './deadline.ts';

/** How often the deadline reminders are looked for (each is written once, so a rerun adds none). */
const REMIND_EVERY_MS = 3_600_000;
const COUNT_EVERY_MS = 60_000;

/**
 * Starts the notice sender and the deadline reminders (NOTICE_SEND_SECONDS; off at 0 and in
 * tests, which run them with their own clock); stopped before the server and database close,
 * the pass under way finishing first.
 */
export function startNoticeJobs(app: FastifyInstance): void {
  const { ctx } = app;
  const every = ctx.config.notices.sendSeconds;
  if (every <= 0 || ctx.config.env === 'test') return;
  let run: Promise<unknown> = Promise.resolve();
  let lastCount = 0;
  let lastRemind = 0;
  let closing = false;
  const tick = () => {
    run = run.then(async () => {
      if (closing) return;
      try {
        const now = Date.now();
        if (now - lastRemind >= REMIND_EVERY_MS) {
          lastRemind = now;
          await remindDeadlines(ctx);
        }
        await runNoticeSender(ctx, new Date(), app.log);
        if (now - lastCount >= COUNT_EVERY_MS) {
          lastCount = now;
          await countNotices(ctx);
        }
      } catch (err) {
        app.log.error({ err }, 'notice sender failed');
      }
    });
  };
  const timer = setInterval(tick, every * 1000);
  timer.unref();
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await run;
  });
}
