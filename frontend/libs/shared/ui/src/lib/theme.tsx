import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, createTheme } from '@mui/material/styles';

export const theme = createTheme({
  // warning and info are darker than MUI's (#ed6c02, #0288d1): white text on a filled notice, and the colour as
  // text on white, reach WCAG AA's 4.5:1 (MUI's reach 3.1 and 3.9)
  palette: {
    primary: { main: '#1f5f8b' }, secondary: { main: '#2e7d32' }, warning: { main: '#b45309' }, info: { main: '#0277bd' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 6 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  components: { MuiButton: { defaultProps: { disableElevation: true } } },
});

/** Spec §8: offline-like messages are a yellow alert (MUI's warning is orange); keep severity="warning" so screen
 * readers still hear a warning. */
export const OFFLINE_ALERT_SX = {
  bgcolor: '#fff176', color: 'rgba(0, 0, 0, 0.87)', '& .MuiAlert-icon': { color: '#7a5c00' },
} as const;

/** Class for a box with a fixed height that scrolls on screen (the call screen's questionnaire pane): printed, it
 * and the scrolling papers inside it grow to their content, so every question prints. */
export const PRINT_GROW = 'print-grow';

/** Printing a page (the call screen, the questionnaire viewer) prints its content only: the shell's top bar and
 * left navigation and anything marked `no-print` (buttons, disposition, comments) stay off paper. */
export const PRINT_STYLES = {
  '@media print': {
    [`.no-print, .MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root:first-of-type`]: { display: 'none !important' },
    [`.${PRINT_GROW}, .${PRINT_GROW} .MuiPaper-root`]: {
      height: 'auto !important', maxHeight: 'none !important', overflow: 'visible !important',
    },
  },
} as const;

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={PRINT_STYLES} />
      {children}
    </ThemeProvider>
  );
}

/** The theme for a remote's own copy of the widgets (the shell already applied the baseline styles). */
export function ThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
