// My Profile: every role edits its own account; the language selector only for the three surveyor roles.
// Email and phone number change through a step-up dialog (password + a code sent to the new destination); the
// authenticator app (TOTP) is set up and turned off here. `?setup=totp` is where the sign-in sends a user whose
// role requires an authenticator app they have not set up.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  savingEnded, savingStarted, useAppDispatch, useIdentityGetProfileQuery, useIdentityUpdateProfileMutation, useProjectsListLanguagesQuery, userUpdated,
  type SessionUser,
} from '@frontend/shared-api';
import {
  Box, Button, FormControl, FormHelperText, InputLabel, MenuItem, Paper, Select, Stack, TextField, Typography, useUnsavedChangesPrompt,
} from '@frontend/shared-ui';
import { formatPhone } from '@frontend/shared-phone';
import { ROLE_NAMES, isSurveyorRole, type Role } from '@frontend/shared-util';
import { requiredText } from '@frontend/shared-forms';
import { AuthenticatorSection } from './authenticator-section';
import { ContactChangeDialog, type ContactField } from './contact-change-dialog';

const schema = z.object({ firstName: requiredText, lastName: requiredText, langIds: z.array(z.number()) });
// The three surveyor roles need at least one language (spec §5; identity refuses an empty list for them).
const surveyorSchema = schema.extend({ langIds: z.array(z.number()).min(1, 'Required') });
type Form = z.infer<typeof schema>;

export function MyProfilePage() {
  const dispatch = useAppDispatch();
  const { data } = useIdentityGetProfileQuery();
  const profile = data?.data;
  const surveyor = isSurveyorRole(profile?.role);
  const [params] = useSearchParams();
  // Sent here to set up a required authenticator app: until then the session opens nothing else (the server
  // refuses every other call), so the language list waits.
  const settingUp = params.get('setup') === 'totp';
  const languages = useProjectsListLanguagesQuery({ limit: 5000 }, { skip: !surveyor || settingUp });
  const [save, { isLoading }] = useIdentityUpdateProfileMutation();
  const [changing, setChanging] = useState<ContactField | null>(null);
  const { register, control, handleSubmit, reset, formState: { errors, isDirty } } = useForm<Form>({ resolver: zodResolver(surveyor ? surveyorSchema : schema), defaultValues: { firstName: '', lastName: '', langIds: [] } });

  // a name or languages changed and not saved: leaving the page (a link, Back, closing the tab) asks first
  const { prompt: leavePrompt } = useUnsavedChangesPrompt(isDirty);

  useEffect(() => {
    if (profile) reset({ firstName: profile.firstName, lastName: profile.lastName, langIds: profile.langIds ?? [] });
  }, [profile, reset]);

  const onSubmit = async (v: Form) => {
    // While saving, the new-release notice waits (version-watcher.tsx).
    dispatch(savingStarted());
    const res = await save({ profileUpdate: { firstName: v.firstName.trim(), lastName: v.lastName.trim(), ...(surveyor ? { langIds: v.langIds } : {}) } }).unwrap().catch(() => null).finally(() => dispatch(savingEnded()));
    if (res?.data) {
      dispatch(userUpdated(res.data as SessionUser));
      reset(v); // saved: nothing left to lose
    }
  };

  const options = languages.data?.rows ?? [];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>My Profile</Typography>
      <Paper sx={{ p: 3, maxWidth: 560 }} variant="outlined">
        {profile && <Typography color="text.secondary" sx={{ mb: 2 }}>Role: {ROLE_NAMES[profile.role as Role]}</Typography>}
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Stack spacing={2}>
            <TextField label="First Name" required {...register('firstName')} error={!!errors.firstName} helperText={errors.firstName?.message} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label="Last Name" required {...register('lastName')} error={!!errors.lastName} helperText={errors.lastName?.message} slotProps={{ inputLabel: { shrink: true } }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField label="Email" type="email" required value={profile?.email ?? ''} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true } }} />
              <Button onClick={() => setChanging('email')} sx={{ whiteSpace: 'nowrap', minWidth: 140 }}>Change email</Button>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField label="Contact Number" value={profile?.phoneNumber ? formatPhone(profile.phoneNumber) : ''} placeholder="None" fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true } }} />
              <Button onClick={() => setChanging('phoneNumber')} sx={{ whiteSpace: 'nowrap', minWidth: 140 }}>Change phone</Button>
            </Stack>
            {surveyor && (
              <Controller control={control} name="langIds" render={({ field }) => (
                <FormControl required error={!!errors.langIds}>
                  <InputLabel id="profile-lang-label">Languages</InputLabel>
                  <Select labelId="profile-lang-label" label="Languages" multiple value={field.value} onChange={(e) => field.onChange(e.target.value as number[])}
                    renderValue={(ids) => (ids as number[]).map((id) => options.find((o) => o.id === id)?.name ?? id).join(', ')}>
                    {options.map((o) => <MenuItem key={o.id} value={o.id}>{o.name}</MenuItem>)}
                  </Select>
                  <FormHelperText>{errors.langIds?.message ?? 'Languages you can survey in'}</FormHelperText>
                </FormControl>
              )} />
            )}
            <Button type="submit" variant="contained" disabled={isLoading || !isDirty} sx={{ alignSelf: 'flex-start' }}>Save</Button>
          </Stack>
        </Box>
      </Paper>
      <AuthenticatorSection setupAsked={settingUp} />
      {changing && <ContactChangeDialog field={changing} onClose={() => setChanging(null)} />}
      {leavePrompt}
    </Box>
  );
}
