// Unsaved input asks before it is lost: while `when` holds, every way out of the page (a link, the navigation, a
// navigate() of the page, Back/Forward, closing or reloading the tab) asks first, as the call screen does while a
// call is open. Both hold the page's ways out through `useNavigationHold` (navigation-hold.ts tells how); this adds
// the question and `allow`, which runs the page's own navigation after a save (its input is no longer at risk)
// without asking.
import { useCallback, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { useNavigationHold } from './navigation-hold';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_TEXT = 'You have changes that are not saved. Leave this page and lose them?';

export function useUnsavedChangesPrompt(when: boolean): { prompt: ReactNode; allow: (go: () => void) => void } {
  const hold = useNavigationHold(when);
  const { release } = hold;
  const allow = useCallback((go: () => void) => {
    release();
    go();
  }, [release]);
  const leave = () => {
    const go = hold.take();
    release();
    go?.();
  };
  const prompt = (
    <ConfirmDialog open={hold.pending} title={UNSAVED_TITLE} message={UNSAVED_TEXT} confirmLabel="Leave" cancelLabel="Stay"
      onConfirm={leave} onCancel={hold.cancel} />
  );
  return { prompt, allow };
}
