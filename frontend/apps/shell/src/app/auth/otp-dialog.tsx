// Verification-code dialog (spec §4): six digits, countdown from 4:59, Resend under 4:00 (back to 5:00),
// closes at zero; a 429 resets the code status and closes.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIdentityVerifyOtpMutation, type AppError, type SessionUser } from '@frontend/shared-api';
import { useOtpCountdown } from '@frontend/identity-data-access';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@frontend/shared-ui';
import { formatCountdown, otpSchema } from '@frontend/shared-util';

export function OtpDialog({ open, user, onVerified, onClose, onResend }: {
  open: boolean;
  user: SessionUser;
  onVerified: (token: string, user: SessionUser) => void;
  onClose: () => void;
  onResend: () => Promise<unknown>;
}) {
  const [verify, { isLoading }] = useIdentityVerifyOtpMutation();
  const { remaining, canResend, restart } = useOtpCountdown(open, onClose);
  const { register, handleSubmit, formState: { errors }, reset } = useForm<{ otp: string }>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const onSubmit = async ({ otp }: { otp: string }) => {
    try {
      const res = await verify({ verifyOtp: { email: user.email, id: user.id, otp } }).unwrap();
      reset();
      if (res.data) onVerified(res.data.accessToken, res.data.user as SessionUser);
    } catch (e) {
      if ((e as AppError).status === 429) onClose();
    }
  };
  const resend = async () => {
    await onResend().then(restart).catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="otp-title" fullWidth maxWidth="xs">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <DialogTitle id="otp-title">Verification Code</DialogTitle>
        <DialogContent>
          <DialogContentText>Enter the six-digit code sent to {user.phoneNumber ?? 'your phone'}.</DialogContentText>
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
