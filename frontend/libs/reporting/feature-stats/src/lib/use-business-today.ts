// The business day (America/Chicago) a screen left open calls "today": it moves at Central midnight. A screen that
// took the day once, when it opened, went on asking for yesterday's figures as today's after midnight.
import { useEffect, useState } from 'react';
import { businessToday } from '@frontend/shared-util';

/** How often an open screen looks at the clock: a minute late at midnight at most. */
export const BUSINESS_DAY_CHECK_MS = 60_000;

/** Today's business day (YYYY-MM-DD), looked at again every minute and whenever the page is shown again or takes
 * the focus (a computer woken from sleep runs no timer before that). */
export function useBusinessToday(): string {
  const [today, setToday] = useState(() => businessToday());
  useEffect(() => {
    const look = () => setToday(businessToday()); // the same day again renders nothing
    const id = setInterval(look, BUSINESS_DAY_CHECK_MS);
    document.addEventListener('visibilitychange', look);
    window.addEventListener('focus', look);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('focus', look);
    };
  }, []);
  return today;
}
