// Routes of the shell (spec §2.1, §2.2): public pages, then the signed-in layout with one lazily loaded
// remote per role family. Remotes are fetched only when a signed-in user opens their area.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { REMOTE_NAMES, loadRemoteRoutes } from './remotes';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { notice, useAppDispatch, useAppSelector } from '@frontend/shared-api';
import { Box, CircularProgress, NotFoundPage, ErrorBoundary } from '@frontend/shared-ui';
import { NOT_ALLOWED_TEXT, RETURN_PARAM, ROLE_AREAS, REMOTE_OF, Role, homeOf, loginFor, returnPath } from '@frontend/shared-util';
import { LoginPage } from './auth/login-page';
import { AlertHost } from './alert-host';
import { VersionWatcher } from './version-watcher';

const ForgotPasswordPage = lazy(() => import('./auth/forgot-password-page'));
const PasswordPage = lazy(() => import('./auth/password-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const MyProfile = lazy(() => import('@frontend/identity-feature-accounts').then((m) => ({ default: m.MyProfilePage })));

type RemoteComponent = ComponentType<{ role: number }>;
const REMOTES = Object.fromEntries(REMOTE_NAMES.map((name) => [name, lazy(() => loadRemoteRoutes(name))])) as Record<string, RemoteComponent>;

export const Loading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
    <CircularProgress aria-label="Loading" />
  </Box>
);

/** Public pages send signed-in users on: to the address the login page holds (`?next=`, a protected page opened
 * while signed out, e.g. in another tab that has signed in since), else to their home. */
function PublicOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  const { search } = useLocation();
  if (!user || !token) return children;
  return <Navigate to={returnPath(new URLSearchParams(search).get(RETURN_PARAM), user.role as Role)} replace />;
}

/** An address of another role's area: the user's home, with a notice saying why (carried through the redirect). */
function NotAllowed({ home }: { home: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(notice({ kind: 'warning', text: NOT_ALLOWED_TEXT, carry: true }));
    navigate(home, { replace: true });
  }, [dispatch, navigate, home]);
  return null;
}

/** Protected pages send signed-out users to the login page, which brings them back here once signed in (only a
 * path of this site, see returnPath), and users of another role to their home with a notice. */
function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  const signedOutHere = useAppSelector((s) => s.auth.signedOutHere);
  const { pathname, search, hash } = useLocation();
  // a logout in this page leaves for the plain login page: the next user to sign in here goes to their own home
  if (!user || !token) return <Navigate to={signedOutHere ? '/' : loginFor(`${pathname}${search}${hash}`)} replace />;
  if (roles && !roles.includes(user.role as Role)) return <NotAllowed home={homeOf(user.role as Role)} />;
  return children;
}

const areas = (Object.keys(ROLE_AREAS).map(Number) as Role[]).filter((r) => REMOTE_OF[r]);

export function App() {
  // A render error is shown until the user navigates: every error boundary here resets on a new path.
  const { pathname } = useLocation();
  return (
    <>
      <AlertHost />
      <VersionWatcher />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/" element={<PublicOnly><LoginPage /></PublicOnly>} />
            <Route path="/forgot-password" element={<PublicOnly><ForgotPasswordPage /></PublicOnly>} />
            <Route path="/reset-password/:resetToken" element={<PublicOnly><PasswordPage mode="reset" /></PublicOnly>} />
            <Route path="/create-password/:resetToken" element={<PublicOnly><PasswordPage mode="create" /></PublicOnly>} />
            <Route element={<RequireAuth><AppLayout /></RequireAuth>}>
              <Route path="/my-profile" element={<ErrorBoundary resetKey={pathname}><MyProfile /></ErrorBoundary>} />
              {areas.map((role) => {
                const Remote = REMOTES[REMOTE_OF[role] as string];
                return (
                  <Route
                    key={role}
                    path={`${ROLE_AREAS[role].prefix}/*`}
                    element={
                      <RequireAuth roles={[role]}>
                        <ErrorBoundary resetKey={pathname}>
                          <Suspense fallback={<Loading />}>
                            <Remote role={role} />
                          </Suspense>
                        </ErrorBoundary>
                      </RequireAuth>
                    }
                  />
                );
              })}
            </Route>
            <Route path="*" element={<NotFoundPage homePath="/" />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

export default App;
