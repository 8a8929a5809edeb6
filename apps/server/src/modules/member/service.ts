import { maskIdNumber } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { MemberContext } from '../../http/auth.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { checkCaptcha } from '../auth/public.ts';
import { captchaOf, type Captcha, type Meta } from '../auth/public.ts';
import { sendCode, verifyCode } from '../auth/public.ts';
import { endAllSessions } from '../auth/public.ts';
import * as repo from './repo.ts';

export async function memberInfo(ctx: AppContext, me: MemberContext) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (!m) throw badRequest('http.notFound');
  const idCard = m.idCardEnc ? maskIdNumber(ctx.pii.decrypt(m.idCardEnc)) : '';
  return {
    memberId: m.id,
    mobile: m.mobile ?? '',
    mail: m.mail ?? '',
    mailVerified: !!m.mail && !!m.mailVerifiedAt,
    name: m.name ?? '',
    idCard,
    isFirst: m.isFirst,
  };
}

/** The member's own address, proven by a code (an address stored unproven may be proven again). */
const provenMail = (m: repo.MemberRow) => (m.mail && m.mailVerifiedAt ? m.mail.toLowerCase() : null);

/**
 * After its code: the address becomes this member's, proven. A proven address is one account's
 * (it is what binding by e-mail finds), so one another active account has proven is refused.
 */
async function proveMail(ctx: AppContext, memberId: number, mail: string, code: string) {
  await verifyCode(ctx, { channel: 'mail', target: mail, purpose: 'changeMail', code });
  const holder = await repo.activeByMail(ctx.db, mail);
  if (holder && holder.id !== memberId) throw conflict('mail.taken');
}

/**
 * Name and e-mail; completing both ends the first-in confinement. A new address (or one never
 * proven) needs the code sent to it by sendMailCode (`mailCode`); the proven one needs none.
 */
export async function updateInfo(
  ctx: AppContext,
  me: MemberContext,
  b: { name: string; mail?: string; mailCode?: string },
) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (!m) throw badRequest('http.notFound');
  const proven = provenMail(m);
  const mail = b.mail ?? proven ?? null;
  if (m.isFirst && !mail) throw badRequest('mail.required');
  if (!mail || mail === proven) {
    await repo.updateMember(ctx, m.id, { name: b.name, isFirst: false });
    return { wasFirst: m.isFirst };
  }
  if (!b.mailCode) throw badRequest('mailCode.required');
  await proveMail(ctx, m.id, mail, b.mailCode);
  await repo.updateMember(ctx, m.id, { name: b.name, mail, mailVerifiedAt: new Date(), isFirst: false });
  return { wasFirst: m.isFirst };
}

/** SMS to the new number; it must differ from the old one (belonging to nobody else is checked with the code). */
export async function sendChangeMobileCode(
  ctx: AppContext,
  me: MemberContext,
  q: { mobile: string } & Captcha,
  meta: Meta,
) {
  if (q.mobile === me.mobile) throw badRequest('mobile.sameAsOld');
  // Sent whether or not the number has an account: "taken" is told only with the code (updateMobile),
  // so this answer lists no numbers; counted per member, address and number like every code.
  await sendCode(ctx, meta.log, {
    memberId: me.memberId,
    channel: 'sms',
    target: q.mobile,
    purpose: 'changeMobile',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

/** A new mobile ends every session of the member (document 1, section 4). */
export async function updateMobile(
  ctx: AppContext,
  me: MemberContext,
  b: { mobile: string; code: string; imageToken: string; imageCode: string },
) {
  if (b.mobile === me.mobile) throw badRequest('mobile.sameAsOld');
  await checkCaptcha(ctx, captchaOf(b), b.mobile, 'consume');
  await verifyCode(ctx, { channel: 'sms', target: b.mobile, purpose: 'changeMobile', code: b.code });
  if (await repo.activeByMobile(ctx.db, b.mobile)) throw conflict('mobile.taken');
  await repo.updateMember(ctx, me.memberId, { mobile: b.mobile });
  await endAllSessions(ctx, me.memberId, 'mobileChanged');
}

/** The code of a new address (e-mail change, first-in and the profile page); an unproven own address may have one. */
export async function sendChangeMailCode(
  ctx: AppContext,
  me: MemberContext,
  q: { mail: string } & Captcha,
  meta: Meta,
) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (m && q.mail === provenMail(m)) throw badRequest('mail.sameAsOld');
  await sendCode(ctx, meta.log, {
    memberId: me.memberId,
    channel: 'mail',
    target: q.mail,
    purpose: 'changeMail',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

export async function updateMail(ctx: AppContext, me: MemberContext, b: { mail: string; code: string }) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (!m) throw badRequest('http.notFound');
  if (b.mail === provenMail(m)) throw badRequest('mail.sameAsOld');
  await proveMail(ctx, m.id, b.mail, b.code);
  await repo.updateMember(ctx, m.id, { mail: b.mail, mailVerifiedAt: new Date() });
}
