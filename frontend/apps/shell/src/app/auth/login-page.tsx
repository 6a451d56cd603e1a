// Login (spec §2.1, §4): email + password, then the verification code; a CIMR Surveyor first picks the CIMR
// Manager whose phone receives the code. An account with an authenticator app may use it instead of the SMS
// code; when its role requires the app, no SMS code is sent.
// Only the form loads with the page: the dialogs (and zod, which the code dialog validates with) are lazy chunks,
// and the fields use react-hook-form's own rules with the spec §5 messages.
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  identity, pageLeft, signedIn, useAppDispatch, useIdentitySignInMutation, useIdentitySendOtpMutation,
  type CimrManager, type SessionUser,
} from '@frontend/shared-api';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, TextInput } from '@frontend/shared-ui';
import { EMAIL_PATTERN, getUserKey, homeOf, rememberedEmail, type Role } from '@frontend/shared-util';
import { AuthCard } from './auth-card';

const loadOtpDialog = () => import('./otp-dialog');
const OtpDialog = lazy(() => loadOtpDialog().then((m) => ({ default: m.OtpDialog })));
const CimrManagerPicker = lazy(() => import('./cimr-manager-picker').then((m) => ({ default: m.CimrManagerPicker })));

type LoginForm = { email: string; password: string; isRemember: boolean };
type PendingUser = SessionUser & { totpEnabled?: boolean; totpRequired?: boolean };
/** The rules of `emailField` / `requiredText` (shared-util validation): trimmed, required, email pattern. */
const required = (v: string) => v.trim().length > 0 || 'Required';
const emailRules = { validate: { required, email: (v: string) => EMAIL_PATTERN.test(v.trim()) || 'Invalid email address' } };
const passwordRules = { validate: { required } };

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createSession, { isLoading }] = useIdentitySignInMutation();
  const [sendOtp, { isLoading: sending }] = useIdentitySendOtpMutation();
  const [pending, setPending] = useState<PendingUser | null>(null);
  const [picking, setPicking] = useState(false);
  const [otpOpen, setOtpOpen] = useState(false);
  const [otpRequest, setOtpRequest] = useState<{ id: number; phoneNumber?: string | null; name?: string; cimrManagerId?: number } | null>(null);
  const remembered = rememberedEmail();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginForm>({
    defaultValues: { email: remembered, password: '', isRemember: Boolean(remembered) },
  });

  const requestCode = async (req: NonNullable<typeof otpRequest>) => {
    setOtpRequest(req);
    await sendOtp({ sendOtp: req }).unwrap();
    setOtpOpen(true);
  };

  const onSubmit = async (raw: LoginForm) => {
    const form = { ...raw, email: raw.email.trim(), password: raw.password.trim() }; // as zod's trim() did
    loadOtpDialog().catch(() => undefined); // fetch the code dialog while the password is checked
    const res = await createSession({ jwt: 1, signIn: { ...form, userKey: getUserKey() } }).unwrap().catch(() => null);
    if (!res) return; // the alert shows the failure; the form keeps its values
    dispatch(pageLeft()); // the password was right: an earlier try's failure must not stand over the code dialog
    const data = res.data as { user: PendingUser; accessToken?: string };
    if (data.accessToken) {
      dispatch(signedIn({ token: data.accessToken, user: data.user }));
      navigate(homeOf(data.user.role as Role), { replace: true });
      return;
    }
    setPending(data.user);
    if (data.user.totpEnabled && data.user.totpRequired) {
      setOtpRequest({ id: data.user.id });
      setOtpOpen(true);
    } else if (data.user.cimrList && data.user.cimrList.length > 0) setPicking(true);
    else await requestCode({ id: data.user.id, phoneNumber: data.user.phoneNumber }).catch(() => undefined);
  };

  const onManagerChosen = async (m: CimrManager) => {
    if (!pending) return;
    setPicking(false);
    await requestCode({ id: pending.id, cimrManagerId: m.id, phoneNumber: m.phoneNumber, name: `${pending.firstName} ${pending.lastName}` }).catch(() => setPicking(true));
  };

  const onVerified = (token: string, user: SessionUser, totpSetupRequired: boolean) => {
    setOtpOpen(false);
    dispatch(signedIn({ token, user }));
    // A role that requires an authenticator app the user has not set up: straight to its set-up.
    navigate(totpSetupRequired ? '/my-profile?setup=totp' : homeOf(user.role as Role), { replace: true });
  };

  const closeOtp = () => {
    setOtpOpen(false);
    if (pending) dispatch(identity.endpoints.identityResetOtpStatus.initiate({ otpStatus: { id: pending.id } }));
  };

  return (
    <AuthCard title="Login">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Login">
        <Stack spacing={2}>
          <TextInput label="Email" type="email" autoComplete="username" autoFocus {...register('email', emailRules)} error={!!errors.email} helperText={errors.email?.message} fullWidth />
          <TextInput label="Password" type="password" autoComplete="current-password" {...register('password', passwordRules)} error={!!errors.password} helperText={errors.password?.message} fullWidth />
          <FormControlLabel control={<Checkbox {...register('isRemember')} defaultChecked={Boolean(remembered)} />} label="Remember this account" />
          <Button type="submit" variant="contained" size="large" disabled={isLoading || sending}>
            Login
          </Button>
          <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
            Forgot Password
          </Link>
        </Stack>
      </Box>
      <Suspense fallback={null}>
        {pending && (
          <CimrManagerPicker open={picking} managers={pending.cimrList ?? []} busy={sending} onChoose={onManagerChosen} onCancel={() => setPicking(false)} />
        )}
        {pending && otpRequest && (
          <OtpDialog open={otpOpen} user={pending} authenticator={!pending.totpEnabled ? 'none' : pending.totpRequired ? 'only' : 'offer'} onVerified={onVerified} onClose={closeOtp} onResend={() => sendOtp({ sendOtp: otpRequest }).unwrap()} />
        )}
      </Suspense>
    </AuthCard>
  );
}
