// Login (spec §2.1, §4): email + password, then the verification code; a CIMR Surveyor first picks the CIMR
// Manager whose phone receives the code. An account with an authenticator app may use it instead of the SMS
// code; when its role requires the app, no SMS code is sent.
// Only the form loads with the page: the dialogs (and zod and react-hook-form, which the code dialog validates
// with) are lazy chunks. The two fields are checked here with the spec §5 messages, as react-hook-form would: on
// submit, then on every change once submitted, the first wrong field focused (docs/frontend.md, login page weight).
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  identity, pageLeft, signedIn, useAppDispatch, useIdentitySignInMutation, useIdentitySendOtpMutation,
  type CimrManager, type SessionUser,
} from '@frontend/shared-api';
import { Box, Button, Checkbox, FormControlLabel, Link, Stack, TextInput } from '@frontend/shared-ui';
import { EMAIL_PATTERN, RETURN_PARAM, getUserKey, rememberedEmail, returnPath, type Role } from '@frontend/shared-util';
import { AuthCard } from './auth-card';

const loadOtpDialog = () => import('./otp-dialog');
const OtpDialog = lazy(() => loadOtpDialog().then((m) => ({ default: m.OtpDialog })));
const CimrManagerPicker = lazy(() => import('./cimr-manager-picker').then((m) => ({ default: m.CimrManagerPicker })));

type LoginForm = { email: string; password: string; isRemember: boolean };
type LoginErrors = { email?: string; password?: string };
type PendingUser = SessionUser & { totpEnabled?: boolean; totpRequired?: boolean };

/** The rules of `emailField` / `requiredText` (shared-forms): trimmed, required, email pattern. */
export function loginErrors({ email, password }: Pick<LoginForm, 'email' | 'password'>): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'Required';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'Invalid email address';
  if (!password.trim()) errors.password = 'Required';
  return errors;
}

const readForm = (form: HTMLFormElement): LoginForm => {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? ''), isRemember: data.get('isRemember') !== null };
};

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // the address a signed-out user opened (the shell's RequireAuth puts it here): where the sign-in leads, when it
  // is a path of this site the role may open; else the role's home
  const [params] = useSearchParams();
  const next = params.get(RETURN_PARAM);
  const [createSession, { isLoading }] = useIdentitySignInMutation();
  const [sendOtp, { isLoading: sending }] = useIdentitySendOtpMutation();
  const [pending, setPending] = useState<PendingUser | null>(null);
  const [picking, setPicking] = useState(false);
  const [otpOpen, setOtpOpen] = useState(false);
  const [otpRequest, setOtpRequest] = useState<{ id: number; phoneNumber?: string | null; name?: string; cimrManagerId?: number } | null>(null);
  // Where the server sent the code (masked): a CIMR Surveyor's code goes to the chosen manager's phone, and an
  // account without a phone gets it by e-mail.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [remembered] = useState(rememberedEmail);
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);

  const send = async (req: NonNullable<typeof otpRequest>) => {
    const res = await sendOtp({ sendOtp: req }).unwrap();
    setSentTo(res.data?.sentTo ?? null);
  };

  const requestCode = async (req: NonNullable<typeof otpRequest>) => {
    setOtpRequest(req);
    await send(req);
    setOtpOpen(true);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setErrors(loginErrors(readForm(event.currentTarget)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const raw = readForm(event.currentTarget);
    const found = loginErrors(raw);
    setErrors(found);
    const wrong = found.email ? 'email' : found.password ? 'password' : null;
    if (wrong) {
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${wrong}"]`)?.focus();
      return;
    }
    void signIn({ ...raw, email: raw.email.trim(), password: raw.password.trim() }); // trimmed, as zod's trim() did
  };

  const signIn = async (form: LoginForm) => {
    loadOtpDialog().catch(() => undefined); // fetch the code dialog while the password is checked
    const res = await createSession({ jwt: 1, signIn: { ...form, userKey: getUserKey() } }).unwrap().catch(() => null);
    if (!res) return; // the alert shows the failure; the form keeps its values
    dispatch(pageLeft()); // the password was right: an earlier try's failure must not stand over the code dialog
    const data = res.data as { user: PendingUser; accessToken?: string };
    if (data.accessToken) {
      dispatch(signedIn({ token: data.accessToken, user: data.user }));
      navigate(returnPath(next, data.user.role as Role), { replace: true });
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
    navigate(totpSetupRequired ? '/my-profile?setup=totp' : returnPath(next, user.role as Role), { replace: true });
  };

  const closeOtp = () => {
    setOtpOpen(false);
    if (pending) dispatch(identity.endpoints.identityResetOtpStatus.initiate({ otpStatus: { id: pending.id } }));
  };

  return (
    <AuthCard title="Login">
      <Box component="form" noValidate onSubmit={onSubmit} onChange={onChange} aria-label="Login">
        <Stack spacing={2}>
          <TextInput label="Email" name="email" type="email" autoComplete="username" autoFocus defaultValue={remembered} error={!!errors.email} helperText={errors.email} fullWidth />
          <TextInput label="Password" name="password" type="password" autoComplete="current-password" error={!!errors.password} helperText={errors.password} fullWidth />
          <FormControlLabel control={<Checkbox name="isRemember" defaultChecked={Boolean(remembered)} />} label="Remember this account" />
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
          <OtpDialog open={otpOpen} user={pending} authenticator={!pending.totpEnabled ? 'none' : pending.totpRequired ? 'only' : 'offer'} onVerified={onVerified} sentTo={sentTo} onClose={closeOtp} onResend={() => send(otpRequest)} />
        )}
      </Suspense>
    </AuthCard>
  );
}
