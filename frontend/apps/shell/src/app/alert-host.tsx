// The shell's notices: one stack for the whole app. Leaving a page clears its failure alerts, so an error of one
// page (a failed sign-in's) does not follow the user to the next (Forgot Password).
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissed, pageLeft, useAppDispatch, useAppSelector } from '@frontend/shared-api';
import { AlertStack } from '@frontend/shared-ui';

export function AlertHost() {
  const alerts = useAppSelector((s) => s.alerts.items);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) {
      shownOn.current = pathname;
      dispatch(pageLeft());
    }
  }, [pathname, dispatch]);
  const onDismiss = useCallback((id: string) => dispatch(dismissed(id)), [dispatch]);
  return <AlertStack alerts={alerts} onDismiss={onDismiss} />;
}
