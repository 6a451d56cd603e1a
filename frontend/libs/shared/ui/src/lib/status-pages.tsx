import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_ERROR_TEXT, NOT_FOUND_TEXT } from '@frontend/shared-util';

function Centered({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ p: 6, textAlign: 'center' }} role="status">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

export const NotFoundPage = () => <Centered title="Page not found" text={NOT_FOUND_TEXT} />;

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
