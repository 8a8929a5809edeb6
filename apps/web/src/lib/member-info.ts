import type { MemberInfo } from '@portal/contract/api-responses';
import { apiGet } from './api/client.ts';
import { announceSessionChange, getSession, setSession } from './session.ts';

/** The member as GET /api/member/getMemberInfo answers it (document 1, section 3). */
export type { MemberInfo } from '@portal/contract/api-responses';

export const MEMBER_INFO_KEY = ['member', 'info'] as const;

/** Fetches the member and keeps the session values the pages and header read. */
export async function loadMemberInfo(): Promise<MemberInfo> {
  const m = await apiGet('/api/member/getMemberInfo');
  setSession('name', m.name);
  setSession('mobile', m.mobile);
  setSession('mail', m.mail);
  setSession('idCard', m.idCard);
  setSession('isFirst', m.isFirst);
  announceSessionChange();
  return m;
}

/** Where to go after login or first-in: the saved return path, else home. */
export function takeReturnPath(): string {
  const url = getSession('url');
  setSession('url', null);
  if (
    !url ||
    url.startsWith('/login') ||
    url.startsWith('/loading') ||
    url.startsWith('/selectStudent') ||
    url.startsWith('/firstIn')
  )
    return '/home';
  return url;
}
