import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * What the login, binding and member-change services need to know of the request beside its
 * fields: where it came from (limits and audit), its log and the language of its messages.
 * One shape for auth and member, so a code sent from either is counted and worded alike.
 */
export interface Meta {
  ip: string;
  userAgent?: string;
  log: FastifyBaseLogger;
  lang: 'zh' | 'en';
}

export const metaOf = (req: FastifyRequest): Meta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  log: req.log,
  lang: req.lang ?? 'zh',
});

/** The image captcha of a code-sending call. */
export type Captcha = { imageToken: string; imageCode: string };

/** The captcha fields of a code-sending call, as sendCode and checkCaptcha take them. */
export const captchaOf = (q: Captcha) => ({ token: q.imageToken, answer: q.imageCode });
