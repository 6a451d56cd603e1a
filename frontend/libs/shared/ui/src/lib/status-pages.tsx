import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_ERROR_TEXT, NOT_FOUND_TEXT } from '@frontend/shared-util';

function Centered({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Box sx={{ p: 6, textAlign: 'center' }} role="status">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      {children}
    </Box>
  );
}

const NOT_FOUND_TITLE = 'Page not found - SurveyOps';

/** An unknown address: says so, names the tab, and offers the way home (`/` sends a signed-in user to their
 * role's home and a signed-out one to the login page). */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  useEffect(() => {
    // a task later: the signed-in layout titles the tab by the section of the path in its own effect, which runs
    // after this one; leaving gives the section's title back
    let before: string | null = null;
    const id = window.setTimeout(() => {
      before = document.title;
      document.title = NOT_FOUND_TITLE;
    }, 0);
    return () => {
      window.clearTimeout(id);
      if (before !== null && document.title === NOT_FOUND_TITLE) document.title = before;
    };
  }, []);
  return (
    <Centered title="Page not found" text={NOT_FOUND_TEXT}>
      <Button component={RouterLink} to={homePath} variant="contained" sx={{ mt: 3 }}>Go to the home page</Button>
    </Centered>
  );
}

/** The server's 404 for something created a moment ago in another service ("... is not known to the rosters
 * service yet ..."): its message, or null for any other failure. */
export function notYetKnown(error: unknown): string | null {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  return status === 404 && message && /not known to the \w+ service yet/.test(message) ? message : null;
}

/** Says what has not arrived yet, in the server's words, with Retry: events between services take a moment. */
export function NotYetKnownNotice({ message, busy, onRetry }: { message: string; busy: boolean; onRetry: () => void }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <Typography role="alert" color="text.secondary">{message}</Typography>
      <Button variant="contained" disabled={busy} onClick={onRetry}>Retry</Button>
    </Stack>
  );
}

/**
 * A render error anywhere below shows the default error text instead of a blank page. A change of `resetKey`
 * (the shell passes the location) clears it, so navigating away leaves the error behind; healthy trees are not
 * remounted by a change of key.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, { failed: boolean; resetKey?: unknown }> {
  override state: { failed: boolean; resetKey?: unknown } = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { failed: boolean; resetKey?: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <Centered title="Error" text={DEFAULT_ERROR_TEXT} /> : this.props.children;
  }
}
