// The one door Back/Forward comes through before the router sees it. Chromium runs a window's popstate listeners
// in the order they were added, capturing or not, so a screen's listener added while it holds unsaved input came
// after the router's own and could not stop it: the router had already left the page. The shell installs this
// gate before the router starts listening; a screen that must ask first sets its handler here (this library is a
// shared singleton, so the remotes' screens reach the shell's gate). A handler that calls
// stopImmediatePropagation keeps the router from seeing the step.
type PopHandler = (e: PopStateEvent) => void;

let handler: PopHandler | null = null;
let installed = false;

/** Called once by the shell, before the router mounts. */
export function installPopGate() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (e) => handler?.(e), true);
}

/** Whether the shell's gate is in place (else a screen listens on window itself, as in a test of its own). */
export const popGateInstalled = () => installed;

/** Sets the handler of the gate; the returned function takes it off again (only if it is still this one). */
export function holdPopState(h: PopHandler): () => void {
  handler = h;
  return () => {
    if (handler === h) handler = null;
  };
}
