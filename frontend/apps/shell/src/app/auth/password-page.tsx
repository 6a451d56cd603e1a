// Reset password and create password (invitation): the token is checked first (greets the user by name,
// back to / when it fails, with the server's reason as an alert), then a new password with the live requirements
// checklist.
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { alertFor, notice, useAppDispatch, useIdentityPasswordResetMutation, useIdentityPasswordTokenVerifyMutation } from '@frontend/shared-api';
import { Box, Button, CircularProgress, PasswordChecklist, Stack, TextField, Typography } from '@frontend/shared-ui';
import { passwordPairSchema } from '@frontend/shared-forms';
import { AuthCard } from './auth-card';

type Form = { password: string; confirmPwd: string };

export default function PasswordPage({ mode }: { mode: 'reset' | 'create' }) {
  const { resetToken = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isInvite = mode === 'create';
  const [verifyToken] = useIdentityPasswordTokenVerifyMutation();
  const [resetPassword, { isLoading }] = useIdentityPasswordResetMutation();
  const [owner, setOwner] = useState<{ firstName: string; lastName: string; email: string } | null>(null);
  const { control, register, handleSubmit, formState: { errors } } = useForm<Form>({ resolver: zodResolver(passwordPairSchema), mode: 'onChange', defaultValues: { password: '', confirmPwd: '' } });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    verifyToken({ passwordTokenVerify: { token: resetToken, isInvite } })
      .unwrap()
      .then((res) => setOwner(res.data ?? null))
      .catch((e: { status?: number; message?: string }) => {
        // spec §8: a failure is shown with the server's message ("Invalid or expired link"): a used or expired
        // invitation sent the user to the login page without a word; carried through the change to the root
        dispatch(notice({ ...alertFor(e.status ?? 0, e.message), carry: true }));
        navigate('/', { replace: true });
      });
  }, [resetToken, isInvite, verifyToken, navigate, dispatch]);

  const onSubmit = async ({ password }: Form) => {
    if (!owner) return;
    await resetPassword({ passwordReset: { token: resetToken, password, email: owner.email, isInvite } })
      .unwrap()
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  };

  const title = isInvite ? 'Create Password' : 'Reset Password';
  if (!owner) return <AuthCard title={title}><CircularProgress aria-label="Checking the link" /></AuthCard>;
  return (
    <AuthCard title={title}>
      <Typography sx={{ mb: 2 }}>Hello {owner.firstName} {owner.lastName},</Typography>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <TextField label={isInvite ? 'Create Password' : 'New Password'} type="password" autoComplete="new-password" autoFocus {...register('password', { deps: ['confirmPwd'] })} error={!!errors.password} helperText={errors.password?.message} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" {...register('confirmPwd')} error={!!errors.confirmPwd} helperText={errors.confirmPwd?.message} />
          <PasswordChecklist value={password} />
          <Button type="submit" variant="contained" disabled={isLoading}>Submit</Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
