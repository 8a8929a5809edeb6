import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { verificationCodes } from '../../db/schema.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { AppError, badRequest, tooMany } from '../../http/errors.ts';
import { SmsError } from '../../providers/sms.ts';
import { MailError } from '../../providers/mail.ts';
import { bump, networkOf, purgeSometimes, unbump } from './counters.ts';
import { checkCaptcha } from './captcha.ts';
import { codeBudgetUsed, codeBudgetAlerts, codeSendFailures } from './code-metrics.ts';
import { codeMail, codeSms, type CodePurpose } from './code-texts.ts';

/** SMS and e-mail code rules (document 1, sections 4 and 9; issue 3). */
export const CODE_RULES = {
  digits: 6,
  ttlSeconds: 300,
  maxWrongTries: 5,
  resendSeconds: 60,
  perTargetHour: 5,
  perTargetDay: 10,
  /** Codes a logged-in member may have sent (mobile and e-mail change, first-in, deactivation). */
  perMemberHour: 5,
  perMemberDay: 10,
} as const;

/** The budget's fill levels that raise a log warning and a metric (issue 17). */
export const BUDGET_ALARMS = [50, 80] as const;

export type CodeChannel = 'sms' | 'mail';

interface Log {
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

function hashCode(ctx: AppContext, channel: CodeChannel, target: string, purpose: CodePurpose, code: string): string {
  return ctx.pii.blindIndex(`code:${channel}:${target}:${purpose}:${code}`);
}

/** Counter keys carry blind indexes, never a mobile, e-mail or address in clear (PIPL). */
export function counterKeys(ctx: Pick<AppContext, 'pii'>, channel: CodeChannel, target: string, ip: string) {
  const h = (s: string) => ctx.pii.blindIndex(s).slice(0, 32);
  const t = h(`${channel}:${target}`);
  return {
    ipHour: `code:ip:${h(`ip:${ip}`)}`,
    targetHour: `code:${channel}:${t}:h`,
    targetDay: `code:${channel}:${t}:d`,
    address: `code:${channel}:addr:${h(`ip:${ip}`)}:d`,
    network: `code:${channel}:net:${h(`net:${networkOf(ip)}`)}:d`,
    // A 7-digit number segment is ten thousand subscribers, not a person: kept readable for operators.
    prefix: channel === 'sms' ? `code:sms:prefix:${target.slice(0, 7)}:d` : null,
    all: `code:${channel}:all:d`,
  };
}

/** A member's own code counters (a blind index of the id, like every other key). */
function memberKeys(ctx: Pick<AppContext, 'pii'>, memberId: number) {
  const m = ctx.pii.blindIndex(`member:${memberId}`).slice(0, 32);
  return { hour: `code:member:${m}:h`, day: `code:member:${m}:d` };
}

/** A share of the daily budget, at least one code. */
const shareOf = (budget: number, percent: number) => Math.max(1, Math.ceil((budget * percent) / 100));

/** A "registered?" answer of the binding step 1 counts against the address's caps like a code. */
export async function countLookup(
  ctx: AppContext,
  channel: CodeChannel,
  target: string,
  ip: string,
): Promise<AppError | null> {
  const k = counterKeys(ctx, channel, target, ip);
  const { config } = ctx;
  if ((await bump(ctx.db, k.ipHour, 3600)) > config.codeIpHourly) return tooMany('code.ipLimit');
  if ((await bump(ctx.db, k.address, 86400)) > shareOf(config.codeDailyBudget, config.codeShares.address))
    return tooMany('code.ipLimit');
  if ((await bump(ctx.db, k.network, 86400)) > shareOf(config.codeDailyBudget, config.codeShares.network))
    return tooMany('code.ipLimit');
  return null;
}

export interface SendCodeOpts {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  ip: string;
  lang: 'zh' | 'en';
  captcha: { token: string; answer: string };
  /** The logged-in member asking (changes and deactivation): counted per member too. */
  memberId?: number;
}

/**
 * Sends a fresh code, each one paid for with a fresh captcha answer bound to the target, after the
 * abuse limits: 60 s between codes to one target, 5 an hour and 10 a day per target, an hourly cap
 * per address, a daily share of the budget per address, per network (/24, /48) and per number
 * segment, and the daily budget of the channel (warnings at 50% and 80%). Each refusal is a 429.
 * A send the provider refuses takes its code and its per-number counts back.
 */
export async function sendCode(ctx: AppContext, log: Log, opts: SendCodeOpts): Promise<void> {
  const { db, config } = ctx;
  const { channel, target, purpose, ip } = opts;
  await checkCaptcha(ctx, opts.captcha, target, 'send');
  const code = randomDigits(CODE_RULES.digits);
  const k = counterKeys(ctx, channel, target, ip);
  const budget = config.codeDailyBudget;
  const shares = config.codeShares;
  // One send per target at a time on every instance: the interval check, the counters and the
  // new code's row are one step, so simultaneous requests cannot all pass the check. A refusal is
  // returned, not thrown, so the counters it bumped are kept as before.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${k.targetDay}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = CODE_RULES.resendSeconds - Math.floor((Date.now() - last.createdAt.getTime()) / 1000);
      // The remaining seconds also travel as data, so the form's button counts down from them.
      if (wait > 0) return new AppError(429, 'code.tooSoon', { seconds: wait }, { waitSeconds: wait });
    }
    if ((await bump(tx, k.ipHour, 3600)) > config.codeIpHourly) return tooMany('code.ipLimit');
    if (opts.memberId !== undefined) {
      const mk = memberKeys(ctx, opts.memberId);
      if ((await bump(tx, mk.hour, 3600)) > CODE_RULES.perMemberHour) return tooMany('code.memberLimit');
      if ((await bump(tx, mk.day, 86400)) > CODE_RULES.perMemberDay) return tooMany('code.memberLimit');
    }
    if ((await bump(tx, k.targetHour, 3600)) > CODE_RULES.perTargetHour) return tooMany('code.hourlyLimit');
    if ((await bump(tx, k.targetDay, 86400)) > CODE_RULES.perTargetDay) return tooMany('code.dailyLimit');
    if ((await bump(tx, k.address, 86400)) > shareOf(budget, shares.address)) return tooMany('code.ipLimit');
    if ((await bump(tx, k.network, 86400)) > shareOf(budget, shares.network)) return tooMany('code.ipLimit');
    if (k.prefix && (await bump(tx, k.prefix, 86400)) > shareOf(budget, shares.prefix)) return tooMany('code.budget');
    const all = await bump(tx, k.all, 86400);
    budgetAlarm(log, channel, all, budget);
    if (all > budget) return tooMany('code.budget');
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        channel,
        target,
        purpose,
        codeHash: hashCode(ctx, channel, target, purpose, code),
        expiresAt: new Date(Date.now() + CODE_RULES.ttlSeconds * 1000),
        ip,
      })
      .returning({ id: verificationCodes.id });
    return row.id;
  });
  if (result instanceof AppError) throw result;
  purgeSometimes(db, log);
  try {
    if (channel === 'sms') await ctx.sms.send(target, codeSms(purpose, code), code);
    else await ctx.mail.send({ to: target, ...codeMail(opts.lang, purpose, code), code });
  } catch (e) {
    // The code never reached the person: it goes, and so do its per-number counts and interval.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, result));
    await unbump(db, k.targetHour, 3600);
    await unbump(db, k.targetDay, 86400);
    if (opts.memberId !== undefined) {
      const mk = memberKeys(ctx, opts.memberId);
      await unbump(db, mk.hour, 3600);
      await unbump(db, mk.day, 86400);
    }
    throw sendFailure(ctx, log, channel, e);
  }
}

/** Logs a warning (and counts a metric) when the day's count first reaches 50% and 80% of the budget; an error past it. */
export function budgetAlarm(log: Log, channel: CodeChannel, count: number, budget: number): void {
  codeBudgetUsed.set({ channel }, count / budget);
  for (const level of BUDGET_ALARMS) {
    if (count === Math.ceil((budget * level) / 100)) {
      codeBudgetAlerts.inc({ channel, level: String(level) });
      log.warn({ alert: 'code-budget', channel, level, count, budget }, `daily code budget ${level}% used`);
    }
  }
  if (count === budget + 1) {
    codeBudgetAlerts.inc({ channel, level: '100' });
    log.error({ alert: 'code-budget', channel, budget }, 'daily code budget crossed');
  }
}

/** The provider's refusal as the user sees it; the operator gets its code in the log and the metric. */
function sendFailure(ctx: AppContext, log: Log, channel: CodeChannel, e: unknown): AppError {
  const provider = channel === 'sms' ? ctx.sms.kind : ctx.mail.kind;
  if (e instanceof SmsError || e instanceof MailError) {
    codeSendFailures.inc({ channel, provider, reason: e.reason, code: e.providerCode });
    log.error(
      { channel, provider, reason: e.reason, providerCode: e.providerCode, err: e.message },
      'code not sent: the provider refused',
    );
    if (e instanceof MailError)
      return new AppError(
        e.reason === 'rejected' ? 400 : 503,
        e.reason === 'rejected' ? 'mail.rejected' : 'mail.failed',
      );
    if (e.reason === 'rateLimited') return tooMany('sms.rateLimited');
    if (e.reason === 'numberInvalid') return badRequest('sms.numberInvalid');
    return new AppError(503, 'sms.failed');
  }
  codeSendFailures.inc({ channel, provider, reason: 'error', code: 'exception' });
  log.error({ channel, provider, err: e }, 'code not sent');
  return new AppError(503, channel === 'sms' ? 'sms.failed' : 'mail.failed');
}

/**
 * Checks a code: the newest one for the target and purpose, unused, within 5
 * minutes, and dead after 5 wrong tries. A right code is used up.
 */
export async function verifyCode(
  ctx: AppContext,
  opts: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, opts.channel),
        eq(verificationCodes.target, opts.target),
        eq(verificationCodes.purpose, opts.purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('code.expired');
  if (row.attempts >= CODE_RULES.maxWrongTries) throw badRequest('code.tooManyTries');
  if (row.codeHash !== hashCode(ctx, opts.channel, opts.target, opts.purpose, opts.code.trim())) {
    const [u] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    throw badRequest(u.attempts >= CODE_RULES.maxWrongTries ? 'code.tooManyTries' : 'code.wrong');
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (!used.length) throw badRequest('code.expired');
}
