// My Profile's authenticator app (TOTP): set up with the current password, a QR code (and the key as text for
// typing in) and a first code; ten recovery codes shown once; turned off with the password and a code.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  identity, tokenRefreshed, useAppDispatch, useIdentityConfirmTotpEnrolmentMutation, useIdentityDisableTotpMutation,
  useIdentityGetTotpStatusQuery, useIdentityStartTotpEnrolmentMutation, type SessionUser, type TotpEnrolment,
} from '@frontend/shared-api';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, TextField, Typography,
} from '@frontend/shared-ui';
import { authenticatorCodeSchema, otpSchema, requiredText } from '@frontend/shared-forms';

const passwordSchema = z.object({ password: requiredText });
const disableSchema = authenticatorCodeSchema.extend({ password: requiredText });

function EnrolDialog({ onClose }: { onClose: () => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [start, { isLoading: starting }] = useIdentityStartTotpEnrolmentMutation();
  const [confirm, { isLoading: confirming }] = useIdentityConfirmTotpEnrolmentMutation();
  const pw = useForm<{ password: string }>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  const code = useForm<{ otp: string }>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const begin = async ({ password }: { password: string }) => {
    const res = await start({ totpEnrolmentStart: { password } }).unwrap().catch(() => null);
    if (res) setEnrolment(res.data);
  };
  const dispatch = useAppDispatch();
  const finish = async ({ otp }: { otp: string }) => {
    const res = await confirm({ totpEnrolmentConfirm: { code: otp.trim() } }).unwrap().catch(() => null);
    if (!res) return;
    setCodes(res.data.recoveryCodes);
    // A sign-in whose role required the app got a token for setting it up only: a new one opens the rest now.
    const fresh = await dispatch(identity.endpoints.identityRefreshSession.initiate({ idle: 0 }, { forceRefetch: true, subscribe: false })).unwrap().catch(() => null);
    if (fresh?.data) dispatch(tokenRefreshed({ token: fresh.data.accessToken, user: fresh.data.user as SessionUser }));
  };

  let body;
  if (codes) {
    body = (
      <>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your authenticator app is on. Keep these recovery codes somewhere safe: each signs you in once if you lose
            your phone. They are shown only now.
          </DialogContentText>
          <Box component="ol" data-testid="recovery-codes" sx={{ columns: 2, fontFamily: 'monospace', fontSize: 16, m: 0 }}>
            {codes.map((c) => <li key={c}>{c}</li>)}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>I have saved my recovery codes</Button>
        </DialogActions>
      </>
    );
  } else if (enrolment) {
    body = (
      <form noValidate onSubmit={code.handleSubmit(finish)}>
        <DialogContent>
          <DialogContentText>Scan this QR code with your authenticator app, then enter the six-digit code it shows.</DialogContentText>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
            <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={220} height={220} />
          </Box>
          <Typography variant="body2" color="text.secondary">Can't scan it? Enter this key in the app:</Typography>
          <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: 16, wordBreak: 'break-all', userSelect: 'all' }}>
            {enrolment.secret}
          </Typography>
          <TextField label="Code from the app" autoFocus fullWidth margin="normal" autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} {...code.register('otp')}
            error={!!code.formState.errors.otp} helperText={code.formState.errors.otp?.message} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={confirming}>Turn on</Button>
        </DialogActions>
      </form>
    );
  } else {
    body = (
      <form noValidate onSubmit={pw.handleSubmit(begin)}>
        <DialogContent>
          <DialogContentText>Enter your current password to set up an authenticator app.</DialogContentText>
          <TextField label="Current password" type="password" autoFocus fullWidth margin="normal" autoComplete="current-password"
            {...pw.register('password')} error={!!pw.formState.errors.password} helperText={pw.formState.errors.password?.message} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={starting}>Continue</Button>
        </DialogActions>
      </form>
    );
  }
  return (
    <Dialog open onClose={codes ? undefined : onClose} aria-labelledby="totp-enrol-title" fullWidth maxWidth="xs">
      <DialogTitle id="totp-enrol-title">Set up authenticator app</DialogTitle>
      {body}
    </Dialog>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const [disable, { isLoading }] = useIdentityDisableTotpMutation();
  const form = useForm<{ password: string; otp: string }>({ resolver: zodResolver(disableSchema), defaultValues: { password: '', otp: '' } });
  const submit = async (v: { password: string; otp: string }) => {
    const ok = await disable({ totpDisable: { password: v.password, code: v.otp.trim() } }).unwrap().then(() => true).catch(() => false);
    if (ok) onClose();
  };
  const { errors } = form.formState;
  return (
    <Dialog open onClose={onClose} aria-labelledby="totp-disable-title" fullWidth maxWidth="xs">
      <DialogTitle id="totp-disable-title">Turn off authenticator app</DialogTitle>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
        <DialogContent>
          <Stack spacing={2}>
            <TextField label="Current password" type="password" autoFocus autoComplete="current-password" {...form.register('password')} error={!!errors.password} helperText={errors.password?.message} />
            <TextField label="Code from the app or a recovery code" autoComplete="one-time-code" {...form.register('otp')} error={!!errors.otp} helperText={errors.otp?.message} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>Turn off</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function AuthenticatorSection({ setupAsked }: { setupAsked: boolean }) {
  const { data } = useIdentityGetTotpStatusQuery();
  const [dialog, setDialog] = useState<'enrol' | 'disable' | null>(null);
  const status = data?.data;
  if (!status) return null;
  return (
    <Paper sx={{ p: 3, maxWidth: 560, mt: 3 }} variant="outlined" component="section" aria-labelledby="totp-heading">
      <Typography variant="h6" component="h2" id="totp-heading" sx={{ mb: 1 }}>Authenticator app</Typography>
      {status.required && !status.enabled && (
        <Alert severity={setupAsked ? 'warning' : 'info'} sx={{ mb: 2 }}>
          Your role signs in with an authenticator app. Set it up now: from your next sign-in on, its code replaces the SMS code.
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="totp-status">
        {status.enabled
          ? `On. You can sign in with its code instead of the SMS code. Recovery codes left: ${status.recoveryCodesLeft}.`
          : 'Off. Sign in with a code from an app such as Google Authenticator or Microsoft Authenticator instead of an SMS code.'}
      </Typography>
      {status.enabled ? (
        !status.required && <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>Turn off authenticator app</Button>
      ) : (
        <Button variant="contained" onClick={() => setDialog('enrol')}>Set up authenticator app</Button>
      )}
      {dialog === 'enrol' && <EnrolDialog onClose={() => setDialog(null)} />}
      {dialog === 'disable' && <DisableDialog onClose={() => setDialog(null)} />}
    </Paper>
  );
}
