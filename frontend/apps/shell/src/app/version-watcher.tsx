// New-release notice: /version.json is written by each build; when its buildId differs from the one this
// page was built with, ask to reload, but never while a save is in progress.
import { useEffect, useState } from 'react';
import { useAppSelector } from '@frontend/shared-api';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@frontend/shared-ui';

const POLL_MS = 5 * 60_000;
const BUILD_ID = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';

export function VersionWatcher() {
  const [newVersion, setNewVersion] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const saving = useAppSelector((s) => s.alerts.saving);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const res = await fetch('/version.json', { cache: 'no-store' });
        if (!res.ok) return;
        const body = (await res.json()) as { buildId?: string; version?: string };
        if (!stopped && body.buildId && body.buildId !== BUILD_ID) setNewVersion(`${body.version ?? ''}#${body.buildId}`);
      } catch {
        /* offline: try again later */
      }
    };
    const id = setInterval(check, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const open = Boolean(newVersion) && newVersion !== dismissedId && saving === 0;
  return (
    <Dialog open={open} aria-labelledby="new-release-title">
      <DialogTitle id="new-release-title">A new release is available</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A recent update requires reloading the page (Control+F5 clears the cache). If the problem continues, contact the project manager.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissedId(newVersion)}>Later</Button>
        <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
          Reload now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
