// Add Account (choose the type first, then the details) and Edit Account. Spec §8: "Forms reset on failure.
// Add and update user report the status code back; 400 keeps the form open." So a refusal of what was typed
// (400, or identity's 409 duplicate / 422 invalid: keepsFormValues) keeps the dialog open with everything typed,
// to be corrected; any other failure resets the form and closes the dialog. Either way the alert shows the
// status and message (alert middleware).
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  keepsFormValues, savingEnded, savingStarted, useAppDispatch, useIdentityCreateUserMutation, useIdentityListUsersQuery, useIdentityUpdateUserMutation, useProjectsListLanguagesQuery,
  type AppError, type UserCreate, type UserRead,
} from '@frontend/shared-api';
import {
  Button, ConfirmDialog, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormHelperText, InputLabel, MenuItem, Select,
  PhoneField, Stack, TextField, UNSAVED_TITLE,
} from '@frontend/shared-ui';
import { accountPhone } from '@frontend/shared-phone';
import { ALL_ROLES, ROLE_NAMES, Role, isSurveyorRole } from '@frontend/shared-util';
import { emailField, requiredText } from '@frontend/shared-forms';

/** identity's limits (services/identity user/schemas.py: Name 100, Email 254, Ext 20, Short 50), checked here so
 * the form says so before the server refuses the whole account. */
export const ACCOUNT_MAX = { firstName: 100, lastName: 100, email: 254, vonageExt: 20, cid: 50 } as const;
const atMost = (n: number) => `At most ${n} characters`;

export const accountSchema = z
  .object({
    role: z.number(),
    firstName: requiredText.max(ACCOUNT_MAX.firstName, atMost(ACCOUNT_MAX.firstName)),
    lastName: requiredText.max(ACCOUNT_MAX.lastName, atMost(ACCOUNT_MAX.lastName)),
    email: emailField.max(ACCOUNT_MAX.email, atMost(ACCOUNT_MAX.email)),
    phoneNumber: accountPhone,
    vonageExt: z.string().trim().max(ACCOUNT_MAX.vonageExt, atMost(ACCOUNT_MAX.vonageExt)),
    cid: z.string().trim().max(ACCOUNT_MAX.cid, atMost(ACCOUNT_MAX.cid)),
    langIds: z.array(z.number()),
    cimrIds: z.array(z.number()),
  })
  .superRefine((v, ctx) => {
    if (!isSurveyorRole(v.role)) return;
    if (!v.cid.trim()) ctx.addIssue({ code: 'custom', path: ['cid'], message: 'Required' });
    if (v.langIds.length === 0) ctx.addIssue({ code: 'custom', path: ['langIds'], message: 'Required' });
    if (v.role === Role.CimrSurveyor && v.cimrIds.length === 0) ctx.addIssue({ code: 'custom', path: ['cimrIds'], message: 'Required' });
  });
export type AccountForm = z.infer<typeof accountSchema>;

export const blankAccount: AccountForm = { role: -1, firstName: '', lastName: '', email: '', phoneNumber: '', vonageExt: '', cid: '', langIds: [], cimrIds: [] };

function fromUser(u: UserRead): AccountForm {
  return {
    role: u.role, firstName: u.firstName, lastName: u.lastName, email: u.email, phoneNumber: u.phoneNumber ?? '',
    vonageExt: u.vonageExt ?? '', cid: u.cid ?? '', langIds: u.langIds ?? [], cimrIds: (u.cimrList ?? []).map((m) => m.id),
  };
}

export function toPayload(v: AccountForm) {
  const surveyor = isSurveyorRole(v.role);
  return {
    firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim(), role: v.role as UserCreate['role'],
    phoneNumber: v.phoneNumber.trim() || null, vonageExt: v.vonageExt.trim() || null,
    cid: surveyor ? v.cid.trim() : null, langIds: surveyor ? v.langIds : null,
    cimrIds: v.role === Role.CimrSurveyor ? v.cimrIds : null,
  };
}

/** `own`: the signed-in admin's own account. identity refuses their changing its email or phone here (My Profile
 * does, with a code sent to the new address) or its role, so those fields stay fixed and say where they change. */
export function AccountFormDialog({ open, user, own = false, onClose }: { open: boolean; user?: UserRead | null; own?: boolean; onClose: () => void }) {
  const editing = Boolean(user);
  const fixed = editing && own;
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<'type' | 'details'>(editing ? 'details' : 'type');
  const [create, { isLoading: creating }] = useIdentityCreateUserMutation();
  const [update, { isLoading: updating }] = useIdentityUpdateUserMutation();
  const { control, register, handleSubmit, reset, formState: { errors, isDirty } } = useForm<AccountForm>({ resolver: zodResolver(accountSchema), defaultValues: user ? fromUser(user) : blankAccount });
  const role = useWatch({ control, name: 'role' });
  const languages = useProjectsListLanguagesQuery({ limit: 5000 }, { skip: !open || !isSurveyorRole(role) });
  const managers = useIdentityListUsersQuery({ role: Role.CimrManager, limit: 5000, orderBy: 'firstName', orderDir: 'ASC' }, { skip: !open || role !== Role.CimrSurveyor });

  // Opening the dialog (or for another account) starts at its first step: state adjusted while rendering.
  const [shown, setShown] = useState({ open, user });
  if (shown.open !== open || shown.user !== user) {
    setShown({ open, user });
    if (open) setStep(user ? 'details' : 'type');
  }
  useEffect(() => {
    if (open) reset(user ? fromUser(user) : blankAccount);
  }, [open, user, reset]);

  // Cancel, Escape or a click beside the dialog with input typed asks first: closing would lose it.
  const [asking, setAsking] = useState(false);
  const requestClose = () => (isDirty ? setAsking(true) : onClose());

  /** Saves; resolves to the failure's status code (0 when none came), or null on success. */
  const onSubmit = async (v: AccountForm): Promise<number | null> => {
    // While saving, the new-release notice waits (version-watcher.tsx).
    dispatch(savingStarted());
    try {
      if (user) await update({ userUpdate: { id: user.id, ...toPayload(v) } }).unwrap();
      else await create({ userCreate: toPayload(v) }).unwrap();
      onClose();
      return null;
    } catch (e) {
      const status = (e as Partial<AppError>)?.status ?? 0;
      if (!keepsFormValues(e)) {
        reset(user ? fromUser(user) : blankAccount);
        setStep(user ? 'details' : 'type');
        onClose();
      }
      return status;
    } finally {
      dispatch(savingEnded());
    }
  };

  const multi = (name: 'langIds' | 'cimrIds', label: string, options: { id: number; name: string }[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        // both lists are required where they are shown (languages: the surveyor roles; managers: a CIMR Surveyor)
        <FormControl required error={!!errors[name]} fullWidth>
          <InputLabel id={`${name}-label`}>{label}</InputLabel>
          <Select labelId={`${name}-label`} label={label} multiple value={field.value} onChange={(e) => field.onChange(e.target.value as number[])}
            renderValue={(ids) => (ids as number[]).map((id) => options.find((o) => o.id === id)?.name ?? id).join(', ')}>
            {options.map((o) => <MenuItem key={o.id} value={o.id}>{o.name}</MenuItem>)}
          </Select>
          {errors[name] && <FormHelperText>{errors[name]?.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );

  return (
    <Dialog open={open} onClose={requestClose} fullWidth maxWidth="sm" aria-labelledby="account-form-title">
      <form noValidate onSubmit={step === 'type' ? (e) => { e.preventDefault(); if (role >= 0) setStep('details'); } : handleSubmit(onSubmit)}>
        <DialogTitle id="account-form-title">{editing ? 'Edit Account' : 'Add Account'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller control={control} name="role" render={({ field }) => (
              <FormControl fullWidth disabled={(step === 'details' && !editing) || fixed}>
                <InputLabel id="role-label">Account Type</InputLabel>
                <Select labelId="role-label" label="Account Type" value={field.value < 0 ? '' : field.value} onChange={(e) => field.onChange(Number(e.target.value))} autoFocus={step === 'type'}>
                  {ALL_ROLES.map((r) => <MenuItem key={r} value={r}>{ROLE_NAMES[r]}</MenuItem>)}
                </Select>
              </FormControl>
            )} />
            {step === 'details' && (
              <>
                <TextField label="First Name" required {...register('firstName')} error={!!errors.firstName} helperText={errors.firstName?.message} autoFocus />
                <TextField label="Last Name" required {...register('lastName')} error={!!errors.lastName} helperText={errors.lastName?.message} />
                <TextField label="Email" type="email" required disabled={fixed} {...register('email')} error={!!errors.email}
                  helperText={errors.email?.message ?? (fixed ? 'Change your own email and phone in My Profile' : undefined)} />
                <Controller control={control} name="phoneNumber" render={({ field }) => (
                  <PhoneField label="Contact Number" disabled={fixed} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref}
                    error={!!errors.phoneNumber} helperText={errors.phoneNumber?.message} />
                )} />
                <TextField label="Vonage Extension" {...register('vonageExt')} error={!!errors.vonageExt} helperText={errors.vonageExt?.message} />
                {isSurveyorRole(role) && (
                  <>
                    <TextField label="Contractor ID" required {...register('cid')} error={!!errors.cid} helperText={errors.cid?.message} />
                    {multi('langIds', 'Languages', (languages.data?.rows ?? []).map((l) => ({ id: l.id, name: l.name })))}
                  </>
                )}
                {role === Role.CimrSurveyor && multi('cimrIds', 'CIMR Managers', (managers.data?.rows ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` })))}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose}>Cancel</Button>
          {step === 'details' && !editing && <Button onClick={() => setStep('type')}>Back</Button>}
          {step === 'type' ? (
            <Button type="submit" variant="contained" disabled={role < 0}>Next</Button>
          ) : (
            <Button type="submit" variant="contained" disabled={creating || updating}>{editing ? 'Update' : 'Submit'}</Button>
          )}
        </DialogActions>
      </form>
      <ConfirmDialog open={open && asking} title={UNSAVED_TITLE} message="You have changes that are not saved. Close this form and lose them?"
        confirmLabel="Leave" cancelLabel="Stay" onConfirm={() => { setAsking(false); onClose(); }} onCancel={() => setAsking(false)} />
    </Dialog>
  );
}
