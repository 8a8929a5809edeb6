/**
 * What the auth area offers the other areas (ARCHITECTURE.md, "Layers"): the captcha check, the
 * code sender and checker, ending a member's sessions, the request's meta and captcha fields, the
 * login forms' field schemas (authFields), and the abuse counters.
 */
export { checkCaptcha } from './captcha.ts';
export { sendCode, verifyCode } from './codes.ts';
export { endAllSessions } from './sessions.ts';
export { captchaOf, metaOf, type Captcha, type Meta } from './request-meta.ts';
export { bump, unbump } from './counters.ts';
export * as authFields from './fields.ts';
