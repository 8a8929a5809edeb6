import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../../lib/session.ts';

// The notices' phone bell (no antd), loaded after the first screen and only for a member.
const PhoneNoticeBell = lazy(() =>
  import('../../../components/notice-bell/phone-notice-bell.tsx').then((m) => ({ default: m.PhoneNoticeBell })),
);

/** The header's member extras: the notice bell. */
export function PhoneHeaderExtra() {
  useLocation(); // re-read the session on every screen change (login and logout move the screen)
  if (!isLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <PhoneNoticeBell />
    </Suspense>
  );
}
