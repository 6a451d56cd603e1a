// Routes of the shell (spec §2.1, §2.2): public pages, then the signed-in layout with one lazily loaded
// remote per role family. Remotes are fetched only when a signed-in user opens their area.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { REMOTE_NAMES, loadRemoteRoutes } from './remotes';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAppSelector } from '@frontend/shared-api';
import { Box, CircularProgress, NotFoundPage, ErrorBoundary } from '@frontend/shared-ui';
import { ROLE_AREAS, REMOTE_OF, Role, homeOf } from '@frontend/shared-util';
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

/** Public pages send signed-in users to their home. */
function PublicOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  return user && token ? <Navigate to={homeOf(user.role as Role)} replace /> : children;
}

/** Protected pages send signed-out users to the login page, and users of another role to /. */
function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const user = useAppSelector((s) => s.auth.user);
  const token = useAppSelector((s) => s.auth.token);
  if (!user || !token) return <Navigate to="/" replace />;
  if (roles && !roles.includes(user.role as Role)) return <Navigate to="/" replace />;
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
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

export default App;
