import { useEffect } from 'react';
import { clearSession, isLoggedIn } from '../../../lib/session.ts';
import { PHONE } from '../paths.ts';

/** The same flag the desktop layout reads, so either portal shows the message on the way back. */
export const INACTIVE_FLAG = 'portal.inactiveNotice';

/**
 * After `seconds` with no touch, key press or mouse use the session is cleared and the phone
 * portal reloads at its start, where the message shows (document 1, section 4: 1800 s).
 */
export function usePhoneInactivity(seconds: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const expire = () => {
      if (!isLoggedIn()) return;
      clearSession();
      localStorage.setItem(INACTIVE_FLAG, '1');
      window.location.assign(PHONE);
    };
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, seconds * 1000);
    };
    const events = ['touchstart', 'keydown', 'mousemove', 'mousedown'] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    reset();
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [seconds]);
}

/** Reads (and forgets) whether the last session ended for inactivity. */
export function takeInactiveNotice(): boolean {
  const was = localStorage.getItem(INACTIVE_FLAG) === '1';
  if (was) localStorage.removeItem(INACTIVE_FLAG);
  return was;
}
