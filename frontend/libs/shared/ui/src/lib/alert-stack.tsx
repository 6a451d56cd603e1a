import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

export interface AlertItem {
  id: string;
  kind: 'success' | 'error' | 'offline' | 'roster';
  text: string;
  ttlMs: number;
}

const SEVERITY = { success: 'success', error: 'error', offline: 'warning', roster: 'error' } as const;

function TimedAlert({ alert, onDismiss }: { alert: AlertItem; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const id = setTimeout(() => onDismiss(alert.id), alert.ttlMs);
    return () => clearTimeout(id);
  }, [alert.id, alert.ttlMs, onDismiss]);
  return (
    <Alert severity={SEVERITY[alert.kind]} variant="filled" onClose={() => onDismiss(alert.id)} data-kind={alert.kind}>
      {alert.text}
    </Alert>
  );
}

/** Notices at the top right; each goes away after its own time or when closed. */
export function AlertStack({ alerts, onDismiss }: { alerts: AlertItem[]; onDismiss: (id: string) => void }) {
  return (
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: 2000, maxWidth: 480 }} aria-live="polite">
      {alerts.map((a) => (
        <TimedAlert key={a.id} alert={a} onDismiss={onDismiss} />
      ))}
    </Stack>
  );
}
