// Idle countdown: resets on user activity, warns when `warnAt` seconds are left, and calls onTimeout at zero.
// idleSeconds() tells how long ago the last input was (sent with the token refresh so the server can end
// sessions left alone).
// The tabs of the app share one session, so input in any of them is the user's activity: each tab tells the others
// through localStorage (their `storage` event), else an idle tab would sign out a user at work in another one, or
// one whose "Yes, Please" was answered in another tab.
import { useCallback, useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
/** The time of the latest input in any tab (ms since the epoch). */
export const ACTIVITY_STORAGE = 'surveyops.activity';
/** Input is told to the other tabs at most this often (a moving mouse fires many events a second). */
const SHARE_EVERY_MS = 1000;

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

  const shared = useRef(0);
  const reset = useCallback(() => {
    const now = Date.now();
    lastInput.current = now;
    deadline.current = now + wait * 1000;
    setRemaining(wait);
    if (now - shared.current >= SHARE_EVERY_MS) {
      shared.current = now;
      try {
        localStorage.setItem(ACTIVITY_STORAGE, String(now));
      } catch {
        // storage disabled: the other tabs keep their own countdown
      }
    }
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
    // Input in another tab: the countdown (and a warning shown here, which the user is not looking at) starts
    // again from that input.
    const onOtherTab = (e: StorageEvent) => {
      if (e.key !== ACTIVITY_STORAGE || !e.newValue) return;
      const at = Number(e.newValue);
      if (!Number.isFinite(at) || at + wait * 1000 <= deadline.current) return;
      lastInput.current = Math.max(lastInput.current ?? 0, at);
      deadline.current = at + wait * 1000;
      setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
    };
    ACTIVITY_EVENTS.forEach((ev) => window.addEventListener(ev, onActivity, { passive: true }));
    window.addEventListener('storage', onOtherTab);
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
      window.removeEventListener('storage', onOtherTab);
    };
  }, [enabled, wait, reset]);

  const idleSeconds = useCallback(() => (lastInput.current === null ? 0 : Math.max(0, Math.floor((Date.now() - lastInput.current) / 1000))), []);

  return { remaining, warning: enabled && warning && remaining > 0, reset, idleSeconds };
}
