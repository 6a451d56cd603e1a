// The frame of every remote's route table: the remote's theme, a spinner while a lazily loaded screen arrives,
// the role's home at the prefix itself, and the not-found page for every path the table does not give this role.
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ROLE_AREAS, homeOf, type Role } from '@frontend/shared-util';
import { NotFoundPage } from './status-pages';
import { ThemeScope } from './theme';

export function RemoteRoutes({ role, children }: { role: Role; children: ReactNode }) {
  return (
    <ThemeScope>
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        }
      >
        <Routes>
          <Route index element={<Navigate to={ROLE_AREAS[role].home} replace />} />
          {children}
          <Route path="*" element={<NotFoundPage homePath={homeOf(role)} />} />
        </Routes>
      </Suspense>
    </ThemeScope>
  );
}
