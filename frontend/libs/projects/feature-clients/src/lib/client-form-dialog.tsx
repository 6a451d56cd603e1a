// Client form (create, edit, view) with its contacts (spec §2.6 Client Management, §5 Client). A failed save
// resets the form to the client as loaded (spec §8), except a refusal of what was typed (400, or the projects
// service's 422 / 409: keepsFormValues), whose values stay to be corrected.
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepsFormValues } from '@frontend/shared-api';
import {
  AddIcon, Button, ConfirmDialog, DeleteIcon, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, MenuItem, PhoneField,
  Stack, TextField, Typography, UNSAVED_TITLE,
} from '@frontend/shared-ui';
import {
  CONTACT_TYPES, COUNTRIES, US_STATES, useCreateClientMutation, useGetClientQuery, useUpdateClientMutation, type ClientRead,
} from '@frontend/projects-data-access';
import { clientSchema, type ClientForm } from '@frontend/projects-data-access';

const blankContact = { typeId: 0, firstName: '', lastName: '', jobTitle: '', email: '', phoneNumber: '', phoneExtension: '' };
const blankClient: ClientForm = { name: '', abbr: '', stateId: 0, countryId: 1, contacts: [blankContact] };
const fromClient = (c: ClientRead): ClientForm => ({ name: c.name, abbr: c.abbr, stateId: c.stateId, countryId: c.countryId ?? 1,
  contacts: (c.contacts ?? []).map((x) => ({ ...x, jobTitle: x.jobTitle ?? '', phoneNumber: x.phoneNumber ?? '', phoneExtension: x.phoneExtension ?? '' })) });

export function ClientFormDialog({ client, mode, onClose }: { client: ClientRead | null; mode: 'add' | 'edit' | 'view'; onClose: () => void }) {
  const view = mode === 'view';
  // the fields clientSchema requires are marked "*" (MUI required, as on My Profile) where they can be filled in;
  // the form is noValidate, so the schema's messages, not the browser's, say what is missing
  const req = !view;
  const [create, { isLoading: creating }] = useCreateClientMutation();
  const [update, { isLoading: updating }] = useUpdateClientMutation();
  const form = useForm<ClientForm>({ resolver: zodResolver(clientSchema), defaultValues: blankClient });
  const { control, register, handleSubmit, reset, formState: { errors, isDirty } } = form;
  const contacts = useFieldArray({ control, name: 'contacts' });
  // View and edit show GET clients/{id}, whose contact phones come formatted (spec §7); the list rows carry them raw.
  const { data: loaded, isError } = useGetClientQuery({ clientId: client?.id ?? 0 }, { skip: !client || mode === 'add' });
  useEffect(() => {
    if (loaded) reset(fromClient(loaded));
  }, [loaded, reset]);
  const ready = mode === 'add' || !!loaded;
  // A phone left as displayed goes back as stored (the list row's raw value), so opening and saving a client
  // never rewrites its phones into the display format.
  const storedPhone = (id: number | null | undefined, shown: string) => {
    const raw = client?.contacts?.find((c) => c.id === id)?.phoneNumber;
    return raw && shown === loaded?.contacts?.find((c) => c.id === id)?.phoneNumber ? raw : shown;
  };

  // Cancel, Escape or a click beside the dialog with input typed asks first: closing would lose it.
  const [asking, setAsking] = useState(false);
  const requestClose = () => (!view && isDirty ? setAsking(true) : onClose());

  const submit = handleSubmit(async (v) => {
    const body = { ...v, contacts: v.contacts.map((c) => ({ ...c, jobTitle: c.jobTitle || null,
      phoneNumber: storedPhone(c.id, c.phoneNumber ?? '') || null, phoneExtension: c.phoneExtension || null })) };
    try {
      if (mode === 'edit' && client) await update({ clientUpdate: { ...body, id: client.id } }).unwrap();
      else await create({ clientCreate: body }).unwrap();
      onClose();
    } catch (e) {
      // the alert middleware shows the failure
      if (!keepsFormValues(e)) reset(loaded ? fromClient(loaded) : blankClient);
    }
  });
  const title = mode === 'add' ? 'Add Client' : mode === 'edit' ? 'Edit Client' : 'Client Details';
  return (
    <Dialog open onClose={requestClose} maxWidth="md" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {!ready && <Typography color="text.secondary">{isError ? 'No record found.' : 'Loading…'}</Typography>}
        {ready && <Stack component="form" id="client-form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={(e) => { submit(e).catch(() => undefined); }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Client Name" required={req} fullWidth disabled={view} {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
            <TextField label="Client Abbreviation" required={req} fullWidth disabled={view} {...register('abbr')} error={!!errors.abbr} helperText={errors.abbr?.message} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller control={control} name="stateId" render={({ field }) => (
              <TextField select label="State" required={req} fullWidth disabled={view} value={field.value || ''} onChange={(e) => field.onChange(Number(e.target.value))}
                error={!!errors.stateId} helperText={errors.stateId?.message}>
                {US_STATES.map((s, i) => <MenuItem key={s} value={i + 1}>{s}</MenuItem>)}
              </TextField>)} />
            <Controller control={control} name="countryId" render={({ field }) => (
              <TextField select label="Country" fullWidth disabled={view} value={field.value ?? ''} onChange={(e) => field.onChange(Number(e.target.value))}>
                {Object.entries(COUNTRIES).map(([id, n]) => <MenuItem key={id} value={Number(id)}>{n}</MenuItem>)}
              </TextField>)} />
          </Stack>
          <Divider />
          <Typography variant="h6">Contacts</Typography>
          {errors.contacts?.message && <Typography color="error">{errors.contacts.message}</Typography>}
          {contacts.fields.map((f, i) => {
            const e = errors.contacts?.[i];
            return (
              <Stack key={f.id} spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} aria-label={`Contact ${i + 1}`}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Controller control={control} name={`contacts.${i}.typeId`} render={({ field }) => (
                    <TextField select label="Contact Type" required={req} sx={{ minWidth: 180 }} disabled={view} value={field.value} onChange={(ev) => field.onChange(Number(ev.target.value))}>
                      {[0, 1, 2, 3].map((t) => <MenuItem key={t} value={t}>{CONTACT_TYPES[t]}</MenuItem>)}
                    </TextField>)} />
                  <TextField label="First Name" required={req} disabled={view} {...register(`contacts.${i}.firstName`)} error={!!e?.firstName} helperText={e?.firstName?.message} />
                  <TextField label="Last Name" required={req} disabled={view} {...register(`contacts.${i}.lastName`)} error={!!e?.lastName} helperText={e?.lastName?.message} />
                  <TextField label="Job Title" disabled={view} {...register(`contacts.${i}.jobTitle`)} />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <TextField label="Email" required={req} disabled={view} {...register(`contacts.${i}.email`)} error={!!e?.email} helperText={e?.email?.message} />
                  {/* formatted as typed, (###) ###-#### or + and the country code, as every phone field (spec §2.7) */}
                  <Controller control={control} name={`contacts.${i}.phoneNumber`} render={({ field }) => (
                    <PhoneField label="Phone Number" disabled={view} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}
                      inputRef={field.ref} error={!!e?.phoneNumber} helperText={e?.phoneNumber?.message} />)} />
                  <TextField label="Extension" disabled={view} {...register(`contacts.${i}.phoneExtension`)} />
                  {!view && contacts.fields.length > 1 && (
                    <IconButton aria-label={`Remove contact ${i + 1}`} onClick={() => contacts.remove(i)}><DeleteIcon /></IconButton>
                  )}
                </Stack>
              </Stack>
            );
          })}
          {!view && <Button startIcon={<AddIcon />} onClick={() => contacts.append(blankContact)} sx={{ alignSelf: 'flex-start' }}>Add Contact</Button>}
        </Stack>}
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose}>Cancel</Button>
        {!view && <Button type="submit" form="client-form" variant="contained" disabled={creating || updating || !ready}>{mode === 'edit' ? 'Update' : 'Submit'}</Button>}
      </DialogActions>
      <ConfirmDialog open={asking} title={UNSAVED_TITLE} message="You have changes that are not saved. Close this form and lose them?"
        confirmLabel="Leave" cancelLabel="Stay" onConfirm={() => { setAsking(false); onClose(); }} onCancel={() => setAsking(false)} />
    </Dialog>
  );
}
