import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { captchas } from '../../db/schema.ts';
import { outbox } from '../../providers/outbox.ts';
import { call } from '../../../test/helpers.ts';

/** Test helpers of the accounts area: a solved captcha and the last code sent to a target. */
export async function solvedCaptcha(app: FastifyInstance) {
  const r = await call<{ imageCodeToken: string; imageCode: string }>(app, {
    method: 'GET',
    url: '/api/login/getImageCode',
  });
  const [c] = await app.ctx.db.select().from(captchas).where(eq(captchas.token, r.data.imageCodeToken));
  return { imageToken: r.data.imageCodeToken, imageCode: c.answer, image: r.data.imageCode };
}

export async function lastCode(app: FastifyInstance, to: string): Promise<string | null> {
  const [row] = await app.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  return row?.code ?? null;
}

export const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** Logs in through captcha and SMS like the page does. */
export async function smsLogin(app: FastifyInstance, mobile: string) {
  const cap = await solvedCaptcha(app);
  const sent = await call(app, { method: 'GET', url: `/api/login/sendCode?${qs({ mobile, ...pick(cap) })}` });
  if (sent.code !== 200) throw new Error(sent.msg);
  const code = (await lastCode(app, mobile))!;
  return call<{ token: string; randomKey: string; memberId: number; isFirst: boolean }>(app, {
    method: 'GET',
    url: `/api/login/auth?${qs({ mobile, ...pick(cap), messageCode: code })}`,
  });
}

export const pick = (c: { imageToken: string; imageCode: string }) => ({
  imageToken: c.imageToken,
  imageCode: c.imageCode,
});

/** Goes through the sandbox's consent and the callback, so `openId` may be bound on /selectStudent. */
export async function wechatOpenId(app: FastifyInstance, openId: string): Promise<string> {
  const w = await call<{ url: string }>(app, { method: 'GET', url: '/api/login/wxlogin' });
  const state = new URL(w.data.url, 'http://x').searchParams.get('state')!;
  const c = await call<{ url: string }>(app, {
    method: 'POST',
    url: '/sandbox/oauth/confirm',
    payload: { state, openId },
  });
  const u = new URL(c.data.url, 'http://x');
  const cb = await call(app, {
    method: 'GET',
    url: `/api/login/callback?${qs({ code: u.searchParams.get('code')!, state })}`,
  });
  if (cb.code !== 201) throw new Error(`callback answered ${cb.code}`);
  return openId;
}
