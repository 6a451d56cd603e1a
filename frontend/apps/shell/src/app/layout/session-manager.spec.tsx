import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AUTH_STORAGE, identity, makeStore } from '@frontend/shared-api';
import { Role, TOKEN_REFRESH_S } from '@frontend/shared-util';
import { SessionManager } from './session-manager';

describe('SessionManager token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't1', user: { id: 3, firstName: 'Sam', lastName: 'Surveyor', email: 's@demo.test', role: Role.Surveyor } }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('every 360 s sends the seconds since the last input as idle, and keeps the new token', async () => {
    const initiate = vi.spyOn(identity.endpoints.identityRefreshSession, 'initiate').mockImplementation(
      () => (() => ({ unwrap: () => Promise.resolve({ data: { accessToken: 't2' } }) })) as never,
    );
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/surveyor/my-projects']}>
          <SessionManager />
        </MemoryRouter>
      </Provider>,
    );
    await act(async () => { vi.advanceTimersByTime(100_000); });
    act(() => { window.dispatchEvent(new Event('keydown')); });
    await act(async () => { vi.advanceTimersByTime(TOKEN_REFRESH_S * 1000 - 100_000); });
    expect(initiate).toHaveBeenCalledTimes(1);
    expect(initiate.mock.calls[0][0]).toEqual({ idle: 260 });
    await act(async () => { await Promise.resolve(); });
    expect(store.getState().auth.token).toBe('t2');
    // the refresh itself is not input: the next one counts from the input at 500 s
    await act(async () => { vi.advanceTimersByTime(140_000); });
    act(() => { window.dispatchEvent(new Event('mousedown')); });
    await act(async () => { vi.advanceTimersByTime(220_000); });
    expect(initiate).toHaveBeenCalledTimes(2);
    expect(initiate.mock.calls[1][0]).toEqual({ idle: 220 });
    expect(store.getState().auth.user).not.toBeNull();
  });
});
