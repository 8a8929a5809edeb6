import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { message } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFirst, isLoggedIn, setSession } from '../lib/session.ts';

/** Phone user agents always land on /phoneModify (document 1, section 1). */
export function isPhoneUserAgent(ua: string = navigator.userAgent): boolean {
  return /iPhone|Android/i.test(ua);
}

/** The phone portal's addresses: /phoneModify and its child paths, which phones may visit. */
export function isPhonePortalPath(pathname: string): boolean {
  return pathname === '/phoneModify' || pathname.startsWith('/phoneModify/');
}

/**
 * Sends a phone to the phone portal by loading it afresh: the phone portal is its own page
 * (phone.html), so the desktop bundle hands over instead of rendering it.
 */
export function ToPhonePortal({ to = '/phoneModify' }: { to?: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return null;
}

/**
 * Protected routes: a visitor goes to /login (the return path kept in `url`);
 * a member with an incomplete profile is confined to /firstIn with 请先完善信息.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation();
  const here = location.pathname + location.search;
  const loggedIn = isLoggedIn();
  const confined = loggedIn && isFirst() && location.pathname !== '/firstIn';
  const warned = useRef(false);
  useEffect(() => {
    if (!loggedIn) setSession('url', here);
    if (confined && !warned.current) {
      warned.current = true;
      void message.error(t('msg.profile.incomplete'), 1);
    }
  }, [loggedIn, confined, here, t]);
  if (!loggedIn) return <Navigate to="/login" replace />;
  if (confined) return <Navigate to="/firstIn" replace />;
  return <>{children}</>;
}

/** Public pages too confine an incomplete profile to /firstIn (it applies "anywhere"). */
export function ConfineIncomplete({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation();
  const confined = isLoggedIn() && isFirst() && location.pathname !== '/firstIn';
  useEffect(() => {
    if (confined) void message.error(t('msg.profile.mustComplete'), 1);
  }, [confined, t]);
  if (confined) return <Navigate to="/firstIn" replace />;
  return <>{children}</>;
}
