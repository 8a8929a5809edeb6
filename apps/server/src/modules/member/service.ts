import { maskIdNumber } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { MemberContext } from '../../http/auth.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { checkCaptcha } from '../auth/captcha.ts';
import { captchaOf, type Captcha, type Meta } from '../auth/request-meta.ts';
import { sendCode, verifyCode } from '../auth/codes.ts';
import { endAllSessions } from '../auth/sessions.ts';
import * as repo from './repo.ts';

export async function memberInfo(ctx: AppContext, me: MemberContext) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (!m) throw badRequest('http.notFound');
  const idCard = m.idCardEnc ? maskIdNumber(ctx.pii.decrypt(m.idCardEnc)) : '';
  return { memberId: m.id, mobile: m.mobile ?? '', mail: m.mail ?? '', name: m.name ?? '', idCard, isFirst: m.isFirst };
}

/** Name and e-mail; completing both ends the first-in confinement. */
export async function updateInfo(ctx: AppContext, me: MemberContext, b: { name: string; mail?: string }) {
  const m = await repo.memberById(ctx.db, me.memberId);
  if (!m) throw badRequest('http.notFound');
  const mail = b.mail ?? m.mail ?? null;
  if (!mail) throw badRequest('mail.required');
  await repo.updateMember(ctx, m.id, { name: b.name, mail, isFirst: false });
  return { wasFirst: m.isFirst };
}

/** SMS to the new number; it must differ from the old one and belong to nobody else. */
export async function sendChangeMobileCode(
  ctx: AppContext,
  me: MemberContext,
  q: { mobile: string } & Captcha,
  meta: Meta,
) {
  if (q.mobile === me.mobile) throw badRequest('mobile.sameAsOld');
  // The captcha before the "taken" answer: whether a number has an account is not public.
  await checkCaptcha(ctx, captchaOf(q), q.mobile, 'probe');
  if (await repo.activeByMobile(ctx.db, q.mobile)) throw conflict('mobile.taken');
  await sendCode(ctx, meta.log, {
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

export async function sendChangeMailCode(
  ctx: AppContext,
  me: MemberContext,
  q: { mail: string } & Captcha,
  meta: Meta,
) {
  if (q.mail === (me.mail ?? '').toLowerCase()) throw badRequest('mail.sameAsOld');
  await sendCode(ctx, meta.log, {
    channel: 'mail',
    target: q.mail,
    purpose: 'changeMail',
    ip: meta.ip,
    lang: meta.lang,
    captcha: captchaOf(q),
  });
}

export async function updateMail(ctx: AppContext, me: MemberContext, b: { mail: string; code: string }) {
  if (b.mail === (me.mail ?? '').toLowerCase()) throw badRequest('mail.sameAsOld');
  await verifyCode(ctx, { channel: 'mail', target: b.mail, purpose: 'changeMail', code: b.code });
  await repo.updateMember(ctx, me.memberId, { mail: b.mail });
}
