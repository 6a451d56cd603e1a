import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { AlertItem } from './alert-stack';
import { OFFLINE_ALERT_SX } from './theme';

const SEVERITY = { success: 'success', info: 'info', warning: 'warning', error: 'error', offline: 'warning', roster: 'error' } as const;

/** One notice; it goes away after its own time or when closed. */
export default function TimedAlert({ alert, onDismiss }: { alert: AlertItem; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const id = setTimeout(() => onDismiss(alert.id), alert.ttlMs);
    return () => clearTimeout(id);
  }, [alert.id, alert.ttlMs, onDismiss]);
  return (
    <Alert severity={SEVERITY[alert.kind]} variant="filled" onClose={() => onDismiss(alert.id)} data-kind={alert.kind}
      sx={alert.kind === 'offline' ? OFFLINE_ALERT_SX : undefined}>
      {alert.text}
      {alert.detail && (
        <Typography variant="caption" component="div" sx={{ opacity: 0.85 }}>
          {alert.detail}
        </Typography>
      )}
    </Alert>
  );
}
