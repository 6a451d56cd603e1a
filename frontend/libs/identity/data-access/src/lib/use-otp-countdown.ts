// The verification-code countdown: starts at 4:59, Resend is offered under 4:00 and resets to 5:00,
// and at zero the owner is told (it closes the dialog and resets the code status).
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

  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, [active]);

  useEffect(() => {
    if (active && remaining === 0) expired.current();
  }, [active, remaining]);

  const restart = useCallback(() => setRemaining(OTP_LIFETIME_S), []);
  return { remaining, canResend: remaining > 0 && remaining < OTP_RESEND_BELOW_S, restart };
}
