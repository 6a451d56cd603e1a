import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@frontend/shared-ui';

/** Shown by VersionWatcher while a new release waits; "Later" hides it until the next release. */
export default function NewReleaseDialog({ open, onLater }: { open: boolean; onLater: () => void }) {
  return (
    <Dialog open={open} aria-labelledby="new-release-title">
      <DialogTitle id="new-release-title">A new release is available</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A recent update requires reloading the page (Control+F5 clears the cache). If the problem continues, contact the project manager.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLater}>Later</Button>
        <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
          Reload now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
