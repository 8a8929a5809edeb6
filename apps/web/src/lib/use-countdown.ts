import { useCallback, useEffect, useRef, useState } from 'react';

/** A seconds countdown (SMS resend 60 s, login redirect 3 s, prompt delays 5 s). */
export function useCountdown(onDone?: () => void) {
  const [left, setLeft] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => {
      setLeft((n) => n - 1);
      if (left === 1) done.current?.();
    }, 1000);
    return () => clearTimeout(t);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, running: left > 0, start };
}
