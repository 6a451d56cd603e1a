// Sampling Parameters (survey-work.md §2, §4, §5): the priority list (drag or arrows to reorder, unsaved until
// Update), add and delete a parameter with confirmation, look-back days and max calls, the language panel
// (Open / Don't / Set with allowed samples) and the sampling providers table (50 per page, search from 2 characters).
import { useEffect, useState, type DragEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { listOf, useProjectsGetProjectQuery } from '@frontend/shared-api';
import { z } from 'zod';
import {
  LANGUAGE_MODES, PARAMETER_TYPES, SAMPLING_PAGE_SIZE, useRostersAddSamplingParameterMutation,
  useRostersDeleteSamplingParameterMutation, useRostersGetSamplingQuery, useRostersListSamplingProvidersQuery,
  useRostersSamplingOperationsMutation, useRostersUpdateLanguageSamplingMutation, useRostersUpdateSamplingMutation,
  useRostersUpdateSamplingProvidersMutation, type LanguageSamplingRead, type ProviderRow, type SamplingParameterRead,
} from '@frontend/rosters-data-access';
import {
  AddIcon, ArrowDownwardIcon, ArrowUpwardIcon, Box, Button, ConfirmDialog, DataTable, DeleteIcon, DragIndicatorIcon,
  FormControl, IconButton, InputLabel, List, MenuItem, NotYetKnownNotice, notYetKnown, Paper, Select, Stack, TextField, ToggleButton, ToggleButtonGroup,
  Tooltip, Typography, useTableState, type Column,
} from '@frontend/shared-ui';
import { SEARCH_MIN, usDay } from '@frontend/shared-util';

const REQUIRED_MAX = 1_000_000;

/** The language panel's count: "1 survey", "0 surveys", "12 surveys". */
export const surveysText = (n: number) => `${n} ${n === 1 ? 'survey' : 'surveys'}`;

type Pending = { kind: 'add'; typeId: number } | { kind: 'delete'; param: SamplingParameterRead } | null;

// An emptied field is missing, not 0: z.coerce.number() alone reads '' as 0 and would save it.
const whole = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const optionsSchema = z.object({
  lookBack: z.preprocess(whole, z.number({ error: 'Required' }).int('Look-back days: a whole number').min(0, 'Look-back days: 0 or more').max(3650, 'Look-back days: at most 3650')),
  maxCalls: z.preprocess(whole, z.number({ error: 'Required' }).int('Max calls: a whole number').min(1, 'Max calls: at least 1').max(100, 'Max calls: at most 100')),
});
type Options = z.input<typeof optionsSchema>;

/** readOnly (the admin's project view mode): the same screen without the controls that change the sampling. */
export function SamplingPage({ readOnly = false }: { readOnly?: boolean } = {}) {
  const projectId = Number(useParams().id);
  const { data, error, isLoading, isFetching, refetch } = useRostersGetSamplingQuery({ projectId }, { skip: !Number.isInteger(projectId) });
  const status = (error as { status?: number } | undefined)?.status;
  // A project created a moment ago may not have reached the rosters service yet: say so (not "not available").
  const notYet = notYetKnown(error);
  // ...but an id that is no project at all (typed, or kept after a delete) gets the same answer: the projects
  // service says which it is; its 404 is "No record found.", not a Retry that can never succeed.
  const known = useProjectsGetProjectQuery({ projectId }, { skip: !notYet });
  const unknownId = !!notYet && (known.error as { status?: number } | undefined)?.status === 404;
  const disabled = !!error;
  return (
    <Box aria-disabled={disabled}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Sampling Parameters</Typography>
      {isLoading && <Typography>Loading…</Typography>}
      {disabled && (
        unknownId ? <Typography color="text.secondary">No record found.</Typography>
        : notYet && known.isLoading ? <Typography>Loading…</Typography>
        : notYet ? <NotYetKnownNotice message={notYet} busy={isFetching} onRetry={() => refetch()} /> : (
          <Typography role="alert" color="text.secondary">
            {status === 401 || status === 403 || status === 404 ? 'This project is not available to you.' : 'The sampling could not be loaded.'}
          </Typography>
        )
      )}
      {data && !disabled && (
        <Stack spacing={3}>
          <Stack sx={{ alignItems: 'flex-start' }} direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Priorities projectId={projectId} rows={data.rows} readOnly={readOnly} />
            <OptionsForm projectId={projectId} lookBack={data.lookBackDays} maxCalls={data.maxCalls} readOnly={readOnly} />
          </Stack>
          <Languages projectId={projectId} languages={data.languages ?? []} readOnly={readOnly} />
          <Providers projectId={projectId} readOnly={readOnly} />
        </Stack>
      )}
    </Box>
  );
}

function Priorities({ projectId, rows, readOnly }: { projectId: number; rows: SamplingParameterRead[]; readOnly: boolean }) {
  const [order, setOrder] = useState(rows);
  const [dragging, setDragging] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [newType, setNewType] = useState<number | ''>('');
  const [update, { isLoading: updating }] = useRostersUpdateSamplingMutation();
  const [add, { isLoading: adding }] = useRostersAddSamplingParameterMutation();
  const [remove, { isLoading: removing }] = useRostersDeleteSamplingParameterMutation();
  // Local edits start again when the server's list changes (added, deleted, reordered), not on every answer: a
  // refetch after another panel's save (languages, options, required) keeps an order not yet Updated.
  const saved = rows.map((p) => `${p.id}:${p.typeId}`).join(',');
  // eslint-disable-next-line react-hooks/set-state-in-effect, react-hooks/exhaustive-deps -- keyed on the list's content
  useEffect(() => setOrder(rows), [saved]);
  const dirty = order.some((p, i) => p.id !== rows[i]?.id);
  const unused = Object.keys(PARAMETER_TYPES).map(Number).filter((t) => !order.some((p) => p.typeId === t));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    setOrder(next);
  };
  const onDragStart = (e: DragEvent, from: number) => {
    // Firefox starts a drag only when it carries data
    e.dataTransfer?.setData('text/plain', String(from));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    setDragging(from);
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };
  const save = () => update({ samplingUpdate: { projectId, parameters: order.map((p, i) => ({ id: p.id, typeId: p.typeId as 0 | 1 | 2 | 999, priority: i + 1 })) } });
  const confirm = async () => {
    if (pending?.kind === 'add') await add({ samplingParameterCreate: { projectId, typeId: pending.typeId as 0 | 1 | 2 | 999 } });
    if (pending?.kind === 'delete') await remove({ id: pending.param.id, projectId });
    setPending(null);
    setNewType('');
  };

  return (
    <Paper sx={{ p: 2, minWidth: 320 }}>
      <Typography variant="h6" component="h2">Priority</Typography>
      <List aria-label="Sampling parameters in priority order">
        {order.map((p, i) => (
          <Stack key={p.id} component="li" direction="row" spacing={1} draggable={!readOnly}
                 onDragStart={(e) => onDragStart(e, i)} onDragOver={(e) => e.preventDefault()} onDrop={(e) => onDrop(e, i)}
                 sx={{ alignItems: 'center', listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, mb: 0.5, cursor: readOnly ? 'default' : 'grab', opacity: dragging === i ? 0.5 : 1 }}
                 data-testid="sampling-parameter">
            {!readOnly && <DragIndicatorIcon fontSize="small" aria-hidden />}
            <Typography sx={{ flex: 1 }}>{i + 1}. {PARAMETER_TYPES[p.typeId] ?? p.typeId}</Typography>
            {!readOnly && <>
              <IconButton size="small" aria-label={`Move ${PARAMETER_TYPES[p.typeId]} up`} disabled={i === 0} onClick={() => move(i, i - 1)}><ArrowUpwardIcon fontSize="small" /></IconButton>
              <IconButton size="small" aria-label={`Move ${PARAMETER_TYPES[p.typeId]} down`} disabled={i === order.length - 1} onClick={() => move(i, i + 1)}><ArrowDownwardIcon fontSize="small" /></IconButton>
              <Tooltip title="Delete"><IconButton size="small" aria-label={`Delete ${PARAMETER_TYPES[p.typeId]}`} onClick={() => setPending({ kind: 'delete', param: p })}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
            </>}
          </Stack>
        ))}
      </List>
      {dirty && <Typography variant="body2" color="warning.main">The new order is not saved until you press Update.</Typography>}
      {!readOnly && <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <Button variant="contained" onClick={save} disabled={!dirty || updating}>Update</Button>
        {/* the reorder is the screen's alone until Update: Cancel puts the saved order back */}
        {dirty && <Button onClick={() => setOrder(rows)} disabled={updating}>Cancel</Button>}
        {/* wide enough for the label beside the arrow while nothing is chosen */}
        <FormControl size="small" sx={{ minWidth: 190 }}>
          <InputLabel id="new-parameter-label">Add parameter</InputLabel>
          <Select labelId="new-parameter-label" label="Add parameter" value={newType} onChange={(e) => setNewType(e.target.value as number)}>
            {unused.map((t) => <MenuItem key={t} value={t}>{PARAMETER_TYPES[t]}</MenuItem>)}
          </Select>
        </FormControl>
        <IconButton aria-label="Add parameter" disabled={newType === ''} onClick={() => newType !== '' && setPending({ kind: 'add', typeId: newType })}><AddIcon /></IconButton>
      </Stack>}
      <ConfirmDialog open={pending !== null} busy={adding || removing} onConfirm={confirm} onCancel={() => setPending(null)}
        title={pending?.kind === 'delete' ? 'Delete sampling parameter' : 'Add sampling parameter'}
        message={pending?.kind === 'delete'
          ? `Delete the ${PARAMETER_TYPES[pending.param.typeId]} sampling parameter?`
          : `Add a ${pending ? PARAMETER_TYPES[pending.typeId] : ''} sampling parameter at the lowest priority?`} />
    </Paper>
  );
}

function OptionsForm({ projectId, lookBack, maxCalls, readOnly }: { projectId: number; lookBack: number; maxCalls: number; readOnly: boolean }) {
  const [save, { isLoading }] = useRostersSamplingOperationsMutation();
  const { register, handleSubmit, reset, formState: { errors, isDirty } } = useForm<Options>({
    resolver: zodResolver(optionsSchema), defaultValues: { lookBack, maxCalls },
  });
  useEffect(() => reset({ lookBack, maxCalls }), [lookBack, maxCalls, reset]);
  const submit = handleSubmit((v) => save({ samplingOperations: { projectId, lookBack: Number(v.lookBack), maxCalls: Number(v.maxCalls) } }));
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 2, minWidth: 280 }} noValidate>
      <Typography variant="h6" component="h2">Options</Typography>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField label="Look-back days" type="number" size="small" disabled={readOnly} {...register('lookBack')}
                   error={!!errors.lookBack} helperText={errors.lookBack?.message} />
        <TextField label="Max calls" type="number" size="small" disabled={readOnly} {...register('maxCalls')}
                   error={!!errors.maxCalls} helperText={errors.maxCalls?.message} />
        {!readOnly && <Button type="submit" variant="contained" disabled={!isDirty || isLoading}>Save</Button>}
      </Stack>
    </Paper>
  );
}

/** The rosters service's bound on allowed samples (LanguageSamplingIn). */
const ALLOWED_MAX = 1_000_000;

/** Why a Set language's allowed samples cannot be saved, said beside the field (null when it can). */
function allowedError(r: LanguageSamplingRead): string | null {
  if (r.mode !== 3) return null;
  const n = r.allowedSamples;
  if (n === null || n === undefined || Number.isNaN(n)) return 'Required';
  if (!Number.isInteger(n)) return 'A whole number';
  if (n < 0) return '0 or more';
  return n > ALLOWED_MAX ? `At most ${ALLOWED_MAX}` : null;
}

function Languages({ projectId, languages, readOnly }: { projectId: number; languages: LanguageSamplingRead[]; readOnly: boolean }) {
  const [rows, setRows] = useState(languages);
  const [save, { isLoading }] = useRostersUpdateLanguageSamplingMutation();
  // as the priority list: a new answer with the same content (another panel's save) keeps the edits
  const saved = JSON.stringify(languages);
  // eslint-disable-next-line react-hooks/set-state-in-effect, react-hooks/exhaustive-deps -- keyed on the list's content
  useEffect(() => setRows(languages), [saved]);
  const changed = rows.filter((r, i) => r.mode !== languages[i]?.mode || r.allowedSamples !== languages[i]?.allowedSamples);
  const invalid = rows.some((r) => allowedError(r) !== null);
  const set = (i: number, patch: Partial<LanguageSamplingRead>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => save({ languageUpdate: { projectId, languages: changed.map((r) => ({ languageId: r.languageId, mode: r.mode as 1 | 2 | 3, allowedSamples: r.mode === 3 ? r.allowedSamples : null })) } });
  return (
    <Paper sx={{ p: 2 }} aria-label="Language sampling">
      <Typography variant="h6" component="h2">Language</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(410px, 1fr))', gap: 1, mt: 1 }}>
        {rows.map((r, i) => (
          <Stack sx={{ alignItems: 'center' }} key={r.languageId} direction="row" spacing={1} data-testid={`language-${r.name}`}>
            <Typography sx={{ width: 110 }}>{r.name}</Typography>
            <ToggleButtonGroup size="small" exclusive value={r.mode} aria-label={`${r.name} sampling`} disabled={readOnly}
                               onChange={(_e, v) => v && set(i, { mode: v, allowedSamples: v === 3 ? r.allowedSamples ?? 0 : null })}>
              {[1, 2, 3].map((m) => <ToggleButton key={m} value={m}>{LANGUAGE_MODES[m]}</ToggleButton>)}
            </ToggleButtonGroup>
            {r.mode === 3 && (
              <TextField size="small" type="number" label="Allowed" sx={{ width: 90, flexShrink: 0 }} value={r.allowedSamples ?? ''} disabled={readOnly}
                         error={allowedError(r) !== null} helperText={allowedError(r) ?? undefined}
                         slotProps={{ htmlInput: { min: 0, 'aria-label': `${r.name} allowed samples` } }}
                         onChange={(e) => set(i, { allowedSamples: e.target.value === '' ? null : Number(e.target.value) })} />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>{surveysText(r.surveys)}</Typography>
          </Stack>
        ))}
      </Box>
      {!readOnly && <Button sx={{ mt: 1 }} variant="contained" onClick={submit} disabled={!changed.length || invalid || isLoading}>Save languages</Button>}
    </Paper>
  );
}

function Providers({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const [type, setType] = useState(0);
  const [search, setSearch] = useState('');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [table, setTable] = useTableState({ pageSize: SAMPLING_PAGE_SIZE, orderBy: 'name' });
  const term = search.trim().length >= SEARCH_MIN ? search.trim() : undefined;
  const list = listOf(useRostersListSamplingProvidersQuery({
    projectId, type, search: term, skip: (table.page - 1) * table.pageSize, limit: table.pageSize,
    orderBy: table.orderBy, orderDir: table.orderDir,
  }));
  const [save, { isLoading }] = useRostersUpdateSamplingProvidersMutation();
  const label = PARAMETER_TYPES[type];
  // rosters takes 0 to 1,000,000 (CellRequired.surveyRequired); empty clears the requirement
  const refused = Object.entries(edits).filter(([, v]) => v !== '' && !(/^\d+$/.test(v) && Number(v) <= REQUIRED_MAX)).map(([name]) => name);
  // the edits stay until the server takes them: a refused save leaves them on screen to correct
  const submit = () => save({ providersUpdate: { projectId, type: type as 0 | 1 | 2, rows: Object.entries(edits).map(([name, v]) => ({ name, surveyRequired: v === '' ? null : Number(v) })) } })
    .unwrap().then(() => setEdits({})).catch(() => undefined);
  const columns: Column<ProviderRow>[] = [
    { key: 'name', label, sortable: true, render: (r) => r.name },
    { key: 'surveyRequired', label: 'Surveys Required', sortable: true, render: (r) => (
      <TextField size="small" type="number" sx={{ width: 110 }} error={refused.includes(r.name)} disabled={readOnly}
                 slotProps={{ htmlInput: { min: 0, max: REQUIRED_MAX, 'aria-label': `Surveys required for ${r.name}` } }}
                 value={edits[r.name] ?? (r.surveyRequired ?? '')} onChange={(e) => setEdits({ ...edits, [r.name]: e.target.value })} />
    ) },
    { key: 'surveys', label: 'Surveys', sortable: true, align: 'right', render: (r) => r.surveys },
    { key: 'surveyRemaining', label: 'Remaining', sortable: true, align: 'right', render: (r) => r.surveyRemaining ?? '' },
    { key: 'lastEncounter', label: 'Last Encounter', sortable: true, render: (r) => (r.lastEncounter ? usDay(r.lastEncounter) : '') },
    { key: 'eligibleEnc', label: 'Eligible Encounters', sortable: true, align: 'right', render: (r) => r.eligibleEnc },
    { key: 'encounters', label: 'Encounters', sortable: true, align: 'right', render: (r) => r.encounters },
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">Sampling {label}s</Typography>
        <ToggleButtonGroup size="small" exclusive value={type} aria-label="Sampling table type"
                           onChange={(_e, v) => { if (v !== null) { setType(v); setEdits({}); setTable({ ...table, page: 1 }); } }}>
          {[0, 1, 2].map((t) => <ToggleButton key={t} value={t}>{PARAMETER_TYPES[t]}</ToggleButton>)}
        </ToggleButtonGroup>
        <TextField size="small" label="Search" value={search} onChange={(e) => { setSearch(e.target.value); setTable({ ...table, page: 1 }); }}
                   helperText={search.trim() && !term ? `At least ${SEARCH_MIN} characters` : ' '} />
        {!readOnly && <Button variant="contained" onClick={submit} disabled={!Object.keys(edits).length || refused.length > 0 || isLoading}>Save required</Button>}
      </Stack>
      {refused.length > 0 && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          Surveys Required for {refused.join(', ')}: a whole number from 0 to 1,000,000
        </Typography>
      )}
      <DataTable columns={columns} rows={list.rows} count={list.count} state={table} onStateChange={setTable}
                 rowKey={(r) => r.name} loading={list.loading} failed={list.failed} caption={`Sampling ${label}s`} fixedPageSize />
    </Paper>
  );
}
