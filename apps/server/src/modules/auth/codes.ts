import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { verificationCodes } from '../../db/schema.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { badRequest, tooMany } from '../../http/errors.ts';
import { bump } from './counters.ts';

/** SMS and e-mail code rules (document 1, sections 4 and 9; issue 3). */
export const CODE_RULES = {
  digits: 6,
  ttlSeconds: 300,
  maxWrongTries: 5,
  resendSeconds: 60,
  perTargetHour: 5,
  perTargetDay: 10,
} as const;

export type CodeChannel = 'sms' | 'mail';
export type CodePurpose = 'login' | 'bind' | 'changeMobile' | 'changeMail' | 'logout';

function hashCode(ctx: AppContext, channel: CodeChannel, target: string, purpose: CodePurpose, code: string): string {
  return ctx.pii.blindIndex(`code:${channel}:${target}:${purpose}:${code}`);
}

const TEXTS: Record<CodePurpose, string> = {
  login: '登录',
  bind: '绑定账号',
  changeMobile: '更换手机号',
  changeMail: '更换邮箱',
  logout: '注销账户',
};

/**
 * Sends a fresh code after the abuse limits: 60 s between codes to one target,
 * 5 an hour and 10 a day per target, an hourly cap per IP and a daily budget for
 * everything (an alert is logged when it is crossed). Each refusal is a 429.
 */
export async function sendCode(
  ctx: AppContext,
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void },
  opts: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string },
): Promise<void> {
  const { db, config } = ctx;
  const { channel, target, purpose, ip } = opts;
  const code = randomDigits(CODE_RULES.digits);
  // One send per target at a time on every instance: the interval check, the counters and the
  // new code's row are one step, so simultaneous requests cannot all pass the check. A refusal is
  // returned, not thrown, so the counters it bumped are kept as before.
  const refusal = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${channel}:${target}`}))`);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = CODE_RULES.resendSeconds - Math.floor((Date.now() - last.createdAt.getTime()) / 1000);
      if (wait > 0) return tooMany('code.tooSoon', { seconds: wait });
    }
    if ((await bump(tx, `code:ip:${ip}`, 3600)) > config.codeIpHourly) return tooMany('code.ipLimit');
    if ((await bump(tx, `code:${channel}:${target}:h`, 3600)) > CODE_RULES.perTargetHour) return tooMany('code.hourlyLimit');
    if ((await bump(tx, `code:${channel}:${target}:d`, 86400)) > CODE_RULES.perTargetDay) return tooMany('code.dailyLimit');
    const all = await bump(tx, 'code:all:d', 86400);
    if (all > config.codeDailyBudget) {
      if (all === config.codeDailyBudget + 1) log.error({ alert: 'code-budget', budget: config.codeDailyBudget }, 'daily code budget crossed');
      return tooMany('code.budget');
    }
    await tx.insert(verificationCodes).values({
      channel,
      target,
      purpose,
      codeHash: hashCode(ctx, channel, target, purpose, code),
      expiresAt: new Date(Date.now() + CODE_RULES.ttlSeconds * 1000),
      ip,
    });
    return null;
  });
  if (refusal) throw refusal;
  const text = `【学生图像采集平台】您正在${TEXTS[purpose]}，验证码${code}，5分钟内有效，请勿告诉他人。`;
  if (channel === 'sms') await ctx.sms.send(target, text, code);
  else await ctx.mail.send(target, `学生图像采集平台验证码 / Verification code ${code}`, text, code);
}

/**
 * Checks a code: the newest one for the target and purpose, unused, within 5
 * minutes, and dead after 5 wrong tries. A right code is used up.
 */
export async function verifyCode(ctx: AppContext, opts: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string }): Promise<void> {
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
