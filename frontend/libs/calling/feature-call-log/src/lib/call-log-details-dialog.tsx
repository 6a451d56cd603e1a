// The Call Log Details dialog; Quality may mark a call as a QA removal (with a confirmation) and edit its Positive
// and Negative comments (PUT calls-log). Client reports keep a removed call, flagged in their QA Removal column (the
// spec's export catalogue has one).
import { useState } from 'react';
import { useCallingGetCallLogQuery, useCallingUpdateCallLogMutation, type CallLogDetail } from '@frontend/shared-api';
import {
  Box, Button, CircularProgress, ConfirmDialog, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography,
} from '@frontend/shared-ui';
import { tooLongText } from '@frontend/shared-util';
import { CallLogDetails } from './call-log-details';

/** What calling keeps of a comment (CallLogUpdate.positive / .negative). */
const COMMENT_MAX = 5000;

type Comments = { positive: string; negative: string };

/** The comments a Quality edit changes: only those that differ from the saved ones, an emptied one as null. */
export function commentChanges(call: Pick<CallLogDetail, 'positive' | 'negative'>, draft: Comments): Partial<Record<keyof Comments, string | null>> {
  const out: Partial<Record<keyof Comments, string | null>> = {};
  for (const k of ['positive', 'negative'] as const) {
    const value = draft[k].trim() === '' ? null : draft[k];
    if (value !== (call[k] ?? null)) out[k] = value;
  }
  return out;
}

export function CallLogDetailsDialog({ callId, quality, onClose }: { callId: number | null; quality: boolean; onClose: () => void }) {
  const { data, isFetching, isError } = useCallingGetCallLogQuery({ callId: callId ?? 0 }, { skip: callId === null });
  const [update, { isLoading: saving }] = useCallingUpdateCallLogMutation();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Comments | null>(null); // null: reading, else Quality's edit of the comments
  const call = data?.data;
  const removed = Boolean(call?.isQARemoval);
  const changes = call && draft ? commentChanges(call, draft) : {};
  const draftError = (k: keyof Comments) => (draft ? tooLongText(draft[k], COMMENT_MAX) : null);
  const invalid = draftError('positive') !== null || draftError('negative') !== null;

  const close = () => { setDraft(null); onClose(); };
  const saveComments = async () => {
    if (!call || Object.keys(changes).length === 0) return;
    await update({ callLogUpdate: { id: call.callId, ...changes } }).unwrap().then(() => setDraft(null)).catch(() => undefined);
  };

  const toggleRemoval = async () => {
    if (!call) return;
    await update({ callLogUpdate: { id: call.callId, isQARemoval: !removed } }).unwrap().catch(() => undefined);
    setConfirming(false);
  };

  return (
    <Dialog open={callId !== null} onClose={close} maxWidth="md" fullWidth aria-labelledby="call-log-details-title">
      <DialogTitle id="call-log-details-title">Call Log Details</DialogTitle>
      {/* the details scroll: the keyboard can reach and scroll them */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="call-log-details-title">
        {isFetching && !call ? <CircularProgress aria-label="Loading call" /> : null}
        {isError ? <Typography color="error">This call could not be loaded.</Typography> : null}
        {call && draft ? (
          <Box component="section" aria-label="Edit comments" sx={{ mb: 2 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              {(['positive', 'negative'] as const).map((k) => (
                <TextField key={k} label={k === 'positive' ? 'Positive comment' : 'Negative comment'} value={draft[k]} multiline minRows={3}
                  fullWidth onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} error={draftError(k) !== null}
                  helperText={draftError(k) ?? undefined} slotProps={{ htmlInput: { dir: 'auto' } }} />
              ))}
            </Stack>
          </Box>
        ) : null}
        {call ? <CallLogDetails call={call} /> : null}
      </DialogContent>
      <DialogActions>
        {quality && call && draft ? (
          <>
            <Button onClick={() => setDraft(null)} disabled={saving}>Cancel</Button>
            <Button variant="contained" onClick={saveComments} disabled={saving || invalid || Object.keys(changes).length === 0}>Save Comments</Button>
          </>
        ) : null}
        {quality && call && !draft ? (
          <Button onClick={() => setDraft({ positive: call.positive ?? '', negative: call.negative ?? '' })}>Edit Comments</Button>
        ) : null}
        {quality && call && !draft ? (
          <Button color={removed ? 'primary' : 'error'} onClick={() => setConfirming(true)}>
            {removed ? 'Undo QA Removal' : 'QA Removal'}
          </Button>
        ) : null}
        <Button onClick={close}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        busy={saving}
        title={removed ? 'Undo QA Removal' : 'QA Removal'}
        message={removed ? `Undo the QA removal of call ${call?.callId}?`
          : `Mark call ${call?.callId} as a QA removal? Client reports show it with QA Removal = Yes.`}
        confirmLabel={removed ? 'Yes, Undo' : 'Yes, Mark'}
        onConfirm={toggleRemoval}
        onCancel={() => setConfirming(false)}
      />
    </Dialog>
  );
}
