import { AUTH_STORAGE, baseApi, identity, loggedOut, type AppDispatch } from '@frontend/shared-api';
import { BEFORE_LOGOUT_EVENT, clearStoredData, type BeforeLogoutDetail } from '@frontend/shared-util';

/** How long logout waits for the server to end the session before forgetting it here anyway. */
export const SIGN_OUT_WAIT_MS = 3000;

/**
 * Ends the session: lets a screen wind its work down (`BEFORE_LOGOUT_EVENT`), tells the server (unless it already
 * said the session expired), then forgets everything.
 * A server that does not answer (a hung network) does not keep the user signed in on this screen: after
 * SIGN_OUT_WAIT_MS the browser forgets the session all the same; the server ends it on its own idle limit.
 * Unsent call saves younger than 24 h stay, marked as the signing-out user's (`clearStoredData`).
 */
export async function logout(dispatch: AppDispatch, opts: { tellServer: boolean }) {
  if (opts.tellServer) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // a screen's wind-down (an open call given back) goes first, while the session still takes it
    const windDown: Promise<unknown>[] = [];
    const detail: BeforeLogoutDetail = { waitFor: (work) => windDown.push(work.catch(() => undefined)) };
    window.dispatchEvent(new CustomEvent(BEFORE_LOGOUT_EVENT, { detail }));
    const signOut = () => dispatch(identity.endpoints.identitySignOut.initiate()).unwrap();
    const told = (windDown.length ? Promise.all(windDown).then(signOut) : signOut()).catch(() => undefined);
    await Promise.race([told, new Promise<void>((resolve) => { timer = setTimeout(resolve, SIGN_OUT_WAIT_MS); })]);
    clearTimeout(timer);
  }
  clearStoredData(signedInUserId());
  dispatch(baseApi.util.resetApiState());
  dispatch(loggedOut());
}

/** The signed-in user's id as the store keeps it across reloads (`auth` in localStorage). */
function signedInUserId(): number | null {
  try {
    const id = (JSON.parse(localStorage.getItem(AUTH_STORAGE) ?? 'null') as { user?: { id?: unknown } } | null)?.user?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
