// The filter form of Surveyor Call Stats and Surveyor Earnings: From / To, frequency, the project (survey-work §7:
// projectId; the list is the projects the caller may see), for Operations the project manager (spec §1: Operations
// can filter by project manager; §7 managerId) and, for managers and operations, the surveyor filter (spec §6): a
// manager's own surveyors, for Operations those of the manager chosen (a surveyor chosen before who is not one of
// them is cleared).
// Frequencies: Daily 1, Weekly 7, Monthly 30.
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import dayjs from 'dayjs';
import {
  useAppSelector, useClearUnlistedSurveyor, useManagerOptions, useProjectsListProjectsQuery, useReportingSurveyorsInfoQuery,
} from '@frontend/shared-api';
import { Button, FormControl, InputLabel, IsoDatePicker, MenuItem, Paper, Select, Stack } from '@frontend/shared-ui';
import { Role, addDays, businessToday, isSurveyorRole } from '@frontend/shared-util';

export const FREQUENCIES = [
  { value: 1, label: 'Daily' },
  { value: 7, label: 'Weekly' },
  { value: 30, label: 'Monthly' },
] as const;

const schema = z
  .object({
    from: z.string().min(1, 'Required'),
    to: z.string().min(1, 'Required'),
    type: z.number().int(),
    surveyorId: z.number().int().nullable(),
    projectId: z.number().int().nullable(),
    managerId: z.number().int().nullable(),
  })
  .refine((v) => v.from <= v.to, { message: 'From must not be after To', path: ['from'] });
export type StatsFilter = z.infer<typeof schema>;

/** Default range per frequency: the last 7 days, 4 weeks or 3 months up to today, on the business (Central)
 * calendar: the browser's date is already tomorrow on an evening in the Central zone seen from further east. */
export function defaultFilter(type: number, today: string = businessToday()): StatsFilter {
  const span = type === 30 ? 89 : type === 7 ? 27 : 6;
  return { from: addDays(today, -span), to: today, type, surveyorId: null, projectId: null, managerId: null };
}

/** The query of a filter for the caller: a manager's own id as managerId (their projects); for Operations the
 * manager picked in the form, if any; never for the surveyor roles. */
export function statsArgs(f: Omit<StatsFilter, 'projectId' | 'managerId'> & { projectId?: number | null; managerId?: number | null },
                          role: Role | undefined, userId: number | undefined) {
  return {
    from: f.from,
    to: f.to,
    type: f.type,
    surveyorId: f.surveyorId ?? undefined,
    projectId: f.projectId ?? undefined,
    managerId: role === Role.ProjectManager || role === Role.CimrManager ? userId
      : role === Role.Operations ? f.managerId ?? undefined : undefined,
  };
}

/** The Date / Week Of / Month cell of the stats and earnings tables (spec §9: MM/DD/YYYY). */
export const periodText = (weekOf: string) => dayjs(weekOf).format('MM/DD/YYYY');

export function useSessionUser() {
  return useAppSelector((s) => s.auth.user) as { id: number; role: Role; firstName?: string; lastName?: string } | null;
}

export function StatsFilters({ initial, onApply }: { initial: StatsFilter; onApply: (f: StatsFilter) => void }) {
  const user = useSessionUser();
  const showSurveyor = user != null && !isSurveyorRole(user.role);
  // a project is managed by a Project Manager or an Operations user (the project wizard offers both)
  const picksManager = user?.role === Role.Operations;
  const { control, handleSubmit, setValue, formState: { errors } } = useForm<StatsFilter>({ resolver: zodResolver(schema), defaultValues: initial });
  const pickedManager = useWatch({ control, name: 'managerId' });
  const chosenSurveyor = useWatch({ control, name: 'surveyorId' });
  // a manager's own surveyors; Operations' narrowed to the manager picked in the form (none picked: all)
  const managerId = user && (user.role === Role.ProjectManager || user.role === Role.CimrManager) ? user.id
    : picksManager ? pickedManager ?? undefined : undefined;
  const surveyors = useReportingSurveyorsInfoQuery(
    { managerId },
    { skip: !showSurveyor },
  );
  useClearUnlistedSurveyor(chosenSurveyor, picksManager && pickedManager != null ? surveyors.currentData?.data : undefined,
    () => setValue('surveyorId', null));
  // scoped by the server: a manager gets own projects, a surveyor assigned ones (spec §9: dropdowns fetch all rows)
  const projects = useProjectsListProjectsQuery({ onlyNames: true, limit: 5000, orderBy: 'name' });
  const managers = useManagerOptions({ skip: !picksManager });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} component="form" aria-label="Filters"
        onSubmit={handleSubmit(onApply)}>
        <Controller name="from" control={control} render={({ field }) => (
          <IsoDatePicker label="From" value={field.value} onChange={(v) => field.onChange(v ?? '')} error={errors.from?.message} />)} />
        <Controller name="to" control={control} render={({ field }) => (
          <IsoDatePicker label="To" value={field.value} onChange={(v) => field.onChange(v ?? '')} error={errors.to?.message} />)} />
        <Controller name="type" control={control} render={({ field }) => (
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="freq-label">Frequency</InputLabel>
            <Select labelId="freq-label" label="Frequency" value={field.value} onChange={(e) => field.onChange(Number(e.target.value))}>
              {FREQUENCIES.map((f) => <MenuItem key={f.value} value={f.value}>{f.label}</MenuItem>)}
            </Select>
          </FormControl>)} />
        <Controller name="projectId" control={control} render={({ field }) => (
          <OptionalIdSelect id="stats-project-label" label="Project" allLabel="All projects" value={field.value}
            onChange={field.onChange} options={(projects.data?.rows ?? []).map((p) => ({ id: p.id, name: p.name }))} />)} />
        {picksManager && (
          <Controller name="managerId" control={control} render={({ field }) => (
            <OptionalIdSelect id="stats-manager-label" label="Project Manager" allLabel="All project managers" value={field.value}
              onChange={field.onChange} options={managers.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }))} />)} />
        )}
        {showSurveyor && (
          <Controller name="surveyorId" control={control} render={({ field }) => (
            <OptionalIdSelect id="surveyor-label" label="Surveyor" allLabel="All surveyors" value={field.value}
              onChange={field.onChange}
              options={(surveyors.data?.data ?? []).map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }))} />)} />
        )}
        <Button type="submit" variant="contained">Filter</Button>
      </Stack>
    </Paper>
  );
}

/** A select of ids with an "all" entry (null). */
function OptionalIdSelect({ id, label, allLabel, value, onChange, options }: {
  id: string; label: string; allLabel: string; value: number | null; onChange: (v: number | null) => void;
  options: { id: number; name: string }[];
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 220 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value ?? ''}
        onChange={(e) => onChange(String(e.target.value) === '' ? null : Number(e.target.value))}>
        <MenuItem value="">{allLabel}</MenuItem>
        {options.map((o) => <MenuItem key={o.id} value={o.id}>{o.name}</MenuItem>)}
      </Select>
    </FormControl>
  );
}

/** Zero-count bars are drawn at 1 % of the chart max so they stay visible (spec §9). */
export function visibleBars(values: number[], max: number): number[] {
  return values.map((v) => (v === 0 ? max * 0.01 : v));
}

/** The top of a count axis of its own (the Surveys line beside dollars): the highest count plus 10 %, rounded up to
 * ten so the ticks fall on whole numbers; 10 with no data. */
export function countAxisMax(values: (number | null)[]): number {
  const highest = Math.max(0, ...values.map((v) => v ?? 0));
  return Math.max(10, Math.ceil((highest * 1.1) / 10) * 10);
}

export { CHART_COLORS } from '@frontend/shared-util'; // orange, blue, black line (spec §9)
