// Verification-code dialog (spec §4): six digits, countdown from 4:59, Resend under 4:00 (back to 5:00),
// closes at zero; a 429 resets the code status and closes.
// With an authenticator app set up, "Use authenticator app" switches to its code (or a recovery code); a role
// that requires the app opens here directly (no SMS code was sent).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIdentityVerifyOtpMutation, useIdentityVerifyTotpMutation, type AppError, type SessionUser, type SignedIn } from '@frontend/shared-api';
import { useOtpCountdown } from '@frontend/identity-data-access';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, TextField, Typography } from '@frontend/shared-ui';
import { formatCountdown } from '@frontend/shared-util';
import { authenticatorCodeSchema, otpSchema } from '@frontend/shared-forms';

/** `none`: SMS code only; `offer`: SMS code, or the app on request; `only`: the app (its role requires it). */
export type AuthenticatorUse = 'none' | 'offer' | 'only';

export function OtpDialog({ open, user, authenticator, sentTo, onVerified, onClose, onResend }: {
  open: boolean;
  user: SessionUser;
  authenticator: AuthenticatorUse;
  /** Where the code went, as send-otp answered (masked phone or e-mail). */
  sentTo?: string | null;
  onVerified: (token: string, user: SessionUser, totpSetupRequired: boolean) => void;
  onClose: () => void;
  onResend: () => Promise<unknown>;
}) {
  const [verify, { isLoading }] = useIdentityVerifyOtpMutation();
  const [verifyTotp, { isLoading: checking }] = useIdentityVerifyTotpMutation();
  const [useApp, setUseApp] = useState(authenticator === 'only');
  const { remaining, canResend, restart } = useOtpCountdown(open, onClose);
  const { register, handleSubmit, formState: { errors }, reset } = useForm<{ otp: string }>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });
  const app = useForm<{ otp: string }>({ resolver: zodResolver(authenticatorCodeSchema), defaultValues: { otp: '' } });

  const done = (data: SignedIn | undefined) => {
    if (data) onVerified(data.accessToken, data.user as SessionUser, Boolean(data.totpSetupRequired));
  };
  const failed = (e: unknown) => {
    if ((e as AppError).status === 429) onClose();
  };
  const onSubmit = async ({ otp }: { otp: string }) => {
    try {
      const res = await verify({ verifyOtp: { email: user.email, id: user.id, otp } }).unwrap();
      reset();
      done(res.data);
    } catch (e) {
      failed(e);
    }
  };
  const onSubmitApp = async ({ otp }: { otp: string }) => {
    try {
      const res = await verifyTotp({ verifyTotp: { email: user.email, id: user.id, code: otp.trim() } }).unwrap();
      app.reset();
      done(res.data);
    } catch (e) {
      failed(e);
    }
  };

  if (useApp) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby="otp-title" fullWidth maxWidth="xs">
        <form onSubmit={app.handleSubmit(onSubmitApp)} noValidate>
          <DialogTitle id="otp-title">Authenticator Code</DialogTitle>
          <DialogContent>
            <DialogContentText>Enter the six-digit code your authenticator app shows, or one of your recovery codes.</DialogContentText>
            <TextField
              label="Authenticator code"
              autoFocus
              fullWidth
              margin="normal"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { maxLength: 12 } }}
              {...app.register('otp')}
              error={!!app.formState.errors.otp}
              helperText={app.formState.errors.otp?.message}
            />
            <Typography aria-live="polite" data-testid="otp-countdown">
              Sign-in expires in {formatCountdown(remaining)}
            </Typography>
            {authenticator === 'offer' && (
              <Link component="button" type="button" onClick={() => setUseApp(false)} sx={{ mt: 1 }}>Use the SMS code instead</Link>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={checking}>Verify</Button>
          </DialogActions>
        </form>
      </Dialog>
    );
  }
  const resend = async () => {
    await onResend().then(restart).catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="otp-title" fullWidth maxWidth="xs">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="otp-title">Verification Code</DialogTitle>
        <DialogContent>
          <DialogContentText>Enter the six-digit code sent to {sentTo ?? user.phoneNumber ?? 'your phone'}.</DialogContentText>
          <TextField
            label="Verification code"
            autoFocus
            fullWidth
            margin="normal"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '\\d{6}' } }}
            {...register('otp')}
            error={!!errors.otp}
            helperText={errors.otp?.message}
          />
          <Typography aria-live="polite" data-testid="otp-countdown">
            Code expires in {formatCountdown(remaining)}
          </Typography>
          {authenticator !== 'none' && (
            <Link component="button" type="button" onClick={() => setUseApp(true)} sx={{ mt: 1 }}>Use authenticator app</Link>
          )}
        </DialogContent>
        <DialogActions>
          {canResend && <Button onClick={resend}>Resend</Button>}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
