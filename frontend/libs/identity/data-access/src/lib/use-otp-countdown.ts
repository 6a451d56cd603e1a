// The verification-code countdown: starts at 4:59, Resend is offered under 4:00 and resets to 5:00,
// and at zero the owner is told (it closes the dialog and resets the code status). It counts down to a deadline
// on the clock, not ticks: a sleeping laptop or a throttled background tab skips ticks, and the code on the
// server expires all the same.
import { useCallback, useEffect, useRef, useState } from 'react';
import { OTP_LIFETIME_S, OTP_RESEND_BELOW_S, OTP_START_S } from '@frontend/shared-util';

export function useOtpCountdown(active: boolean, onExpired: () => void) {
  const [remaining, setRemaining] = useState(OTP_START_S);
  // Opening the dialog again starts the countdown afresh (state adjusted while rendering, not in an effect).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setRemaining(OTP_START_S);
  }
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });

  const deadline = useRef(0);
  useEffect(() => {
    if (!active) return;
    deadline.current = Date.now() + OTP_START_S * 1000;
    const id = setInterval(() => setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000))), 1000);
    return () => clearInterval(id);
  }, [active]);

  useEffect(() => {
    if (active && remaining === 0) expired.current();
  }, [active, remaining]);

  const restart = useCallback(() => {
    deadline.current = Date.now() + OTP_LIFETIME_S * 1000;
    setRemaining(OTP_LIFETIME_S);
  }, []);
  return { remaining, canResend: remaining > 0 && remaining < OTP_RESEND_BELOW_S, restart };
}
