import { apiGet, apiPost, request } from '../../lib/api/client.ts';
import type { LoginResult } from '../../lib/session.ts';

/** Login and session calls of document 1, section 7. */
export interface LoginAnswer extends LoginResult {
  memberId: number;
  isFirst: boolean;
}

export const sendLoginCode = (q: { mobile: string; imageToken: string; imageCode: string }) =>
  apiGet('/api/login/sendCode', { query: q });
export const loginAuth = (q: { mobile: string; imageToken: string; imageCode: string; messageCode: string }) =>
  apiGet('/api/login/auth', { query: q });
export const wxLogin = () => apiGet('/api/login/wxlogin');
/** Code 0: logged in; 201: an openId to bind on /selectStudent. */
export const oauthCallback = (q: { code: string; state: string }) =>
  request('GET', '/api/login/callback', { query: q, raw: true, silent: true });
/** Step 1 may answer 201 with a question; step 2 sends anyway (the code resend rule). */
export const sendBindCode = (
  kind: 'mobile' | 'mail',
  target: string,
  step: 1 | 2,
  cap: { imageToken: string; imageCode: string },
) =>
  request('POST', kind === 'mobile' ? '/api/code/sendMobileCode' : '/api/code/sendEmailCode', {
    body: kind === 'mobile' ? { mobile: target, step, ...cap } : { mail: target, step, ...cap },
    plain: true,
    raw: true,
  });
export const bindMobile = (f: { name: string; mobile: string; messageCode: string; openId: string }) =>
  apiPost('/api/login/bindingMobile', { form: f });
export const bindMail = (f: { name: string; mail: string; mailCode: string; openId: string }) =>
  apiPost('/api/login/bindingMail', { form: f });
/** The first-in profile: the e-mail is proven by the code sendProfileMailCode sent to it. */
export const completeProfile = (b: { name: string; mail: string; mailCode: string }) =>
  request('POST', '/api/member/updateMemberInfo', { body: b });
export const sendProfileMailCode = (q: { mail: string; imageToken: string; imageCode: string }) =>
  apiGet('/api/member/sendMailCode', { query: q });
export const refuseFlag = () => apiGet('/api/baseInfo/refuseList', { silent: true });
