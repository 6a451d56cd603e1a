// Session upkeep (spec §4): idle countdown with a warning, automatic logout at zero, token refresh every
// 360 s carrying the seconds since the last input (GET /api/sessions?idle=N), and logout when the server says
// "Session Expired". A reloaded page reloads the session at once when its stored token would lapse before the
// first refresh. A session that ended by itself (the countdown at zero, or the server's Session Expired: a
// computer woken from sleep finds both) leaves the sign-in page saying Session Expired.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { identity, sessionExpiredNotice, tokenRefreshed, useAppDispatch, useAppSelector, type SessionUser } from '@frontend/shared-api';
import { idleProfile, logout, tokenSecondsLeft, useIdleTimer } from '@frontend/identity-data-access';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@frontend/shared-ui';
import { TOKEN_REFRESH_S } from '@frontend/shared-util';

/** A stored token with less than the refresh interval plus this left is replaced on load: the margin absorbs a
 * browser clock somewhat behind the server's. */
const RELOAD_MARGIN_S = 120;

export function SessionManager() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  const expired = useAppSelector((s) => s.auth.expired);
  const { wait, warnAt } = idleProfile(user?.role ?? -1, pathname);

  const end = useCallback(
    async (tellServer: boolean, saySessionExpired = false) => {
      await logout(dispatch, { tellServer });
      // after the logout, which wipes the store's alerts; it stays on the sign-in page until the next sign-in
      if (saySessionExpired) dispatch(sessionExpiredNotice());
      navigate('/', { replace: true });
    },
    [dispatch, navigate],
  );

  const idle = useIdleTimer({ wait, warnAt, enabled: Boolean(user), onTimeout: () => end(true, true) });
  const { idleSeconds } = idle;

  /** New token. `idle` (seconds since the last input) lets the server end a session left alone: a refresh
   * is not activity by itself. */
  const refresh = useCallback(async (idleS: number) => {
    const res = await dispatch(identity.endpoints.identityRefreshSession.initiate({ idle: idleS }, { forceRefetch: true, subscribe: false })).unwrap().catch(() => null);
    if (res?.data) dispatch(tokenRefreshed({ token: res.data.accessToken, user: res.data.user as SessionUser }));
  }, [dispatch]);

  useEffect(() => {
    const id = setInterval(() => refresh(idleSeconds()), TOKEN_REFRESH_S * 1000);
    return () => clearInterval(id);
  }, [refresh, idleSeconds]);

  // The refresh cadence restarts with the page, but the token in storage may have been issued up to 360 s before
  // the reload: one that would expire before the first refresh is replaced now (GET sessions, "reload session"),
  // or the user's next call would come back Session Expired and log them out while they work.
  const [tokenAtStart] = useState(() => token);
  useEffect(() => {
    const left = tokenSecondsLeft(tokenAtStart);
    if (left !== null && left < TOKEN_REFRESH_S + RELOAD_MARGIN_S) refresh(idleSeconds());
  }, [tokenAtStart, refresh, idleSeconds]);

  useEffect(() => {
    if (expired) end(false, true);
  }, [expired, end]);

  const keep = () => {
    idle.reset();
    refresh(0); // "Yes, Please" is input
  };

  return (
    <Dialog open={idle.warning} aria-labelledby="idle-title">
      <DialogTitle id="idle-title">Session expiring</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have been inactive. You will be logged out in {idle.remaining} seconds. Do you want to stay signed in?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => end(true)}>Logout</Button>
        <Button variant="contained" onClick={keep} autoFocus>Yes, Please</Button>
      </DialogActions>
    </Dialog>
  );
}
