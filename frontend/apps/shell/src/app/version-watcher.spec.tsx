import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { makeStore, savingEnded, savingStarted } from '@frontend/shared-api';
import { DRAFTS_LOOK_MS, VersionWatcher } from './version-watcher';

describe('VersionWatcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks to reload when a new build is out, but not while a save is in progress', async () => {
    const fetchMock = vi.fn(async () => ({ ok: true, json: async () => ({ buildId: 'a-newer-build', version: '0.5.3' }) }));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(savingStarted());
    render(<Provider store={store}><VersionWatcher /></Provider>);
    act(() => { document.dispatchEvent(new Event('visibilitychange')); });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/version.json', { cache: 'no-store' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: 'A new release is available' })).toBeNull();
    act(() => { store.dispatch(savingEnded()); });
    expect(await screen.findByRole('dialog', { name: 'A new release is available' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('waits while a call save waits offline to be resent, and asks once it is sent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, json: async () => ({ buildId: 'a-newer-build', version: '0.5.3' }) })));
      const draft = { kind: 'result', projectId: 1, callId: 2, payload: {}, fingerprint: 'f', savedAt: Date.now(), attempts: 1, reason: 'offline' };
      localStorage.setItem('surveyops.call.result.1.2', JSON.stringify(draft));
      const store = makeStore();
      render(<Provider store={store}><VersionWatcher /></Provider>);
      act(() => { document.dispatchEvent(new Event('visibilitychange')); });
      // the release is known (the watcher ticks for it) but the dialog waits for the save
      await act(async () => { await vi.advanceTimersByTimeAsync(DRAFTS_LOOK_MS); });
      expect(screen.queryByRole('dialog', { name: 'A new release is available' })).toBeNull();
      localStorage.removeItem('surveyops.call.result.1.2'); // the resubmit landed
      await act(async () => { await vi.advanceTimersByTimeAsync(DRAFTS_LOOK_MS); });
      expect(await screen.findByRole('dialog', { name: 'A new release is available' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
      localStorage.clear();
    }
  });
});
