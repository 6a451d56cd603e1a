// The Call Log Details dialog; Quality may mark a call as a QA removal (with a confirmation). Client reports and
// survey exports keep such a call, flagged in their QA Removal column (the spec's export catalogue has one).
import { useState } from 'react';
import { useCallingGetCallLogQuery, useCallingUpdateCallLogMutation } from '@frontend/shared-api';
import {
  Button, CircularProgress, ConfirmDialog, Dialog, DialogActions, DialogContent, DialogTitle, Typography,
} from '@frontend/shared-ui';
import { CallLogDetails } from './call-log-details';

export function CallLogDetailsDialog({ callId, quality, onClose }: { callId: number | null; quality: boolean; onClose: () => void }) {
  const { data, isFetching, isError } = useCallingGetCallLogQuery({ callId: callId ?? 0 }, { skip: callId === null });
  const [update, { isLoading: saving }] = useCallingUpdateCallLogMutation();
  const [confirming, setConfirming] = useState(false);
  const call = data?.data;
  const removed = Boolean(call?.isQARemoval);

  const toggleRemoval = async () => {
    if (!call) return;
    await update({ callLogUpdate: { id: call.callId, isQARemoval: !removed } }).unwrap().catch(() => undefined);
    setConfirming(false);
  };

  return (
    <Dialog open={callId !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="call-log-details-title">
      <DialogTitle id="call-log-details-title">Call Log Details</DialogTitle>
      {/* the details scroll: the keyboard can reach and scroll them */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="call-log-details-title">
        {isFetching && !call ? <CircularProgress aria-label="Loading call" /> : null}
        {isError ? <Typography color="error">This call could not be loaded.</Typography> : null}
        {call ? <CallLogDetails call={call} /> : null}
      </DialogContent>
      <DialogActions>
        {quality && call ? (
          <Button color={removed ? 'primary' : 'error'} onClick={() => setConfirming(true)}>
            {removed ? 'Undo QA Removal' : 'QA Removal'}
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
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
