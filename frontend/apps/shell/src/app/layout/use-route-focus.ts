// Focus after a page change (WCAG 2.4.3): React Router leaves the focus where it was (a navigation link, or the
// page body once the control that navigated is gone), so a keyboard or screen-reader user would start again from
// the top of the document. On each new path the focus goes to the new page's heading (its h1, else its h5, made
// focusable with tabIndex -1), or to <main> when the page has none, once the page has drawn it - unless the focus
// is already somewhere the user or the page put it: a dialog, a field the page autofocuses (the call screen's
// Start Call), a control of the page that stayed in place (a tab).
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

const WAIT_MS = 15_000; // a remote's first load; after that the page's own focus, if any, is left alone

/** Not hidden: while a lazily loaded page arrives, React keeps the page before it in place with display none. */
function shown(el: Element): boolean {
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : !el.closest('[hidden], [style*="display: none"]');
}

function pageHeading(main: HTMLElement): HTMLElement | null {
  const visible = (tag: string) => [...main.querySelectorAll<HTMLElement>(tag)].find(shown) ?? null;
  return visible('h1') ?? visible('h5');
}

/** Whether the focus is where the page change left it: the body, or the layout's navigation / top bar. */
function focusLeftBehind(root: HTMLElement, main: HTMLElement): boolean {
  const now = document.activeElement;
  if (!now || now === document.body || !now.isConnected || !shown(now)) return true;
  if (main.contains(now)) return false; // the page's own (autofocus, a tab), or already moved here
  return root.contains(now) || !!now.closest('nav');
}

/** Focuses a heading or <main>, which a script may focus (tabIndex -1) but Tab does not stop at. No focus ring:
 * neither is a control (WCAG 2.4.7 asks it of what Tab reaches), and after a reload or a typed address the
 * browser drew a black box around every page's heading; screen readers announce the heading all the same. */
export function focusTarget(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    target.style.outline = 'none';
  }
  target.focus();
}

export function useRouteFocus(rootRef: RefObject<HTMLElement | null>, mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    const root = rootRef.current;
    const main = mainRef.current;
    if (!root || !main) return undefined;
    const place = (heading: HTMLElement | null) => {
      if (focusLeftBehind(root, main)) focusTarget(heading ?? main);
    };
    const now = pageHeading(main);
    if (now) {
      place(now);
      return undefined;
    }
    // the page is still loading (a remote, a lazily loaded screen): wait for its heading
    const observer = new MutationObserver(() => {
      const heading = pageHeading(main);
      if (heading) {
        observer.disconnect();
        window.clearTimeout(timer);
        place(heading);
      }
    });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      place(null);
    }, WAIT_MS);
    observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, rootRef, mainRef]);
}
