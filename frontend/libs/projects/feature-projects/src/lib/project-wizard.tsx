// The project wizard (spec §2.6): 1 project type details, 2 scope notes, 3 billing (modifier tables, fees, line
// items). Back, Next, Submit (Update when editing), Cancel. Money fields step by 0.50; the contact search draws
// from the client's contacts after 2 characters. readOnly shows the same form without changes (view mode), its
// steps reachable from the step tabs; a deactivated project offers only Cancel (spec §4). A failed save starts
// the form again from the project (spec §8), except a 400, whose values stay to be corrected.
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepsFormValues, useManagerOptions, useProjectsListLanguagesQuery } from '@frontend/shared-api';
import {
  AddIcon, Alert, Autocomplete, Box, Button, Checkbox, DeleteIcon, Divider, FormControlLabel, IconButton, IsoDatePicker,
  MenuItem, Paper, PhoneField, Stack, Tab, Tabs, TextField, Typography,
  useUnsavedChangesPrompt,
} from '@frontend/shared-ui';
import { SEARCH_MIN } from '@frontend/shared-util';
import {
  APPROVALS, COLLAB_GROUPS, CONTACT_TYPES, MODIFIER_KINDS, PROJECT_STATUSES, PROJECT_TYPES, REPORT_FREQUENCIES,
  SAMPLING_MODES, TIMEZONES, useCreateProjectMutation, useListClientContactsQuery, useUpdateProjectMutation,
  type ClientRead, type ContactRead, type ProjectDetail,
} from '@frontend/projects-data-access';
import { projectSchema, type ProjectForm } from '@frontend/projects-data-access';
import { addMonths } from './project-dates';

const STEPS = ['Project Type Details', 'Scope Notes', 'Billing'];
const STEP_FIELDS: FieldPath<ProjectForm>[][] = [
  ['name', 'typeId', 'statusId', 'managerId', 'reportFreqId', 'startDate', 'deadline', 'reportWeeks', 'contacts'],
  ['notes'],
  ['billableRate', 'paymentRate', 'billingModifier', 'paymentModifier', 'perReportingPeriodFee', 'powerBiFee', 'pmFee', 'lineItems'],
];
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const mods = (list: unknown, typeId: number) =>
  ((list as { modifierId?: number | null; details?: string | null; rate?: string | number }[] | null) ?? []).map((m) => ({
    modifierId: m.modifierId ?? 0, typeId, details: m.details ?? '', rate: str(m.rate) }));

function toForm(p: ProjectDetail | null): ProjectForm {
  return {
    name: p?.name ?? '', typeId: p?.typeId ?? 0, statusId: p?.statusId ?? 1, managerId: p?.managerId ?? 0,
    reportFreqId: p?.reportFreqId ?? 0, startDate: p?.startDate ?? '', deadline: p?.deadline ?? null,
    contractDate: p?.contractDate ?? null, reportWeeks: p?.reportWeeks ?? null, isBenchmarked: p?.isBenchmarked ?? false,
    collabGrp: p?.collabGrp ?? null, clientBuzAdd: p?.clientBuzAdd ?? '', timezone: p?.timezone ?? 'America/Chicago',
    approvalStatus: p?.approvalStatus ?? null, associateAgreement: p?.associateAgreement ?? false,
    sampling: p?.sampling ? p.sampling.split(',') : [], notes: p?.notes ?? '', langIds: p?.langIds ?? [1],
    contacts: ((p?.contacts ?? []) as ProjectForm['contacts']).map((c) => ({ ...c, jobTitle: c.jobTitle ?? '', phoneNumber: c.phoneNumber ?? '' })),
    billableRate: str(p?.billableRate ?? '0.00'), paymentRate: str(p?.paymentRate ?? '0.00'),
    billingModifier: mods(p?.billingModifier, 0), paymentModifier: mods(p?.paymentModifier, 1),
    perReportingPeriodFee: str(p?.perReportingPeriodFee), powerBiFee: str(p?.powerBiFee), pmFee: str(p?.pmFee),
    lineItems: ((p?.lineItems ?? []) as { name: string; price: string | number }[]).map((i) => ({ name: i.name, price: str(i.price) })),
  };
}

function MoneyField({ label, value, onChange, onBlur, error, disabled }: { label: string; value: string | undefined; onChange: (v: string) => void; onBlur?: () => void; error?: string; disabled?: boolean }) {
  return <TextField label={label} type="number" value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}
    slotProps={{ htmlInput: { step: 0.5, min: 0 } }} error={!!error} helperText={error} />;
}

function ModifierTable({ form, name, title, readOnly }: { form: ReturnType<typeof useForm<ProjectForm>>; name: 'billingModifier' | 'paymentModifier'; title: string; readOnly: boolean }) {
  const rows = useFieldArray({ control: form.control, name });
  const typeId = name === 'billingModifier' ? 0 : 1;
  return (
    <Paper variant="outlined" sx={{ p: 1 }} aria-label={title}>
      <Typography variant="subtitle1">{title}</Typography>
      {rows.fields.map((f, i) => (
        <Stack key={f.id} direction="row" spacing={1} useFlexGap sx={{ my: 1, flexWrap: 'wrap' }}>
          <Controller control={form.control} name={`${name}.${i}.modifierId`} render={({ field }) => (
            <TextField select label="Modifier" sx={{ minWidth: 200 }} disabled={readOnly} value={field.value ?? 0} onChange={(e) => field.onChange(Number(e.target.value))}>
              {MODIFIER_KINDS.map((k, idx) => <MenuItem key={k} value={idx}>{k}</MenuItem>)}
            </TextField>)} />
          <TextField label="Details" disabled={readOnly} {...form.register(`${name}.${i}.details`)} />
          <Controller control={form.control} name={`${name}.${i}.rate`} render={({ field, fieldState }) => (
            <MoneyField label="Rate" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />)} />
          {!readOnly && <IconButton aria-label={`Remove ${title} row ${i + 1}`} onClick={() => rows.remove(i)}><DeleteIcon /></IconButton>}
        </Stack>
      ))}
      {!readOnly && <Button startIcon={<AddIcon />} onClick={() => rows.append({ modifierId: 0, typeId, details: '', rate: '0.00' })}>Add {title} Row</Button>}
    </Paper>
  );
}

export interface ProjectWizardProps {
  project: ProjectDetail | null;
  client: Pick<ClientRead, 'id' | 'name'> | null;
  readOnly?: boolean;
  onDone: (projectId?: number) => void;
  /** Reads the project again (the page's query): after a 409 the form starts again from the saved project. */
  onReload?: () => void;
}

/** A contact row's fields share its width and wrap to a second line rather than squeezing the email. */
const FIELD = { flex: '1 1 200px' };

export function ProjectWizard({ project, client, readOnly = false, onDone, onReload }: ProjectWizardProps) {
  const [step, setStep] = useState(0);
  // another user saved the project after this form was opened (409): what was typed stays until Reload is chosen
  const [stale, setStale] = useState(false);
  const form = useForm<ProjectForm>({ resolver: zodResolver(projectSchema), defaultValues: toForm(project), mode: 'onTouched' });
  const { control, register, formState: { errors, isDirty } } = form;
  // typed input asks before it is lost (a link, Back, the tab closing); the page's own navigation after a save does not
  const { prompt: leavePrompt, allow } = useUnsavedChangesPrompt(isDirty && !readOnly);
  const contacts = useFieldArray({ control, name: 'contacts' });
  const items = useFieldArray({ control, name: 'lineItems' });
  const managers = useManagerOptions();
  const { data: langs } = useProjectsListLanguagesQuery({ paginated: false });
  const [contactSearch, setContactSearch] = useState('');
  const clientId = client?.id ?? project?.clientId ?? null;
  const { data: found } = useListClientContactsQuery({ clientId: clientId ?? 0, search: contactSearch.trim() },
    { skip: !clientId || contactSearch.trim().length < SEARCH_MIN });
  const [create, { isLoading: creating }] = useCreateProjectMutation();
  const [update, { isLoading: updating }] = useUpdateProjectMutation();
  const cancelOnly = readOnly && !!project?.deletedAt;

  // spec §4: a start (or frequency) change sets the deadline to the start plus the reporting frequency in months;
  // the user may still pick another deadline afterwards.
  const followStart = (start: string, freq: number) => {
    if (start && freq) form.setValue('deadline', addMonths(start, freq), { shouldValidate: !!form.formState.errors.deadline });
  };
  // A row just added (Add Contact, Add Line Item) is validated by the form at once with its whole list, so its blank
  // fields came up red with Required before anything was typed, and a Required stayed beside a name being typed
  // until the field was left. A row field's error shows once that field was left, or Next (Submit) was pressed on
  // this step.
  const [tried, setTried] = useState(false);
  const rowError = (path: FieldPath<ProjectForm>) => {
    const s = form.getFieldState(path, form.formState);
    return tried || s.isTouched ? s.error?.message : undefined;
  };
  const goTo = (s: number) => { setTried(false); setStep(s); };
  const next = async () => {
    setTried(true);
    if (await form.trigger(STEP_FIELDS[step])) goTo(step + 1);
  };
  const submit = form.handleSubmit(async (v) => {
    const opt = (s?: string) => (s ? s : null);
    const body = {
      // spec §3: sampling is a list of modes "sent as a comma-joined string"
      ...v, clientId, deadline: v.deadline || null, contractDate: v.contractDate || null, sampling: v.sampling.join(','),
      collabGrp: (v.collabGrp || null) as 'CHPW' | 'CPG' | 'ORPCA' | null, approvalStatus: (v.approvalStatus || null) as 'PSA' | 'Contract' | 'Email' | null,
      reportFreqId: v.reportFreqId as 1 | 2 | 3 | 6 | 12, perReportingPeriodFee: opt(v.perReportingPeriodFee), powerBiFee: opt(v.powerBiFee),
      pmFee: opt(v.pmFee), contacts: v.contacts.map((c) => ({ ...c, jobTitle: c.jobTitle || null, phoneNumber: c.phoneNumber || null })),
      billingModifier: v.billingModifier.map((m) => ({ ...m, typeId: 0 })), paymentModifier: v.paymentModifier.map((m) => ({ ...m, typeId: 1 })),
    };
    try {
      if (project) {
        // the version this form was opened on: a project saved by someone else since is refused (409), not overwritten
        await update({ projectUpdate: { ...body, id: project.id, updatedAt: project.updatedAt } }).unwrap();
        allow(() => onDone(project.id));
      } else {
        const r = await create({ projectCreate: body }).unwrap();
        allow(() => onDone(r.data.id));
      }
    } catch (e) {
      // the alert middleware shows the failure
      if ((e as { status?: unknown } | null)?.status === 409 && project) setStale(true);
      if (!keepsFormValues(e)) {
        form.reset(toForm(project));
        setStep(0);
      }
    }
  });
  const select = (name: 'typeId' | 'statusId' | 'managerId' | 'reportFreqId', label: string, options: [number, string][]) => (
    <Controller control={control} name={name} render={({ field, fieldState }) => (
      <TextField select label={label} fullWidth disabled={readOnly} value={field.value || ''}
        onChange={(e) => { field.onChange(Number(e.target.value)); if (name === 'reportFreqId') followStart(form.getValues('startDate'), Number(e.target.value)); }}
        error={!!fieldState.error} helperText={fieldState.error?.message}>
        {options.map(([id, n]) => <MenuItem key={id} value={id}>{n}</MenuItem>)}
      </TextField>)} />
  );
  const addContact = (c: ContactRead) => contacts.append({ typeId: c.typeId, firstName: c.firstName, lastName: c.lastName, email: c.email, phoneNumber: c.phoneNumber ?? '', jobTitle: c.jobTitle ?? '' });

  return (
    // noValidate: projectSchema checks the fields (money: 2 decimals); the browser's own step check would block
    // an amount such as 12.25 on the 0.50-step inputs without saying why the save did nothing
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => { e.preventDefault(); if (step === 2 && !readOnly) { setTried(true); submit(e).catch(() => undefined); } }}>
      {readOnly ? (
        <Tabs value={step} onChange={(_e, v: number) => setStep(v)} aria-label="Wizard steps" variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {STEPS.map((s, i) => <Tab key={s} value={i} label={`${i + 1}. ${s}`} />)}
        </Tabs>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Wizard steps">
          {STEPS.map((s, i) => <Typography key={s} sx={{ fontWeight: i === step ? 700 : 400 }} color={i === step ? 'primary' : 'text.secondary'}>{i + 1}. {s}</Typography>)}
        </Stack>
      )}
      {stale && (
        <Alert severity="warning" action={onReload && <Button color="inherit" size="small" onClick={onReload}>Reload project</Button>}>
          Another user saved this project after you opened it, so your changes were not saved. Reload the project to see
          theirs (what you typed here is then replaced), then make yours again.
        </Alert>
      )}
      {client && <Typography>Client: {client.name}</Typography>}
      {step === 0 && (
        <Stack spacing={2}>
          <TextField label="Project Name" disabled={readOnly} {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {select('typeId', 'Project Type', Object.entries(PROJECT_TYPES).map(([k, v]) => [Number(k), v]))}
            {select('statusId', 'Status', Object.entries(PROJECT_STATUSES).map(([k, v]) => [Number(k), v]))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {select('managerId', 'Project Manager', managers.map((m) => [m.id, `${m.firstName} ${m.lastName}`]))}
            {select('reportFreqId', 'Reporting Frequency', Object.entries(REPORT_FREQUENCIES).map(([k, v]) => [Number(k), v]))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller control={control} name="startDate" render={({ field, fieldState }) => (
              <IsoDatePicker label="Start Date" value={field.value || null} onChange={(v) => { field.onChange(v ?? ''); followStart(v ?? '', form.getValues('reportFreqId')); }}
                error={fieldState.error?.message} disabled={readOnly} size="medium" fullWidth />)} />
            <Controller control={control} name="deadline" render={({ field, fieldState }) => (
              <IsoDatePicker label="Deadline" value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} size="medium" fullWidth />)} />
            <Controller control={control} name="contractDate" render={({ field }) => (
              <IsoDatePicker label="Contract Date" value={field.value ?? null} onChange={field.onChange} disabled={readOnly} size="medium" fullWidth />)} />
            <Controller control={control} name="reportWeeks" render={({ field, fieldState }) => (
              <TextField label="Sampling Weeks" fullWidth disabled={readOnly} value={field.value ?? ''} error={!!fieldState.error} helperText={fieldState.error?.message}
                onChange={(e) => { const t = e.target.value; if (t === '') field.onChange(null); else if (/^\d{1,2}$/.test(t)) field.onChange(Number(t)); }} />)} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller control={control} name="timezone" render={({ field }) => (
              <TextField select label="Time Zone" fullWidth disabled={readOnly} value={field.value ?? ''} onChange={field.onChange}>
                {TIMEZONES.map((z) => <MenuItem key={z} value={z}>{z}</MenuItem>)}
              </TextField>)} />
            <Controller control={control} name="collabGrp" render={({ field }) => (
              <TextField select label="Collaborative Group" fullWidth disabled={readOnly} value={field.value ?? ''} onChange={field.onChange}>
                <MenuItem value="">None</MenuItem>
                {COLLAB_GROUPS.map((g) => <MenuItem key={g} value={g}>{g}</MenuItem>)}
              </TextField>)} />
            <Controller control={control} name="approvalStatus" render={({ field }) => (
              <TextField select label="Approval" fullWidth disabled={readOnly} value={field.value ?? ''} onChange={field.onChange}>
                <MenuItem value="">None</MenuItem>
                {APPROVALS.map((a) => <MenuItem key={a.value} value={a.value}>{a.label}</MenuItem>)}
              </TextField>)} />
          </Stack>
          <Controller control={control} name="langIds" render={({ field }) => (
            // filterSelectedOptions: English comes pre-chosen, and picking it again from the list silently took it off
            <Autocomplete multiple filterSelectedOptions disabled={readOnly} options={(langs?.rows ?? []).map((l) => l.id)} value={field.value}
              getOptionLabel={(id) => langs?.rows.find((l) => l.id === id)?.name ?? String(id)} onChange={(_e, v) => field.onChange(v)}
              renderInput={(p) => <TextField {...p} label="Languages" />} />)} />
          <Controller control={control} name="sampling" render={({ field }) => (
            <Stack direction="row" sx={{ flexWrap: 'wrap' }} aria-label="Sampling modes">
              {SAMPLING_MODES.map((m) => (
                <FormControlLabel key={m} label={m} control={<Checkbox disabled={readOnly} checked={field.value.includes(m)}
                  onChange={(e) => field.onChange(e.target.checked ? [...field.value, m] : field.value.filter((x) => x !== m))} />} />
              ))}
            </Stack>)} />
          <Stack direction="row" spacing={2}>
            <Controller control={control} name="isBenchmarked" render={({ field }) => (
              <FormControlLabel label="Benchmarked" control={<Checkbox disabled={readOnly} checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />)} />
            <Controller control={control} name="associateAgreement" render={({ field }) => (
              <FormControlLabel label="Business Associate Agreement" control={<Checkbox disabled={readOnly} checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />)} />
          </Stack>
          <TextField label="Client Business Address" disabled={readOnly} {...register('clientBuzAdd')} />
          <Divider />
          <Typography variant="subtitle1">Contacts</Typography>
          {!readOnly && clientId && (
            <Autocomplete options={found?.rows ?? []} getOptionLabel={(c) => `${c.firstName} ${c.lastName} (${c.email})`}
              onInputChange={(_e, v) => setContactSearch(v)} onChange={(_e, c) => c && addContact(c)} value={null}
              noOptionsText={contactSearch.trim().length < SEARCH_MIN ? 'Type at least 2 characters' : 'No contacts found'}
              renderInput={(p) => <TextField {...p} label="Search client contacts" />} />
          )}
          {contacts.fields.map((f, i) => (
            <Stack key={f.id} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={`Project contact ${i + 1}`}>
              <Controller control={control} name={`contacts.${i}.typeId`} render={({ field }) => (
                <TextField select label="Type" sx={{ minWidth: 200, flexShrink: 0 }} disabled={readOnly} value={field.value} onChange={(e) => field.onChange(Number(e.target.value))}>
                  {Object.entries(CONTACT_TYPES).map(([k, v]) => <MenuItem key={k} value={Number(k)}>{v}</MenuItem>)}
                </TextField>)} />
              <TextField label="First Name" sx={FIELD} disabled={readOnly} {...register(`contacts.${i}.firstName`)} error={!!rowError(`contacts.${i}.firstName`)} helperText={rowError(`contacts.${i}.firstName`)} />
              <TextField label="Last Name" sx={FIELD} disabled={readOnly} {...register(`contacts.${i}.lastName`)} error={!!rowError(`contacts.${i}.lastName`)} helperText={rowError(`contacts.${i}.lastName`)} />
              <TextField label="Job Title" sx={FIELD} disabled={readOnly} {...register(`contacts.${i}.jobTitle`)} error={!!rowError(`contacts.${i}.jobTitle`)} helperText={rowError(`contacts.${i}.jobTitle`)} />
              <TextField label="Email" sx={{ flex: '1 1 300px' }} disabled={readOnly} {...register(`contacts.${i}.email`)} error={!!rowError(`contacts.${i}.email`)} helperText={rowError(`contacts.${i}.email`)} />
              <Controller control={control} name={`contacts.${i}.phoneNumber`} render={({ field }) => (
                <PhoneField label="Phone" sx={FIELD} disabled={readOnly} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref}
                  error={!!rowError(`contacts.${i}.phoneNumber`)} helperText={rowError(`contacts.${i}.phoneNumber`)} />)} />
              {!readOnly && <IconButton aria-label={`Remove project contact ${i + 1}`} onClick={() => contacts.remove(i)}><DeleteIcon /></IconButton>}
            </Stack>
          ))}
          {!readOnly && <Button startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }}
            onClick={() => contacts.append({ typeId: 0, firstName: '', lastName: '', email: '', phoneNumber: '', jobTitle: '' })}>Add Contact</Button>}
        </Stack>
      )}
      {step === 1 && <TextField label="Scope Notes" multiline minRows={8} disabled={readOnly} {...register('notes')} />}
      {step === 2 && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <Controller control={control} name="billableRate" render={({ field, fieldState }) => <MoneyField label="Billable Rate" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />} />
            <Controller control={control} name="paymentRate" render={({ field, fieldState }) => <MoneyField label="Payment Rate" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />} />
          </Stack>
          <ModifierTable form={form} name="billingModifier" title="Billing Modifier" readOnly={readOnly} />
          <ModifierTable form={form} name="paymentModifier" title="Payment Modifier" readOnly={readOnly} />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Fees">
            <Controller control={control} name="perReportingPeriodFee" render={({ field, fieldState }) => <MoneyField label="Per Reporting Period Fee" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />} />
            <Controller control={control} name="powerBiFee" render={({ field, fieldState }) => <MoneyField label="Power BI Fee" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />} />
            <Controller control={control} name="pmFee" render={({ field, fieldState }) => <MoneyField label="PM Fee" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={readOnly} />} />
          </Stack>
          <Paper variant="outlined" sx={{ p: 1 }} aria-label="Line Items">
            <Typography variant="subtitle1">Line Items</Typography>
            {items.fields.map((f, i) => (
              <Stack key={f.id} direction="row" spacing={1} useFlexGap sx={{ my: 1, flexWrap: 'wrap' }}>
                <TextField label="Item Name" disabled={readOnly} {...register(`lineItems.${i}.name`)} error={!!rowError(`lineItems.${i}.name`)} helperText={rowError(`lineItems.${i}.name`)} />
                <Controller control={control} name={`lineItems.${i}.price`} render={({ field }) => <MoneyField label="Price" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={rowError(`lineItems.${i}.price`)} disabled={readOnly} />} />
                {!readOnly && <IconButton aria-label={`Remove line item ${i + 1}`} onClick={() => items.remove(i)}><DeleteIcon /></IconButton>}
              </Stack>
            ))}
            {!readOnly && <Button startIcon={<AddIcon />} onClick={() => items.append({ name: '', price: '0.00' })}>Add Line Item</Button>}
          </Paper>
        </Stack>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => onDone()}>Cancel</Button>
        {step > 0 && !cancelOnly && <Button variant="outlined" onClick={() => goTo(step - 1)}>Back</Button>}
        {step < 2 && !cancelOnly && <Button variant="contained" onClick={() => { next().catch(() => undefined); }}>Next</Button>}
        {step === 2 && !readOnly && <Button type="submit" variant="contained" disabled={creating || updating}>{project ? 'Update' : 'Submit'}</Button>}
      </Box>
      {leavePrompt}
    </Stack>
  );
}
