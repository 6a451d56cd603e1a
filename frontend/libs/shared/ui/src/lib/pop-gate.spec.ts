// The shell's popstate gate (shared-util pop-gate), tested here: shared-util's spec types carry no DOM lib.
import { vi } from 'vitest';
import { holdPopState, installPopGate, popGateInstalled } from '@frontend/shared-util';

describe('pop gate', () => {
  it('hands Back/Forward to the screen holding it before a listener added later (the router\'s) sees it', () => {
    installPopGate();
    expect(popGateInstalled()).toBe(true);
    const router = vi.fn();
    window.addEventListener('popstate', router);
    const release = holdPopState((e) => e.stopImmediatePropagation());
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(router).not.toHaveBeenCalled();
    release();
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(router).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', router);
  });

  it('lets a screen take off only its own handler', () => {
    const first = vi.fn();
    const second = vi.fn();
    const releaseFirst = holdPopState(first);
    const releaseSecond = holdPopState(second);
    releaseFirst(); // the second screen's handler stays
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    releaseSecond();
  });
});
