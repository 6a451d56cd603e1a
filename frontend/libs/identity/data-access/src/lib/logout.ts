import { baseApi, identity, loggedOut, type AppDispatch } from '@frontend/shared-api';
import { clearStoredData } from '@frontend/shared-util';

/** Ends the session: tells the server (unless it already said the session expired), then forgets everything. */
export async function logout(dispatch: AppDispatch, opts: { tellServer: boolean }) {
  if (opts.tellServer) {
    await dispatch(identity.endpoints.identitySignOut.initiate()).unwrap().catch(() => undefined);
  }
  clearStoredData();
  dispatch(baseApi.util.resetApiState());
  dispatch(loggedOut());
}
