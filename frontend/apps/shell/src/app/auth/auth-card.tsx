import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@frontend/shared-ui';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 440 }} elevation={2}>
        <Typography variant="h6" color="primary" sx={{ fontWeight: 700 }}>
          SurveyOps
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
