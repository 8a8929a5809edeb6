import type { FastifyBaseLogger } from 'fastify';
import { maskIdNumber } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { MemberContext } from '../../http/auth.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { checkCaptcha } from '../auth/captcha.ts';
import { sendCode, verifyCode } from '../auth/codes.ts';
import { endAllSessions } from '../auth/sessions.ts';
import * as repo from './repo.ts';

interface Meta {
  ip: string;
  log: FastifyBaseLogger;
}

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
  await repo.updateMember(ctx.db, m.id, { name: b.name, mail, isFirst: false });
  return { wasFirst: m.isFirst };
}

/** SMS to the new number; it must differ from the old one and belong to nobody else. */
export async function sendChangeMobileCode(ctx: AppContext, me: MemberContext, q: { mobile: string; imageToken?: string; imageCode?: string }, meta: Meta) {
  if (q.mobile === me.mobile) throw badRequest('mobile.sameAsOld');
  if (q.imageToken || q.imageCode) {
    if (!q.imageToken || !q.imageCode) throw badRequest('code.needMobileAndImage');
    await checkCaptcha(ctx.db, q.imageToken, q.imageCode, q.mobile, false);
  }
  if (await repo.activeByMobile(ctx.db, q.mobile)) throw conflict('mobile.taken');
  await sendCode(ctx, meta.log, { channel: 'sms', target: q.mobile, purpose: 'changeMobile', ip: meta.ip });
}

/** A new mobile ends every session of the member (document 1, section 4). */
export async function updateMobile(ctx: AppContext, me: MemberContext, b: { mobile: string; code: string; imageToken: string; imageCode: string }) {
  if (b.mobile === me.mobile) throw badRequest('mobile.sameAsOld');
  await checkCaptcha(ctx.db, b.imageToken, b.imageCode, b.mobile, true);
  await verifyCode(ctx, { channel: 'sms', target: b.mobile, purpose: 'changeMobile', code: b.code });
  if (await repo.activeByMobile(ctx.db, b.mobile)) throw conflict('mobile.taken');
  await repo.updateMember(ctx.db, me.memberId, { mobile: b.mobile });
  await endAllSessions(ctx.db, me.memberId, 'mobileChanged');
}

export async function sendChangeMailCode(ctx: AppContext, me: MemberContext, mail: string, meta: Meta) {
  if (mail === (me.mail ?? '').toLowerCase()) throw badRequest('mail.sameAsOld');
  await sendCode(ctx, meta.log, { channel: 'mail', target: mail, purpose: 'changeMail', ip: meta.ip });
}

export async function updateMail(ctx: AppContext, me: MemberContext, b: { mail: string; code: string }) {
  if (b.mail === (me.mail ?? '').toLowerCase()) throw badRequest('mail.sameAsOld');
  await verifyCode(ctx, { channel: 'mail', target: b.mail, purpose: 'changeMail', code: b.code });
  await repo.updateMember(ctx.db, me.memberId, { mail: b.mail });
}
