import { describe, expect, it, beforeEach } from 'vitest';
import { AUTH_STORAGE, signedIn } from './auth-slice';
import { makeStore } from './store';

const user = { id: 7, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@example.test', role: 3 } as never;

/** What the browser tells a tab when another tab of the same origin changes localStorage. */
function otherTabChanged(key: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}

describe('the store across tabs', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('signs this tab out when another tab logs out (it clears the stored session)', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user }));
    sessionStorage.setItem('answers', 'x');
    localStorage.clear(); // the other tab's logout
    otherTabChanged(null, null);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps this tab signed in when another tab only refreshes the token or stores something else', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user }));
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't2', user }));
    otherTabChanged(AUTH_STORAGE, localStorage.getItem(AUTH_STORAGE));
    otherTabChanged('surveyops.activity', String(Date.now()));
    expect(store.getState().auth.user).not.toBeNull();
  });
});
