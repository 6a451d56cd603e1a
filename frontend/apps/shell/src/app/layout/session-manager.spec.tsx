import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AUTH_STORAGE, identity, makeStore, SESSION_EXPIRED_TEXT, sessionExpired } from '@frontend/shared-api';
import { IDLE, Role, TOKEN_REFRESH_S } from '@frontend/shared-util';
import { SIGN_OUT_WAIT_MS } from '@frontend/identity-data-access';
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

  describe('after a reload', () => {
    const jwt = (expInS: number) =>
      `h.${btoa(JSON.stringify({ sub: '3', exp: Math.floor(Date.now() / 1000) + expInS })).replace(/=+$/, '')}.s`;
    const mount = (token: string) => {
      localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token, user: { id: 3, firstName: 'Sam', lastName: 'Surveyor', email: 's@demo.test', role: Role.Surveyor } }));
      const initiate = vi.spyOn(identity.endpoints.identityRefreshSession, 'initiate').mockImplementation(
        () => (() => ({ unwrap: () => Promise.resolve({ data: { accessToken: 'fresh' } }) })) as never,
      );
      const store = makeStore();
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/surveyor/my-projects']}>
            <SessionManager />
          </MemoryRouter>
        </Provider>,
      );
      return { initiate, store };
    };

    it('reloads the session at once when the stored token would expire before the first refresh', async () => {
      // issued 300 s before the reload: it lapses at 300 s, the first periodic refresh comes at 360 s
      const { initiate, store } = mount(jwt(300));
      await act(async () => { await Promise.resolve(); });
      expect(initiate).toHaveBeenCalledTimes(1);
      expect(initiate.mock.calls[0][0]).toEqual({ idle: 0 });
      expect(store.getState().auth.token).toBe('fresh');
    });

    it('keeps a token that outlives the first refresh', async () => {
      const { initiate } = mount(jwt(590));
      await act(async () => { vi.advanceTimersByTime(TOKEN_REFRESH_S * 1000 - 1000); });
      expect(initiate).not.toHaveBeenCalled();
    });
  });
});

describe('SessionManager: a session that ends by itself', () => {
  const user = { id: 3, firstName: 'Olga', lastName: 'Ops', email: 'o@demo.test', role: Role.Operations };
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't1', user }));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });
  const mount = () => {
    const store = makeStore();
    const view = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/ops/my-projects']}>
          <SessionManager />
        </MemoryRouter>
      </Provider>,
    );
    return { store, view };
  };
  const texts = (store: ReturnType<typeof makeStore>) => store.getState().alerts.items.map((a) => a.text);

  it('the server saying Session Expired signs out and leaves the sign-in page saying so', async () => {
    const { store } = mount();
    await act(async () => { store.dispatch(sessionExpired()); });
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(store.getState().auth.user).toBeNull();
    expect(texts(store)).toEqual([SESSION_EXPIRED_TEXT]);
  });

  it('a computer woken after an hour (timers held, then fired once) signs out at once and says Session Expired', async () => {
    const { store } = mount();
    // asleep: the clock moves an hour while no timer runs; awake: the countdown's next tick sees the deadline passed
    vi.setSystemTime(Date.now() + 3600_000);
    await act(async () => { await vi.advanceTimersByTimeAsync(1000); });
    // logout waits up to its SIGN_OUT_WAIT_MS for the server (unreachable here) before forgetting the session
    await act(async () => { await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS); });
    expect(store.getState().auth.user).toBeNull();
    expect(texts(store)).toEqual([SESSION_EXPIRED_TEXT]);
  });

  it('the warning dialog\'s Logout is the user\'s own: no Session Expired', async () => {
    const { store, view } = mount();
    await act(async () => { await vi.advanceTimersByTimeAsync((IDLE.normal.wait - IDLE.normal.warnAt + 1) * 1000); });
    await act(async () => { view.getByRole('button', { name: 'Logout' }).click(); });
    await act(async () => { await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS); });
    expect(store.getState().auth.user).toBeNull();
    expect(texts(store)).toEqual([]);
  });
});

