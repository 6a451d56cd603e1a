// Escalations list (spec §2): start/end date, status, project, surveyor and an Unresolved checkbox; sortable
// Date/Time, Status, Project Name, Surveyor Name; paging; View Details opens escalation-detail/:id.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  useAppSelector, useCallingListEscalationsQuery, useReportingListSurveyorsQuery, useProjectsListProjectsQuery, type EscalationRead, listOf,
} from '@frontend/shared-api';
import {
  Box, Button, Checkbox, DataTable, FormControl, FormControlLabel, IconButton, InputLabel, IsoDatePicker, MenuItem,
  Select, Stack, Tooltip, Typography, VisibilityIcon, toServerQuery, useTableState, type Column,
} from '@frontend/shared-ui';
import { Role } from '@frontend/shared-util';
import { BUSINESS_TZ, centralDateTime, personName } from '@frontend/calling-data-access';

type Status = '' | 'resolved' | 'unresolved';

export function EscalationsPage() {
  const user = useAppSelector((s) => s.auth.user);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('');
  const [unresolved, setUnresolved] = useState(false);
  const [projectId, setProjectId] = useState('');
  const [surveyorId, setSurveyorId] = useState('');
  const [table, setTable] = useTableState({ orderBy: 'surveyedOn', orderDir: 'DESC' });
  const projects = useProjectsListProjectsQuery({ limit: 5000, orderBy: 'name' });
  // a Project Manager picks among their own surveyors only (platform §6); Operations among all
  const surveyors = useReportingListSurveyorsQuery({ limit: 5000, managerId: user?.role === Role.ProjectManager ? user.id : undefined });
  const badRange = Boolean(from && to && from > to);
  const effective: Status = unresolved ? 'unresolved' : status;
  const list = listOf(useCallingListEscalationsQuery({
    from: from ?? undefined, to: to ?? undefined, tz: BUSINESS_TZ,
    status: effective === '' ? undefined : effective === 'resolved',
    projectId: projectId ? Number(projectId) : undefined, surveyorId: surveyorId ? Number(surveyorId) : undefined,
    ...toServerQuery(table),
  // Escalations are resolved by others and on the detail screen: the list asks the server again on every visit
  // and filter change rather than showing a cached page.
  }, { skip: badRange, refetchOnMountOrArgChange: true }));
  const first = () => setTable({ ...table, page: 1 });

  const columns: Column<EscalationRead>[] = [
    { key: 'surveyedOn', label: 'Date/Time', sortable: true, render: (e) => centralDateTime(e.surveyedOn) },
    {
      key: 'status', label: 'Status', sortable: true,
      render: (e) => <Box component="span" sx={{ color: e.status ? 'success.main' : 'warning.dark', fontWeight: 600 }}>{e.statusName}</Box>,
    },
    { key: 'projectName', label: 'Project Name', sortable: true, render: (e) => e.project.name ?? `Project ${e.projectId}` },
    { key: 'surveyorName', label: 'Surveyor Name', sortable: true, render: (e) => personName(e.surveyor) },
    { key: 'notes', label: 'Escalation Notes', render: (e) => e.notes ?? '' },
    {
      key: 'action', label: 'View Details', render: (e) => (
        <Tooltip title="View details">
          <IconButton size="small" component={RouterLink} to={`../escalation-detail/${e.id}`} aria-label={`View escalation ${e.id}`}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const picker = (label: string, value: string, set: (v: string) => void, options: [string, string][], disabled = false) => (
    <FormControl size="small" sx={{ minWidth: 200 }} disabled={disabled}>
      <InputLabel id={`esc-${label}`}>{label}</InputLabel>
      <Select labelId={`esc-${label}`} label={label} value={value} onChange={(e) => { set(String(e.target.value)); first(); }}>
        <MenuItem value="">All</MenuItem>
        {options.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
      </Select>
    </FormControl>
  );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>Escalations</Typography>
      <Stack direction="row" useFlexGap sx={{ mb: 2, flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <IsoDatePicker label="Start Date" value={from} onChange={(v) => { setFrom(v); first(); }} />
        <IsoDatePicker label="End Date" value={to} onChange={(v) => { setTo(v); first(); }} error={badRange ? 'End date must not be before start date' : undefined} />
        {picker('Status', unresolved ? 'unresolved' : status, (v) => setStatus(v as Status), [['resolved', 'Resolved'], ['unresolved', 'Unresolved']], unresolved)}
        {picker('Project', projectId, setProjectId, (projects.data?.rows ?? []).map((p) => [String(p.id), p.name]))}
        {picker('Surveyor', surveyorId, setSurveyorId, (surveyors.data?.rows ?? []).map((u) => [String(u.id), `${u.firstName} ${u.lastName}`]))}
        <FormControlLabel control={<Checkbox checked={unresolved} onChange={(e) => { setUnresolved(e.target.checked); first(); }} />} label="Unresolved" />
        <Button onClick={() => { setFrom(null); setTo(null); setStatus(''); setUnresolved(false); setProjectId(''); setSurveyorId(''); first(); }}>Reset</Button>
      </Stack>
      <DataTable caption="Escalations" columns={columns} rows={list.rows} count={list.count} state={table}
        onStateChange={setTable} rowKey={(e) => e.id} loading={list.loading} failed={list.failed} emptyText="No records found." />
    </Box>
  );
}
