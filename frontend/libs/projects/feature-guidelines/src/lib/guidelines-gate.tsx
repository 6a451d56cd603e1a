// The guidelines gate (spec: Surveyor Guidelines): a surveyor who has not confirmed the project's current
// guidelines sees them full screen with "Confirm as read" (dialog "Yes, I've Read" with the confirmation
// checkbox) or "Remind me before next call"; remind lets this call through and the gate shows again next time.
import { useState, type ReactNode } from 'react';
import {
  Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack,
  Typography,
} from '@frontend/shared-ui';
import {
  GUIDELINE_CONFIRM_TEXT, useGuidelineStatusQuery, useListGuidelinesQuery, useUpdateGuidelineStatusMutation,
} from '@frontend/projects-data-access';
import { PdfViewerLazy as PdfViewer } from './pdf-viewer-lazy';

export function GuidelinesGate({ projectId, children }: { projectId: number; children: ReactNode }) {
  const { data: status, isLoading } = useGuidelineStatusQuery({ projectId });
  const { data: list } = useListGuidelinesQuery({ projectId }, { skip: !status?.required });
  const [update, { isLoading: saving }] = useUpdateGuidelineStatusMutation();
  const [passed, setPassed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [ticked, setTicked] = useState(false);

  if (isLoading) return <CircularProgress aria-label="Checking guidelines" />;
  if (!status?.required || passed) return children;
  const current = list?.rows.find((g) => g.isCurrent);
  const answer = async (value: 'confirmed' | 'remind') => {
    await update({ guidelineStatusUpdate: { projectId, status: value } }).unwrap();
    setConfirming(false);
    setPassed(true);
  };
  return (
    // A modal over the whole window: the keyboard starts in it and stays in it (the top bar and navigation beneath
    // it cannot take the focus out of sight), and Escape does not dismiss it (no onClose): one of its two answers
    // must be given.
    <Dialog open fullScreen slotProps={{ paper: { 'aria-label': 'Project guidelines', sx: { p: 2 } } }}>
      <Stack spacing={2}>
        <Typography variant="h5">Please read the project's guidelines before your next call</Typography>
        {current ? <PdfViewer path={current.url} title={current.fileName} height="70vh" /> : <CircularProgress />}
        <Stack direction="row" spacing={2} sx={{ justifyContent: "flex-end" }}>
          <Button variant="outlined" disabled={saving} onClick={() => answer('remind').catch(() => undefined)}>
            Remind me before next call
          </Button>
          <Button variant="contained" onClick={() => setConfirming(true)}>
            Confirm as read
          </Button>
        </Stack>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>Confirm as read</DialogTitle>
        <DialogContent>
          <FormControlLabel control={<Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)} />} label={GUIDELINE_CONFIRM_TEXT} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Box>
            <Button variant="contained" disabled={!ticked || saving} onClick={() => answer('confirmed').catch(() => undefined)}>
              Yes, I've Read
            </Button>
          </Box>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
