import { vi } from 'vitest';
import { identity, makeStore, signedIn } from '@frontend/shared-api';
import { BEFORE_LOGOUT_EVENT, type BeforeLogoutDetail } from '@frontend/shared-util';
import { logout, SIGN_OUT_WAIT_MS } from './logout';

const user = { id: 4, firstName: 'Quinn', lastName: 'Quality', email: 'qa@demo.test', role: 4 };
const signOutAnswers = (unwrap: () => Promise<unknown>) =>
  vi.spyOn(identity.endpoints.identitySignOut, 'initiate').mockImplementation(() => (() => ({ unwrap })) as never);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('logout', () => {
  it('forgets the session here after 3 s when the server does not answer', async () => {
    const initiate = signOutAnswers(() => new Promise(() => undefined));
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user }));
    localStorage.setItem('surveyops.call.answers.1.2', '{}');
    const done = logout(store.dispatch, { tellServer: true });
    expect(initiate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS - 1);
    expect(store.getState().auth.token).toBe('t');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(SIGN_OUT_WAIT_MS).toBe(3000);
    expect(store.getState().auth).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('surveyops.call.answers.1.2')).toBeNull();
  });

  it('does not wait once the server has answered, and does not call it after Session Expired', async () => {
    const initiate = signOutAnswers(() => Promise.resolve({ message: 'Signed out' }));
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user }));
    await logout(store.dispatch, { tellServer: true });
    expect(store.getState().auth.token).toBeNull();
    store.dispatch(signedIn({ token: 't2', user }));
    await logout(store.dispatch, { tellServer: false });
    expect(initiate).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.token).toBeNull();
  });

  it("lets a screen wind its work down first, while the session still stands, within the same 3 s", async () => {
    const order: string[] = [];
    const initiate = vi.spyOn(identity.endpoints.identitySignOut, 'initiate').mockImplementation(() => (() => ({
      unwrap: () => { order.push('sign-out'); return Promise.resolve({ message: 'Signed out' }); },
    })) as never);
    let finishWork: () => void = () => undefined;
    const onLogout = (e: Event) => (e as CustomEvent<BeforeLogoutDetail>).detail.waitFor(new Promise<void>((resolve) => {
      finishWork = () => { order.push('call given back'); resolve(); };
    }));
    window.addEventListener(BEFORE_LOGOUT_EVENT, onLogout);
    try {
      const store = makeStore();
      store.dispatch(signedIn({ token: 't', user }));
      const done = logout(store.dispatch, { tellServer: true });
      await vi.advanceTimersByTimeAsync(500);
      expect(initiate).not.toHaveBeenCalled(); // the session still stands for the screen's own calls
      expect(store.getState().auth.token).toBe('t');
      finishWork();
      await done;
      expect(order).toEqual(['call given back', 'sign-out']);
      expect(store.getState().auth.token).toBeNull();
      // a wind-down that never ends does not keep the user signed in
      window.removeEventListener(BEFORE_LOGOUT_EVENT, onLogout);
      window.addEventListener(BEFORE_LOGOUT_EVENT, (e) => (e as CustomEvent<BeforeLogoutDetail>).detail.waitFor(new Promise(() => undefined)), { once: true });
      store.dispatch(signedIn({ token: 't2', user }));
      const stuck = logout(store.dispatch, { tellServer: true });
      await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS);
      await stuck;
      expect(store.getState().auth.token).toBeNull();
    } finally {
      window.removeEventListener(BEFORE_LOGOUT_EVENT, onLogout);
    }
  });

  it('keeps an unsent call save younger than 24 h, marked as the signing-out user\'s, and nothing else', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user }));
    const draft = { kind: 'result', projectId: 1, callId: 2, payload: {}, fingerprint: 'f', savedAt: Date.now(), attempts: 1 };
    localStorage.setItem('surveyops.call.result.1.2', JSON.stringify(draft));
    localStorage.setItem('surveyops.call.result.1.3', JSON.stringify({ ...draft, callId: 3, savedAt: Date.now() - 25 * 3600_000 }));
    await logout(store.dispatch, { tellServer: false });
    expect(Object.keys(localStorage)).toEqual(['surveyops.call.result.1.2']);
    expect(JSON.parse(localStorage.getItem('surveyops.call.result.1.2') ?? '{}')).toMatchObject({ userId: 4 });
  });
});
