import { useState } from 'react';
import type { CimrManager } from '@frontend/shared-api';
import {
  Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControl, FormControlLabel,
  FormHelperText, FormLabel, Radio, RadioGroup,
} from '@frontend/shared-ui';

/** A CIMR Surveyor's code goes to one of their CIMR Managers' phones: one must be chosen. */
export function CimrManagerPicker({ open, managers, busy, onChoose, onCancel }: {
  open: boolean; managers: CimrManager[]; busy?: boolean; onChoose: (m: CimrManager) => void; onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<string>('');
  const [error, setError] = useState('');
  const submit = () => {
    const m = managers.find((x) => String(x.id) === chosen);
    if (!m) return setError('Required');
    setError('');
    onChoose(m);
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="cimr-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <DialogTitle id="cimr-title">Select CIMR Manager</DialogTitle>
        <DialogContent>
          <DialogContentText>The verification code is sent to the selected manager's phone.</DialogContentText>
          <FormControl error={!!error} sx={{ mt: 1 }}>
            <FormLabel id="cimr-label">CIMR Manager</FormLabel>
            <RadioGroup aria-labelledby="cimr-label" value={chosen} onChange={(e) => { setChosen(e.target.value); setError(''); }}>
              {managers.map((m) => (
                <FormControlLabel key={m.id} value={String(m.id)} control={<Radio />} label={`${m.firstName} ${m.lastName} ${m.phoneNumber ?? ''}`} />
              ))}
            </RadioGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>Send Code</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
