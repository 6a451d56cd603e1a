import { useEffect, useId, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Where the focus goes once the dialog is closed and the button that opened it is gone (a row deleted through
 * the question): the table that held that button, else the page's heading — not the page body. */
function useFocusFallback(open: boolean) {
  const saved = useRef<{ opener: HTMLElement; table: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (open) {
      const a = document.activeElement;
      saved.current = a instanceof HTMLElement && a !== document.body ? { opener: a, table: a.closest('table') } : null;
      return undefined;
    }
    const s = saved.current;
    saved.current = null;
    if (!s) return undefined;
    // MUI returns the focus to the opener if it is still there; the row may go later (after the refetch)
    const settle = () => {
      if (s.opener.isConnected) return false;
      const active = document.activeElement;
      if (active && active !== document.body) return !active.closest('[role="dialog"]');
      const target = [s.table, document.querySelector('main h1'), document.querySelector('h1')]
        .find((el): el is HTMLElement => el instanceof HTMLElement && el.isConnected);
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      }
      return true;
    };
    if (settle()) return undefined;
    const watch = new MutationObserver(() => { if (settle()) stop(); });
    const timer = setTimeout(() => stop(), 10_000);
    const stop = () => { watch.disconnect(); clearTimeout(timer); };
    watch.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [open]);
}

/** A yes/no question. MUI's Dialog traps focus; the confirm button takes it first so Enter confirms. Its ids are
 * its own, so that two questions on one page (the screen's and the Logout one) each name their own dialog. Closed
 * with its opener gone, the focus goes to the opener's table or the page heading (useFocusFallback). */
export function ConfirmDialog({ open, title, message, confirmLabel = 'Yes', cancelLabel = 'Cancel', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  useFocusFallback(open);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
