import { useCallback } from 'react';
import { dismissed, useAppDispatch, useAppSelector } from '@frontend/shared-api';
import { AlertStack } from '@frontend/shared-ui';

export function AlertHost() {
  const alerts = useAppSelector((s) => s.alerts.items);
  const dispatch = useAppDispatch();
  const onDismiss = useCallback((id: string) => dispatch(dismissed(id)), [dispatch]);
  return <AlertStack alerts={alerts} onDismiss={onDismiss} />;
}
