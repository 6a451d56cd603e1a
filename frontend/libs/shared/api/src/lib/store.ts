import { keepDraftsOf } from '@frontend/shared-util';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { alertSlice } from './alert-slice';
import { alertMiddleware } from './alert-middleware';
import { AUTH_STORAGE, authSlice, loggedOut } from './auth-slice';
import { baseApi } from './base-api';

const slices = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  auth: authSlice.reducer,
  alerts: alertSlice.reducer,
});

/** Logout wipes the whole store. */
const rootReducer: typeof slices = (state, action) => slices(loggedOut.match(action) ? undefined : state, action);

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, alertMiddleware),
  });
  setupListeners(store.dispatch);
  // Keep the session across reloads; logout removes it together with everything else.
  let last = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth === last) return;
    // a sign-in (not a token refresh): drafts another user left on this browser go before anything can send them
    if (auth.user && auth.user.id !== last.user?.id) keepDraftsOf(auth.user.id);
    last = auth;
    if (auth.token && auth.user) localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: auth.token, user: auth.user }));
    else localStorage.removeItem(AUTH_STORAGE);
  });
  // A logout in another tab of the app (it clears the stored session) signs this tab out too, at once: else this
  // tab kept showing what it had loaded (a patient on the call screen, say) until its next request failed.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== null && e.key !== AUTH_STORAGE) return;
      if (!store.getState().auth.user || localStorage.getItem(AUTH_STORAGE) !== null) return;
      sessionStorage.clear();
      store.dispatch(baseApi.util.resetApiState());
      store.dispatch(loggedOut());
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
