// The Call Log Details dialog; Quality may mark a call as a QA removal (with a confirmation) and edit its Positive
// and Negative comments (PUT calls-log). Client reports keep a removed call, flagged in their QA Removal column (the
// spec's export catalogue has one). Each edit sends the values the dialog showed (`expected`): when another Quality
// user saved that value differently meanwhile, the server refuses (409, its message names both values), the dialog
// reads the call again and keeps what was typed, with the saved comment shown under its field; saving again then
// saves over it knowingly (docs/decisions.md, "Two managers, one goal").
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
    if (value !== (call[k] || null)) out[k] = value; // no comment and an empty one are alike
  }
  return out;
}

/** A refusal because another user saved the value since this dialog read it. */
const isStale = (e: unknown) => (e as { status?: unknown } | null)?.status === 409;

export function CallLogDetailsDialog({ callId, quality, onClose }: { callId: number | null; quality: boolean; onClose: () => void }) {
  const { data, isFetching, isError, refetch } = useCallingGetCallLogQuery({ callId: callId ?? 0 }, { skip: callId === null });
  const [update, { isLoading: saving }] = useCallingUpdateCallLogMutation();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<Comments | null>(null); // null: reading, else Quality's edit of the comments
  // the comments as the dialog showed them when the edit began (or as read again after a refusal): sent as `expected`
  const [seen, setSeen] = useState<Comments | null>(null);
  // the comments another user saved meanwhile (after a 409): shown under their fields
  const [savedByOther, setSavedByOther] = useState<Partial<Comments>>({});
  const call = data?.data;
  const removed = Boolean(call?.isQARemoval);
  const changes = seen && draft ? commentChanges(seen, draft) : {};
  const draftError = (k: keyof Comments) => (draft ? tooLongText(draft[k], COMMENT_MAX) : null);
  const invalid = draftError('positive') !== null || draftError('negative') !== null;
  const commentsOf = (c: Pick<CallLogDetail, 'positive' | 'negative'>): Comments => ({ positive: c.positive ?? '', negative: c.negative ?? '' });

  const startEdit = () => {
    if (!call) return;
    setDraft(commentsOf(call));
    setSeen(commentsOf(call));
    setSavedByOther({});
  };
  const stopEdit = () => { setDraft(null); setSeen(null); setSavedByOther({}); };
  const close = () => { stopEdit(); onClose(); };
  const saveComments = async () => {
    if (!call || !seen || Object.keys(changes).length === 0) return;
    const expected = Object.fromEntries(Object.keys(changes).map((k) => [k, seen[k as keyof Comments]]));
    try {
      await update({ callLogUpdate: { id: call.callId, ...changes, expected } }).unwrap();
      stopEdit();
    } catch (e) {
      if (!isStale(e)) return; // the alert names the problem; what was typed stays
      // another user saved since: read the call again, keep what was typed, show the saved comments
      const fresh = (await refetch()).data?.data;
      if (!fresh) return;
      const now = commentsOf(fresh);
      setSavedByOther(Object.fromEntries((['positive', 'negative'] as const).filter((k) => now[k] !== seen[k]).map((k) => [k, now[k]])));
      setSeen(now);
    }
  };

  const toggleRemoval = async () => {
    if (!call) return;
    await update({ callLogUpdate: { id: call.callId, isQARemoval: !removed, expected: { isQARemoval: removed } } }).unwrap()
      .catch((e: unknown) => { if (isStale(e)) refetch(); });
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
                  helperText={draftError(k) ?? (savedByOther[k] !== undefined
                    ? `Saved by another user meanwhile: ${savedByOther[k] ? `"${savedByOther[k]}"` : 'empty'}. Save again to replace it with yours.`
                    : undefined)}
                  slotProps={{ htmlInput: { dir: 'auto' } }} />
              ))}
            </Stack>
          </Box>
        ) : null}
        {call ? <CallLogDetails call={call} /> : null}
      </DialogContent>
      <DialogActions>
        {quality && call && draft ? (
          <>
            <Button onClick={stopEdit} disabled={saving}>Cancel</Button>
            <Button variant="contained" onClick={saveComments} disabled={saving || invalid || Object.keys(changes).length === 0}>Save Comments</Button>
          </>
        ) : null}
        {quality && call && !draft ? (
          <Button onClick={startEdit}>Edit Comments</Button>
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
