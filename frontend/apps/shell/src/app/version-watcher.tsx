// New-release notice: /version.json is written by each build; when its buildId differs from the one this
// page was built with, ask to reload, but never while a save is in progress.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '@frontend/shared-api';
import { hasOfflineCallDrafts } from '@frontend/shared-util';

// The dialog (MUI Modal and friends) is a lazy chunk: it is fetched only when a new release shows up.
const NewReleaseDialog = lazy(() => import('./new-release-dialog'));

const POLL_MS = 5 * 60_000;
/** While a release waits, how often the dialog looks again whether call saves still wait to be resent. */
export const DRAFTS_LOOK_MS = 10_000;
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

  // A call save waiting offline is a save in progress too (platform §8): reloading then would leave the surveyor on
  // the browser's offline page. The dialog looks again every DRAFTS_LOOK_MS until they are sent.
  const [, setLook] = useState(0);
  useEffect(() => {
    if (!newVersion) return undefined;
    const id = setInterval(() => setLook((n) => n + 1), DRAFTS_LOOK_MS);
    return () => clearInterval(id);
  }, [newVersion]);
  const open = Boolean(newVersion) && newVersion !== dismissedId && saving === 0 && !hasOfflineCallDrafts();
  if (!newVersion) return null; // stays mounted once shown, so closing keeps its transition
  return (
    <Suspense fallback={null}>
      <NewReleaseDialog open={open} onLater={() => setDismissedId(newVersion)} />
    </Suspense>
  );
}
