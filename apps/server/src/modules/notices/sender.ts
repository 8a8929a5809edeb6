import { and, asc, count, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fillNotice, NOTICE_RULES, type NoticeKind } from '@portal/contract/notices';
import type { AppContext } from '../../context.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import { members, memberMessages, noticeDeliveries, noticePrefs } from '../../db/schema.ts';
import { SmsError } from '../../providers/sms.ts';
import { noticeCounts } from '../../lib/metrics.ts';
import { chinaDayStart, inQuietHours, quietEnds } from './china-time.ts';
import { wantsOptional } from './enqueue.ts';

type Delivery = typeof noticeDeliveries.$inferSelect;
type Ctx = OutsideTxCtx<AppContext>;

/** Longer than any one provider call (SMS 5 s, SMTP 10 s per step): a lease outlives its send. */
const LEASE_MS = 120_000;
const BATCH = 20;

/** 30 s, 1 min, 2 min, ... at most an hour between tries. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export interface SenderRun {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  deferred: number;
}

/**
 * One pass of the notice sender (see ARCHITECTURE.md, "Notices"): takes the due rows under a lease
 * (UPDATE ... FOR UPDATE SKIP LOCKED, so two instances never take the same one; a lease left by a
 * killed instance ends and the row is taken again), then sends each outside any transaction and
 * records the outcome only while the lease is still its own. `now` is the clock (tests set it).
 */
export async function runNoticeSender(ctx: Ctx, now = new Date(), log?: FastifyBaseLogger): Promise<SenderRun> {
  const run: SenderRun = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0 };
  for (;;) {
    const rows = await claim(ctx, now);
    for (const row of rows) run[await deliver(ctx, row, now, log)]++;
    if (rows.length < BATCH) return run;
  }
}

async function claim(ctx: Ctx, now: Date): Promise<Delivery[]> {
  const d = noticeDeliveries;
  const due = ctx.db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.state, 'pending'), lte(d.nextAttemptAt, now), or(isNull(d.leaseUntil), lt(d.leaseUntil, now))))
    .orderBy(asc(d.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await ctx.db
    .update(d)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${d.attempts} + 1` })
    .where(inArray(d.id, due))
    .returning();
  // In the order they were written (RETURNING keeps none).
  return rows.sort((a, b) => a.id - b.id);
}

/** Records the outcome only while the row's lease is the one this pass took. */
async function settle(ctx: Ctx, row: Delivery, set: Partial<Delivery>): Promise<void> {
  await ctx.db
    .update(noticeDeliveries)
    .set({ leaseUntil: null, ...set })
    .where(and(eq(noticeDeliveries.id, row.id), eq(noticeDeliveries.leaseUntil, row.leaseUntil!)));
}

async function deliver(ctx: Ctx, row: Delivery, now: Date, log?: FastifyBaseLogger): Promise<keyof SenderRun> {
  const cfg = ctx.config.notices;
  const kind = row.kind as NoticeKind;
  const [m] = await ctx.db
    .select({ status: members.status, mobile: members.mobile, mail: members.mail, proven: members.mailVerifiedAt })
    .from(members)
    .where(eq(members.id, row.memberId));
  const skip = async (why: string) => {
    await settle(ctx, row, { state: 'skipped', lastError: why });
    return 'skipped' as const;
  };
  const wait = async (until: Date) => {
    await settle(ctx, row, { nextAttemptAt: until, attempts: row.attempts - 1 });
    return 'deferred' as const;
  };
  if (!m || m.status !== 'active') return skip('deactivated');
  if (NOTICE_RULES[kind].optional && !(await wantsOptional(ctx.db, row.memberId, kind))) return skip('turned off');
  const link = (p: string) => (ctx.config.publicUrl ? `${ctx.config.publicUrl.replace(/\/+$/, '')}${p}` : p);
  const params = { ...row.params, ...(row.params.link ? { link: link(row.params.link) } : {}) };
  try {
    if (row.channel === 'sms') {
      if (!m.mobile) return await skip('no mobile');
      if (inQuietHours(now, cfg.quietFrom, cfg.quietTo)) return await wait(quietEnds(now, cfg.quietFrom, cfg.quietTo));
      if ((await smsToday(ctx, row.memberId, now)) >= cfg.smsDailyLimit) {
        if (NOTICE_RULES[kind].optional) return await skip('daily limit');
        const tomorrow = new Date(chinaDayStart(now).getTime() + 86_400_000 + cfg.quietTo * 3_600_000);
        return await wait(tomorrow);
      }
      const templateCode = cfg.smsTemplates[kind] ?? (ctx.sms.kind === 'sandbox' ? kind : undefined);
      if (!templateCode) throw new Error(`no SMS template code for ${kind}`);
      await ctx.sms.sendTemplate(m.mobile, {
        templateCode,
        params,
        paramOrder: NOTICE_RULES[kind].params,
        text: fillNotice(NOTICE_RULES[kind].text.zh, params),
        ref: row.idemKey,
      });
    } else {
      if (!m.mail || !m.proven) return await skip('no proven e-mail');
      const [p] = await ctx.db
        .select({ lang: noticePrefs.lang })
        .from(noticePrefs)
        .where(eq(noticePrefs.memberId, row.memberId));
      const lang = p?.lang ?? 'zh';
      const rule = NOTICE_RULES[kind];
      await ctx.mail.send({
        to: m.mail,
        subject: rule.title[lang],
        text: fillNotice(rule.text[lang], params, lang),
        code: '',
      });
    }
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const giveUp =
      (e instanceof SmsError && e.reason === 'numberInvalid') ||
      now.getTime() - row.createdAt.getTime() >= cfg.failAfterHours * 3_600_000;
    log?.warn(
      { noticeId: row.id, kind, channel: row.channel, why },
      giveUp ? 'notice failed' : 'notice send failed, will retry',
    );
    await settle(ctx, row, {
      state: giveUp ? 'failed' : 'pending',
      lastError: why.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
    });
    return giveUp ? 'failed' : 'retried';
  }
  await settle(ctx, row, { state: 'sent', sentAt: now, lastError: null });
  return 'sent';
}

async function smsToday(ctx: Ctx, memberId: number, now: Date): Promise<number> {
  const d = noticeDeliveries;
  const [r] = await ctx.db
    .select({ n: count() })
    .from(d)
    .where(and(eq(d.memberId, memberId), eq(d.channel, 'sms'), eq(d.state, 'sent'), gte(d.sentAt, chinaDayStart(now))));
  return r?.n ?? 0;
}

/** Sets the `notices` gauge from the database: every instance reports the same figures. */
export async function countNotices(ctx: Ctx): Promise<void> {
  const d = noticeDeliveries;
  const rows = await ctx.db
    .select({ kind: d.kind, channel: d.channel, state: d.state, n: count() })
    .from(d)
    .groupBy(d.kind, d.channel, d.state);
  const portal = await ctx.db
    .select({ kind: memberMessages.kind, n: count() })
    .from(memberMessages)
    .groupBy(memberMessages.kind);
  noticeCounts.reset();
  for (const r of rows) noticeCounts.set({ kind: r.kind, channel: r.channel, state: r.state }, r.n);
  for (const r of portal) noticeCounts.set({ kind: r.kind, channel: 'portal', state: 'sent' }, r.n);
}
