import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { makeStore, savingEnded, savingStarted } from '@frontend/shared-api';
import { VersionWatcher } from './version-watcher';

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
});
