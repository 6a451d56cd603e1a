// Login (spec §2.1, §4): email + password, then the verification code; a CIMR Surveyor first picks the CIMR
// Manager whose phone receives the code.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  identity, signedIn, useAppDispatch, useIdentitySignInMutation, useIdentitySendOtpMutation,
  type CimrManager, type SessionUser,
} from '@frontend/shared-api';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@frontend/shared-ui';
import { emailField, getUserKey, homeOf, rememberedEmail, requiredText, type Role } from '@frontend/shared-util';
import { AuthCard } from './auth-card';
import { OtpDialog } from './otp-dialog';
import { CimrManagerPicker } from './cimr-manager-picker';

const schema = z.object({ email: emailField, password: requiredText, isRemember: z.boolean() });
type LoginForm = z.infer<typeof schema>;

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createSession, { isLoading }] = useIdentitySignInMutation();
  const [sendOtp, { isLoading: sending }] = useIdentitySendOtpMutation();
  const [pending, setPending] = useState<SessionUser | null>(null);
  const [picking, setPicking] = useState(false);
  const [otpOpen, setOtpOpen] = useState(false);
  const [otpRequest, setOtpRequest] = useState<{ id: number; phoneNumber?: string | null; name?: string; cimrManagerId?: number } | null>(null);
  const remembered = rememberedEmail();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { email: remembered, password: '', isRemember: Boolean(remembered) },
  });

  const requestCode = async (req: NonNullable<typeof otpRequest>) => {
    setOtpRequest(req);
    await sendOtp({ sendOtp: req }).unwrap();
    setOtpOpen(true);
  };

  const onSubmit = async (form: LoginForm) => {
    const res = await createSession({ jwt: 1, signIn: { ...form, userKey: getUserKey() } }).unwrap().catch(() => null);
    if (!res) return; // the alert shows the failure; the form keeps its values
    const data = res.data as { user: SessionUser; accessToken?: string };
    if (data.accessToken) {
      dispatch(signedIn({ token: data.accessToken, user: data.user }));
      navigate(homeOf(data.user.role as Role), { replace: true });
      return;
    }
    setPending(data.user);
    if (data.user.cimrList && data.user.cimrList.length > 0) setPicking(true);
    else await requestCode({ id: data.user.id, phoneNumber: data.user.phoneNumber }).catch(() => undefined);
  };

  const onManagerChosen = async (m: CimrManager) => {
    if (!pending) return;
    setPicking(false);
    await requestCode({ id: pending.id, cimrManagerId: m.id, phoneNumber: m.phoneNumber, name: `${pending.firstName} ${pending.lastName}` }).catch(() => setPicking(true));
  };

  const onVerified = (token: string, user: SessionUser) => {
    setOtpOpen(false);
    dispatch(signedIn({ token, user }));
    navigate(homeOf(user.role as Role), { replace: true });
  };

  const closeOtp = () => {
    setOtpOpen(false);
    if (pending) dispatch(identity.endpoints.identityResetOtpStatus.initiate({ otpStatus: { id: pending.id } }));
  };

  return (
    <AuthCard title="Login">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
        <Stack spacing={2}>
          <TextField label="Email" type="email" autoComplete="username" autoFocus {...register('email')} error={!!errors.email} helperText={errors.email?.message} fullWidth />
          <TextField label="Password" type="password" autoComplete="current-password" {...register('password')} error={!!errors.password} helperText={errors.password?.message} fullWidth />
          <FormControlLabel control={<Checkbox {...register('isRemember')} defaultChecked={Boolean(remembered)} />} label="Remember this account" />
          <Button type="submit" variant="contained" size="large" disabled={isLoading || sending}>
            Login
          </Button>
          <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
            Forgot Password
          </Link>
        </Stack>
      </Box>
      {pending && (
        <CimrManagerPicker open={picking} managers={pending.cimrList ?? []} busy={sending} onChoose={onManagerChosen} onCancel={() => setPicking(false)} />
      )}
      {pending && otpRequest && (
        <OtpDialog open={otpOpen} user={pending} onVerified={onVerified} onClose={closeOtp} onResend={() => sendOtp({ sendOtp: otpRequest }).unwrap()} />
      )}
    </AuthCard>
  );
}
