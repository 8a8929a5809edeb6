import { useQuery } from '@tanstack/react-query';
import { apiGet, request } from '../../lib/api/client.ts';
import { loadMemberInfo, MEMBER_INFO_KEY } from '../../lib/member-info.ts';

/** Member calls of document 1, section 7. */
export const useMemberInfo = () => useQuery({ queryKey: MEMBER_INFO_KEY, queryFn: loadMemberInfo });

export const updateName = (name: string) => request('POST', '/api/member/updateMemberInfo', { body: { name } });
export const sendMobileChangeCode = (q: { mobile: string; imageToken: string; imageCode: string }) =>
  apiGet('/api/member/sendCode', { query: q });
export const updateMobile = (b: { mobile: string; code: string; imageCode: string; imageToken: string }) =>
  request('POST', '/api/member/updateMobile', { body: b });
export const sendMailChangeCode = (q: { mail: string; imageToken: string; imageCode: string }) =>
  apiGet('/api/member/sendMailCode', { query: q });
export const updateMail = (b: { mail: string; code: string }) => request('POST', '/api/member/updateMail', { body: b });
export const sendLogoutCode = (q: { imageToken: string; imageCode: string }) =>
  apiGet('/api/login/sendLogoutCode', { query: q });
export type { PendingOrder } from '@portal/contract/account';
/** Paid orders not yet shipped, which block deactivation: asked before the dialog (issue 21). */
export const deactivationCheck = () => apiGet('/api/member/deactivationCheck');
export const deactivate = (messageCode: string) => apiGet('/api/login/logout', { query: { messageCode } });
