import type { UserRead } from '@frontend/shared-api';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, PhoneDisplay, Stack, Typography } from '@frontend/shared-ui';
import { ROLE_NAMES, Role, isSurveyorRole } from '@frontend/shared-util';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography sx={{ width: 160, fontWeight: 600 }}>{label}</Typography>
      <Typography component="div">{children}</Typography>
    </Stack>
  );
}

export function AccountViewDialog({ user, onClose }: { user: UserRead | null; onClose: () => void }) {
  const title = user?.role === Role.ProjectManager ? 'Project Manager Details' : 'Account Details';
  return (
    <Dialog open={Boolean(user)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="account-view-title">
      <DialogTitle id="account-view-title">{title}</DialogTitle>
      {user && (
        <DialogContent>
          <Stack spacing={1}>
            <Field label="Name">{user.firstName} {user.lastName}</Field>
            <Field label="Email">{user.email}</Field>
            <Field label="Role">{ROLE_NAMES[user.role as Role]}</Field>
            <Field label="Contact Number"><PhoneDisplay value={user.phoneNumber} /></Field>
            <Field label="Vonage Extension">{user.vonageExt || 'N/A'}</Field>
            {isSurveyorRole(user.role) && <Field label="Contractor ID">{user.cid || 'N/A'}</Field>}
            {isSurveyorRole(user.role) && <Field label="Languages">{user.languages.join(', ') || 'N/A'}</Field>}
            {user.role === Role.CimrSurveyor && <Field label="CIMR Managers">{user.cimrList.map((m) => `${m.firstName} ${m.lastName}`).join(', ') || 'N/A'}</Field>}
            <Field label="Status">{user.isDeleted ? 'Deactivated' : user.invitationPending ? 'Invited' : 'Active'}</Field>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} autoFocus>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
