import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: { primary: { main: '#1f5f8b' }, secondary: { main: '#2e7d32' }, background: { default: '#f4f6f8' } },
  shape: { borderRadius: 6 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  components: { MuiButton: { defaultProps: { disableElevation: true } } },
});

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** The theme for a remote's own copy of the widgets (the shell already applied the baseline styles). */
export function ThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
