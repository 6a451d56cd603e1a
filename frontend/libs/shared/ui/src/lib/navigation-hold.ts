// The hold behind every screen that asks before it is left (the call screen's 'Leave this call?', a form's
// unsaved changes): while `when` holds, every way out of the page is held until the screen's question is answered.
// React Router's `useBlocker` needs a data router and the shell renders a plain <BrowserRouter>, so this does its
// work by hand, at the doors:
// - in-app navigations (links, NavLinks, and any `navigate()`, such as the top bar's My Profile) all go through
//   the router's one navigator (the browser history object, one instance: the router is a shared singleton of
//   the module federation), whose push and replace are held here;
// - Back/Forward: the shell's popstate gate (shared-util pop-gate, added before the router's listener: Chromium
//   runs a window's popstate listeners in the order they were added, so one added now came after the router's and
//   the screen had already gone) hands the step here first; it is stopped and the browser steps back to where it
//   was; going on replays the step (the router stamps each entry with its index, `history.state.idx`, which gives
//   the step's size);
// - the tab closing or reloading: the browser's own beforeunload question;
// - with `catchAnchors`, plain anchors (not router links) are caught on click as well.
// Outside a router (a form rendered on its own) only the tab's closing is held.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router-dom';
import { holdPopState, popGateInstalled } from '@frontend/shared-util';

export interface NavigationHoldOptions {
  /** also hold a click on a same-site anchor that leaves the page (the call screen) */
  catchAnchors?: boolean;
}

export interface NavigationHold {
  /** a navigation is held, waiting for the screen's question to be answered */
  pending: boolean;
  /** closes the question and hands over the held navigation (null when none), for the screen to run when it may */
  take: () => (() => void) | null;
  /** closes the question; the held navigation is dropped */
  cancel: () => void;
  /** lets navigations through until the hold next turns on (the screen's own after a save, the held one) */
  release: () => void;
}

export function useNavigationHold(when: boolean, { catchAnchors = false }: NavigationHoldOptions = {}): NavigationHold {
  const navigator = (useContext(UNSAFE_NavigationContext) as { navigator?: Navigator } | null)?.navigator;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const released = useRef(false);
  /* eslint-disable react-hooks/immutability -- holding the router's navigator is the point: it is the browser
     history object, outside React, and the effect's cleanup puts its own push and replace back */
  useEffect(() => {
    if (!when) return undefined;
    released.current = false;
    const history = navigator;
    const { push, replace } = history ?? {};
    const hold = (go: () => void) => (released.current ? go() : setPending(() => go));
    if (history && push && replace) {
      history.push = (...args) => hold(() => push(...args));
      history.replace = (...args) => hold(() => replace(...args));
    }

    const here = (window.history.state as { idx?: number } | null)?.idx;
    let undoing = false;
    const onPop = (e: PopStateEvent) => {
      if (released.current) return;
      const to = (e.state as { idx?: number } | null)?.idx;
      if (undoing) {
        // the browser is back where it was: the router never saw it leave
        undoing = false;
        e.stopImmediatePropagation();
        return;
      }
      if (typeof here !== 'number' || typeof to !== 'number' || to === here) return; // not a router entry
      e.stopImmediatePropagation();
      undoing = true;
      window.history.go(here - to);
      setPending(() => () => window.history.go(to - here));
    };
    const onClick = (e: MouseEvent) => {
      const a = (e.target as HTMLElement | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.origin !== window.location.origin || a.pathname === window.location.pathname) return;
      // preventDefault alone: it stops the browser, and a router link (which navigates only when its click was not
      // prevented) too, while the link's own handlers still run, such as the shell's mobile drawer closing itself;
      // stopping the click here too left that drawer open under the question, holding the keyboard's focus. The
      // question comes a task later, once that drawer has given the focus back to its menu button: that button, not
      // the hidden link, is where the focus returns when the user stays.
      e.preventDefault();
      const to = a.pathname + a.search;
      window.setTimeout(() => setPending(() => () => push?.(to)), 0);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const anchors = catchAnchors && !!push;
    const releasePop = popGateInstalled() ? holdPopState(onPop) : null; // on window itself without the shell
    if (!releasePop) window.addEventListener('popstate', onPop, true);
    if (anchors) document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (history && push && replace) {
        history.push = push;
        history.replace = replace;
      }
      if (releasePop) releasePop();
      else window.removeEventListener('popstate', onPop, true);
      if (anchors) document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [when, navigator, catchAnchors]);
  /* eslint-enable react-hooks/immutability */

  const release = useCallback(() => {
    released.current = true;
  }, []);
  const take = () => {
    setPending(null);
    return pending;
  };
  const cancel = useCallback(() => setPending(null), []);
  return { pending: pending !== null, take, cancel, release };
}
