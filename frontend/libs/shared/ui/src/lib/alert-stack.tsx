import { lazy, Suspense } from 'react';
import Stack from '@mui/material/Stack';

export interface AlertItem {
  id: string;
  kind: 'success' | 'info' | 'warning' | 'error' | 'offline' | 'roster';
  text: string;
  detail?: string;
  ttlMs: number;
}

// MUI's Alert (icons, close button) is a lazy chunk fetched with the first notice: the login page does not
// need it up front. The live region itself is always there, so the first notice is announced.
const TimedAlert = lazy(() => import('./timed-alert'));

/** Notices at the bottom right; each goes away after its own time or when closed. */
export function AlertStack({ alerts, onDismiss }: { alerts: AlertItem[]; onDismiss: (id: string) => void }) {
  return (
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 2000, maxWidth: 480 }} aria-live="polite">
      {alerts.length > 0 && (
        <Suspense fallback={null}>
          {alerts.map((a) => (
            <TimedAlert key={a.id} alert={a} onDismiss={onDismiss} />
          ))}
        </Suspense>
      )}
    </Stack>
  );
}
