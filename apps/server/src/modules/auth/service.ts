import { and, eq, gt, isNull, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { oauthStates } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, withCode } from '../../http/errors.ts';
import { OAuthError, type OAuthIdentity, type OAuthParty } from '../../providers/oauth.ts';
import type { MemberContext } from '../../http/auth.ts';
import { checkCaptcha } from './captcha.ts';
import { captchaOf, type Meta } from './request-meta.ts';
import { countLookup, sendCode, verifyCode } from './codes.ts';
import { endAllSessions, startSession } from './sessions.ts';
import { memberRepo as repo } from '../member/public.ts';
import { eraseOutbox } from '../../providers/outbox.ts';
import { withTx } from '../../db/tx.ts';
import { memberPhotoKeys } from '../photos/public.ts';
import { deleteMemberCandidates } from '../photos/public.ts';

export interface LoginAnswer {
  token: string;
  randomKey: string;
  memberId: number;
  isFirst: boolean;
}

async function loginAs(ctx: AppContext, m: repo.MemberRow, meta: Meta): Promise<LoginAnswer> {
  const s = await startSession(ctx.db, m.id, meta);
  return { ...s, memberId: m.id, isFirst: m.isFirst };
}

/** Login SMS: the captcha must be right (it is then bound to this mobile); same answer whether registered or not. */
export async function sendLoginCode(
  ctx: AppContext,
  q: { mobile: string; imageToken: string; imageCode: string },
  meta: Meta,
) {
  await sendCode(ctx, meta.log, {
    channel: 'sms',
    target: q.mobile,
    purpose: 'login',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

/** Mobile + captcha + SMS code; the member is created at first login (isFirst). */
export async function login(
  ctx: AppContext,
  q: { mobile: string; imageToken: string; imageCode: string; messageCode: string },
  meta: Meta,
) {
  await checkCaptcha(ctx, captchaOf(q), q.mobile, 'consume');
  await verifyCode(ctx, { channel: 'sms', target: q.mobile, purpose: 'login', code: q.messageCode });
  const m =
    (await repo.activeByMobile(ctx.db, q.mobile)) ??
    (await repo.createMember(ctx.db, { mobile: q.mobile, isFirst: true }));
  return loginAs(ctx, m, meta);
}

// ---- third-party login (see ARCHITECTURE.md, "Outside parties": WeChat by config, a sandbox consent page in demo mode) ----

const STATE_TTL_MS = 10 * 60 * 1000;
/** How long an openId from the callback may be bound on /selectStudent. */
const BIND_TTL_MS = 30 * 60 * 1000;

function partyOf(ctx: AppContext): OAuthParty {
  const p = ctx.oauth;
  if (!p) throw new AppError(503, 'oauth.notConfigured');
  return p;
}

export async function authorizeUrl(ctx: AppContext): Promise<string> {
  const party = partyOf(ctx);
  const state = randomToken(16);
  await ctx.db.insert(oauthStates).values({ state, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  return party.authorizeUrl(state);
}

/** A failed call to the party as the user sees it; the log gets what failed, never a secret. */
function partyError(e: unknown, party: OAuthParty, meta: Meta): AppError {
  if (!(e instanceof OAuthError)) throw e;
  meta.log.warn(
    { oauth: party.kind, reason: e.reason, errcode: e.errcode, detail: e.detail },
    'third-party login call failed',
  );
  if (e.reason === 'code') return badRequest('oauth.stateInvalid');
  return new AppError(
    e.reason === 'timeout' ? 504 : 502,
    e.reason === 'timeout' ? 'oauth.providerTimeout' : 'oauth.providerFailed',
  );
}

/**
 * The callback: the state is good once (taken before the party is asked, so a replay or a race
 * never gets a second exchange); the code is exchanged for the openId. A linked openId logs in
 * (code 0), otherwise the openId (and the nickname when the party gives one) goes to /selectStudent.
 */
export async function callback(ctx: AppContext, q: { code: string; state: string }, meta: Meta) {
  const party = partyOf(ctx);
  // The sandbox's code was written on its state's row; WeChat's codes are never stored.
  const codeMatches = party.kind === 'sandbox' ? eq(oauthStates.code, q.code) : isNull(oauthStates.code);
  const taken = await ctx.db
    .update(oauthStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthStates.state, q.state),
        codeMatches,
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning({ state: oauthStates.state });
  if (!taken.length) throw badRequest('oauth.stateInvalid');
  let id: OAuthIdentity;
  try {
    id = await party.exchangeCode(q.code);
  } catch (e) {
    throw partyError(e, party, meta);
  }
  await ctx.db.update(oauthStates).set({ openId: id.openId }).where(eq(oauthStates.state, q.state));
  const m = await repo.activeByOpenId(ctx.db, id.openId);
  if (m) return { loggedIn: true as const, ...(await loginAs(ctx, m, meta)) };
  const nickname = await party.nickname(id).catch((e: unknown) => void partyError(e, party, meta));
  return { loggedIn: false as const, openId: id.openId, ...(nickname ? { nickname } : {}) };
}

/** Only an openId that came through the callback lately may be bound. */
async function checkOpenId(ctx: AppContext, openId: string) {
  const rows = await ctx.db
    .select({ state: oauthStates.state })
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.openId, openId),
        isNotNull(oauthStates.usedAt),
        gt(oauthStates.usedAt, new Date(Date.now() - BIND_TTL_MS)),
      ),
    )
    .limit(1);
  if (!rows.length) throw badRequest('oauth.openIdInvalid');
}

/**
 * The code resend rule: step 1 answers 201 when the number already has an account; step 2 sends
 * anyway. Both need the captcha first, so the answer reveals nothing before it is solved, and a
 * step-1 "registered" answer is counted like a code (issue 17). The captcha of a 201 still pays
 * for the one code its step 2 sends, to that same target only.
 */
export async function sendBindCode(
  ctx: AppContext,
  q: { channel: 'sms' | 'mail'; target: string; step: number; imageToken: string; imageCode: string },
  meta: Meta,
) {
  if (q.step !== 2) {
    await checkCaptcha(ctx, captchaOf(q), q.target, 'probe');
    const existing =
      q.channel === 'sms' ? await repo.activeByMobile(ctx.db, q.target) : await repo.activeByMail(ctx.db, q.target);
    if (existing) {
      const refused = await countLookup(ctx, q.channel, q.target, meta.ip);
      if (refused) throw refused;
      // A mailbox is never merged into the account holding it: its owner binds with that account's mobile.
      if (q.channel === 'mail') throw conflict('oauth.mailHeld');
      throw withCode(201, 'code.mobileRegistered');
    }
  }
  await sendCode(ctx, meta.log, {
    channel: q.channel,
    target: q.target,
    purpose: 'bind',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

/**
 * Binds the third-party identity to the account of that mobile (created when none), then logs in. By
 * e-mail it only creates an account: a proven address another account holds is refused (oauth.mailHeld).
 */
export async function bind(
  ctx: AppContext,
  b: { channel: 'sms' | 'mail'; target: string; name: string; code: string; openId: string },
  meta: Meta,
): Promise<LoginAnswer> {
  await checkOpenId(ctx, b.openId);
  await verifyCode(ctx, { channel: b.channel, target: b.target, purpose: 'bind', code: b.code });
  const linked = await repo.activeByOpenId(ctx.db, b.openId);
  const existing =
    b.channel === 'sms' ? await repo.activeByMobile(ctx.db, b.target) : await repo.activeByMail(ctx.db, b.target);
  if (existing) {
    // Proving a mailbox proves nothing about the account holding it (it may have been anyone's typing
    // once): the account's owner binds by its mobile instead.
    if (b.channel === 'mail' && existing.openId !== b.openId) throw conflict('oauth.mailHeld');
    if (existing.openId && existing.openId !== b.openId) throw conflict('oauth.alreadyLinked');
    if (linked && linked.id !== existing.id) throw conflict('oauth.alreadyLinked');
    await repo.updateMember(ctx, existing.id, { openId: b.openId, name: existing.name ?? b.name });
    return loginAs(ctx, existing, meta);
  }
  if (linked) return loginAs(ctx, linked, meta);
  const m = await repo.createMember(ctx.db, {
    ...(b.channel === 'sms' ? { mobile: b.target } : { mail: b.target, mailVerifiedAt: new Date() }),
    name: b.name,
    openId: b.openId,
    // An ordinary student still owes the e-mail on /firstIn; an international one has given name and e-mail.
    isFirst: b.channel === 'sms',
  });
  return loginAs(ctx, m, meta);
}

// ---- deactivation ----

function contactOf(m: { mobile: string | null; mail: string | null }) {
  if (m.mobile) return { channel: 'sms' as const, target: m.mobile };
  if (m.mail) return { channel: 'mail' as const, target: m.mail };
  throw badRequest('deactivate.noContact');
}

/** Checked before the code is sent (issue 21): a code that cannot be used is never sent. */
export async function sendLogoutCode(
  ctx: AppContext,
  member: MemberContext,
  q: { imageToken: string; imageCode: string },
  meta: Meta,
) {
  if (await repo.hasUnshippedPaidOrder(ctx.db, member.memberId)) throw conflict('deactivate.pendingOrders');
  await sendCode(ctx, meta.log, {
    memberId: member.memberId,
    ...contactOf(member),
    purpose: 'logout',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

/** Refused while a paid order is unshipped; otherwise every session ends and the personal data goes. */
export async function deactivate(ctx: AppContext, member: MemberContext, messageCode: string) {
  const m = await repo.memberById(ctx.db, member.memberId);
  if (!m) throw badRequest('code.expired');
  if (await repo.hasUnshippedPaidOrder(ctx.db, m.id)) throw conflict('deactivate.pendingOrders');
  await verifyCode(ctx, { ...contactOf(m), purpose: 'logout', code: messageCode });
  await endAllSessions(ctx, m.id, 'deactivated');
  // The photo files go too: their keys are read first, the rows erased in the transaction,
  // then the bytes deleted from storage once nothing refers to them any more.
  // The originals kept beside automatically corrected photos are among the keys.
  const keys = await memberPhotoKeys(ctx, m.id);
  await withTx(ctx, async (t) => {
    await repo.eraseMember(t.db, m);
    // Demo mode's outbox holds the member's codes in clear: they go with the rest (PIPL).
    if (t.config.demo) await eraseOutbox(t.db, [m.mobile, m.mail]);
  });
  for (const k of keys) await ctx.storage.delete(k);
  // Corrected versions still waiting for the member's choice: their bytes and rows.
  await deleteMemberCandidates(ctx, m.id);
}
