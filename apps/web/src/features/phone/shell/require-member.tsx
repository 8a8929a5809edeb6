import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isFirst, isLoggedIn, setSession } from '../../../lib/session.ts';
import { phonePaths } from '../paths.ts';

/**
 * A phone screen for members: a visitor logs in first (the address kept in `url` to come back
 * to); an incomplete profile is confined to the first-in screen, as on the desktop.
 */
export function RequirePhoneMember({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isLoggedIn()) {
    setSession('url', location.pathname + location.search);
    return <Navigate to={phonePaths.login} replace />;
  }
  if (isFirst() && location.pathname !== phonePaths.firstIn) return <Navigate to={phonePaths.firstIn} replace />;
  return <>{children}</>;
}
