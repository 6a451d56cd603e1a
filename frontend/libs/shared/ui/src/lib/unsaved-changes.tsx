// Unsaved input asks before it is lost: while `when` holds, every way out of the page (a link, the navigation, a
// navigate() of the page, Back/Forward, closing or reloading the tab) asks first, as the call screen does while a
// call is open. The shell renders a plain <BrowserRouter> (React Router's useBlocker needs a data router), so this
// holds the router's one navigator (the browser history object) by hand, as the call screen's guard does:
// - in-app navigations (links, NavLinks, navigate()) go through the navigator's push and replace, held here until
//   the user answers;
// - Back/Forward: the shell's popstate gate (shared-util pop-gate, in place before the router listens) hands the
//   step here first; it is stopped before the router sees it and the browser steps back to where it was; Leave
//   replays the step (the router stamps each entry with its index, `idx`);
// - the tab closing or reloading: the browser's own beforeunload question.
// `allow` runs the page's own navigation after a save (its input is no longer at risk) without asking.
import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';
import { holdPopState, popGateInstalled } from '@frontend/shared-util';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_TITLE = 'Unsaved changes';
export const UNSAVED_TEXT = 'You have changes that are not saved. Leave this page and lose them?';

export function useUnsavedChangesPrompt(when: boolean): { prompt: ReactNode; allow: (go: () => void) => void } {
  // outside a router (a form rendered on its own) only the tab's closing is asked about
  const navigator = (useContext(UNSAFE_NavigationContext) as { navigator?: Navigator } | null)?.navigator;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const passing = useRef(false);
  /* eslint-disable react-hooks/immutability -- holding the router's navigator is the point: it is the browser
     history object, outside React, and the effect's cleanup puts its own push and replace back */
  useEffect(() => {
    if (!when) return undefined;
    passing.current = false;
    const history = navigator;
    const { push, replace } = history ?? {};
    const hold = (go: () => void) => (passing.current ? go() : setPending(() => go));
    if (history && push && replace) {
      history.push = (...args) => hold(() => push(...args));
      history.replace = (...args) => hold(() => replace(...args));
    }

    const here = (window.history.state as { idx?: number } | null)?.idx;
    let undoing = false;
    const onPop = (e: PopStateEvent) => {
      if (passing.current) return;
      const to = (e.state as { idx?: number } | null)?.idx;
      if (undoing) {
        undoing = false; // back where it was: the router never saw it leave
        e.stopImmediatePropagation();
        return;
      }
      if (typeof here !== 'number' || typeof to !== 'number' || to === here) return;
      e.stopImmediatePropagation();
      undoing = true;
      window.history.go(here - to);
      setPending(() => () => window.history.go(to - here));
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    // through the shell's gate, which runs before the router's listener; without it (a screen on its own) on window
    const release = popGateInstalled() ? holdPopState(onPop) : null;
    if (!release) window.addEventListener('popstate', onPop, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (history && push && replace) {
        history.push = push;
        history.replace = replace;
      }
      if (release) release();
      else window.removeEventListener('popstate', onPop, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [when, navigator]);
  /* eslint-enable react-hooks/immutability */

  const allow = useCallback((go: () => void) => {
    passing.current = true;
    go();
  }, []);
  const leave = () => {
    const go = pending;
    setPending(null);
    passing.current = true;
    go?.();
  };
  const prompt = (
    <ConfirmDialog open={pending !== null} title={UNSAVED_TITLE} message={UNSAVED_TEXT} confirmLabel="Leave" cancelLabel="Stay"
      onConfirm={leave} onCancel={() => setPending(null)} />
  );
  return { prompt, allow };
}
