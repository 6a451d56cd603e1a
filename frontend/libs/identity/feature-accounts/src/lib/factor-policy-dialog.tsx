// Account Management → Sign-in Factors: per role, whether its users must sign in with an authenticator app.
// Each switch saves at once; users of a role that requires it and have no app are sent to set one up after
// their next SMS sign-in.
import { useIdentityGetFactorPolicyQuery, useIdentitySetFactorPolicyMutation } from '@frontend/shared-api';
import {
  Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Stack, Switch,
} from '@frontend/shared-ui';
import { ROLE_NAMES, type Role } from '@frontend/shared-util';

export function FactorPolicyDialog({ onClose }: { onClose: () => void }) {
  const { data } = useIdentityGetFactorPolicyQuery();
  const [save, { isLoading }] = useIdentitySetFactorPolicyMutation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="factor-policy-title" fullWidth maxWidth="xs">
      <DialogTitle id="factor-policy-title">Sign-in Factors</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>Require an authenticator app (instead of the SMS code) for:</DialogContentText>
        <Stack>
          {(data?.data ?? []).map((p) => (
            <FormControlLabel key={p.role} label={ROLE_NAMES[p.role as Role]}
              control={<Switch checked={p.totpRequired} disabled={isLoading}
                onChange={(e) => save({ factorPolicyUpdate: { role: p.role, totpRequired: e.target.checked } })} />} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
