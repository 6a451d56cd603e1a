// Idle countdown: resets on user activity, warns when `warnAt` seconds are left, and calls onTimeout at zero.
// idleSeconds() tells how long ago the last input was (sent with the token refresh so the server can end
// sessions left alone).
import { useCallback, useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

export function useIdleTimer(opts: { wait: number; warnAt: number; enabled: boolean; onTimeout: () => void }) {
  const { wait, warnAt, enabled } = opts;
  const [remaining, setRemaining] = useState(wait);
  // Enabling the timer (or a new wait) starts the countdown afresh (state adjusted while rendering).
  const [started, setStarted] = useState<number | null>(enabled ? wait : null);
  const current = enabled ? wait : null;
  if (current !== started) {
    setStarted(current);
    if (current !== null) setRemaining(current);
  }
  const deadline = useRef(0);
  const lastInput = useRef<number | null>(null);
  const warning = remaining <= warnAt;
  const warningRef = useRef(false);
  const onTimeout = useRef(opts.onTimeout);
  useEffect(() => {
    warningRef.current = warning;
    onTimeout.current = opts.onTimeout;
  });

  const reset = useCallback(() => {
    lastInput.current = Date.now();
    deadline.current = Date.now() + wait * 1000;
    setRemaining(wait);
  }, [wait]);

  useEffect(() => {
    if (!enabled) return;
    lastInput.current = Date.now();
    deadline.current = Date.now() + wait * 1000;
    // While the warning shows, only its button keeps the session (moving the mouse is not consent).
    const onActivity = () => {
      lastInput.current = Date.now();
      if (!warningRef.current) reset();
    };
    ACTIVITY_EVENTS.forEach((ev) => window.addEventListener(ev, onActivity, { passive: true }));
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(id);
        onTimeout.current();
      }
    }, 1000);
    return () => {
      clearInterval(id);
      ACTIVITY_EVENTS.forEach((ev) => window.removeEventListener(ev, onActivity));
    };
  }, [enabled, wait, reset]);

  const idleSeconds = useCallback(() => (lastInput.current === null ? 0 : Math.max(0, Math.floor((Date.now() - lastInput.current) / 1000))), []);

  return { remaining, warning: enabled && warning && remaining > 0, reset, idleSeconds };
}
