import { useEffect } from 'react';
import { clearSession, isLoggedIn } from '../lib/session.ts';

export const INACTIVE_FLAG = 'portal.inactiveNotice';

/**
 * After `seconds` with no key press, mouse move or mouse down, the session is
 * cleared, the user goes home, the page reloads and the message shows
 * (document 1, section 4). The flag carries the message across the reload.
 */
export function useInactivity(seconds: number) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const expire = () => {
      if (!isLoggedIn()) return;
      clearSession();
      localStorage.setItem(INACTIVE_FLAG, '1');
      window.location.assign('/home');
    };
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, seconds * 1000);
    };
    const events = ['keydown', 'mousemove', 'mousedown'] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    reset();
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [seconds]);
}
