// Project Details (detail/:id for managers and Operations, my-projects/:id for surveyors): progress chart for the
// week or the reporting period, contacts, settings (start, deadline, sampling weeks 0-99), the status and the lock
// toggle, each saved at once by its own call (spec §4), goals per surveyor with their weekly goal history, roster
// history and AAPOR dispositions (slots filled by the remote from other contexts), today's survey-day counts, and
// the sampling button.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { answerOf, useAppSelector, useCallingCallsProgressQuery, type ProgressRead, type SurveyDayCounts } from '@frontend/shared-api';
import {
  BarChart, Box, Button, FigureRow, FigureTile, FormControlLabel, IsoDatePicker, MenuItem, Paper, PhoneDisplay, SimpleTable, Stack, Switch, TextField,
  Typography,
} from '@frontend/shared-ui';
import { CHART_COLORS, Role, businessToday, currentWeekGoal, historyWithCurrentWeek, shortDay } from '@frontend/shared-util';
import {
  CONTACT_TYPES, PROJECT_STATUSES, fmtDate, useGetClientQuery, useGetProjectQuery, useLockProjectMutation,
  useUpdateProjectDatesMutation, useUpdateProjectStatusMutation,
} from '@frontend/projects-data-access';
import { PeriodToggle } from './my-projects';
import { addMonths } from './project-dates';

// kept importable from here, where Project Details first needed it
export { addMonths };

const SURVEYORS: number[] = [Role.Surveyor, Role.CimrSurveyor, Role.KellerSurveyor];
// Who PUT projects/status lets change a project's status (projects' PROJECT_EDITORS); others see it as text.
const STATUS_EDITORS: number[] = [Role.Admin, Role.ProjectManager, Role.Operations];
// Who GET clients/{id} lets read a client (projects' CLIENT_READERS).
const CLIENT_READERS: number[] = [Role.Admin, Role.ProjectManager, Role.Operations];
type Contact = { typeId?: number; firstName: string; lastName: string; email: string; phoneNumber?: string | null; jobTitle?: string | null };
type GoalRow = { assignmentId: number; firstName: string; lastName: string; email: string; surveys: number; surveyorGoals: number;
  surveyorCompGoals: number; assignmentHistory: { weekDate: string; weekGoals: number; weekCompGoals: number }[] };

/** The progress chart: completed surveys per day from calls-progress; its y maximum is the server's (10, or the
 * highest count plus 10%, spec §9). */
function ProgressChart({ data, weekly }: { data: ProgressRead; weekly: boolean }) {
  if (!data.totalSurveys) return <Typography color="text.secondary">No Surveys Done This Week or Reporting Period</Typography>;
  return (
    <>
      {/* surveys in orange, as on Surveyor Call Stats and the dashboard (spec §9 chart colours) */}
      <BarChart categories={data.days.map((d) => shortDay(d.date))} yMax={data.max} wholeNumbers colors={[CHART_COLORS[0]]}
        bars={[{ name: 'Surveys Completed', data: data.days.map((d) => d.surveys) }]} />
      <Typography variant="body2">
        {weekly ? 'Week-to-Date' : 'Report-Period-to-Date'} Surveys Completed: {data.totalSurveys} · Calls: {data.totalCalls} ({shortDay(data.from)} – {shortDay(data.to)})
      </Typography>
    </>
  );
}

/** Today's survey day: the project's calls (a surveyor's own) by outcome, from the project record's counts. */
export function SurveyDay({ day }: { day: SurveyDayCounts }) {
  return (
    <Box aria-label="Survey day" role="region" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>Today's Survey Day ({fmtDate(day.date)})</Typography>
      <FigureRow tileWidth={130}>
        <FigureTile label="Complete" value={day.complete} />
        <FigureTile label="Incomplete" value={day.incomplete} />
        <FigureTile label="Refused" value={day.refused} />
        <FigureTile label="Wrong Info" value={day.wrongInfo} />
      </FigureRow>
    </Box>
  );
}

export interface ProjectDetailSlots {
  rosterHistory?: (projectId: number) => ReactNode;
  /** The project's AAPOR dispositions and rates (reporting's panel, composed by the remote). */
  dispositions?: (projectId: number) => ReactNode;
}

export function ProjectDetailPage({ rosterHistory, dispositions }: ProjectDetailSlots) {
  const projectId = Number(useParams().id);
  const navigate = useNavigate();
  const role = useAppSelector((s) => s.auth.user?.role ?? -1);
  const surveyor = SURVEYORS.includes(role);
  const [weekly, setWeekly] = useState(true);
  const { data: p, isError, error } = useGetProjectQuery({ projectId, isWeekly: weekly }, { skip: !projectId });
  // a project without contacts of its own shows its client's, as the escalation detail does (not to surveyors,
  // who may not read clients)
  const ownContacts = (p?.contacts ?? []) as Contact[];
  const { data: client } = useGetClientQuery({ clientId: p?.clientId ?? 0 },
    { skip: !p?.clientId || ownContacts.length > 0 || !CLIENT_READERS.includes(role) });
  const contacts = ownContacts.length ? ownContacts : ((client?.contacts ?? []) as Contact[]);
  // the server narrows the calls to the caller's scope (a surveyor: own calls; a manager: own projects)
  // the chart of the period shown: not the other period's figures once this one failed
  const progressQuery = useCallingCallsProgressQuery({ isWeekly: weekly, projectId }, { skip: !projectId });
  const progress = answerOf(progressQuery);
  const [lock, { isLoading: locking }] = useLockProjectMutation();
  // The lock switch flips at once (spec: "toggling flips isLocked immediately and saves"); a refused save flips it back.
  const [lockShown, setLockShown] = useState<boolean | null>(null);
  // The status select likewise shows the choice at once and goes back to the project's status if the save is refused.
  const canSetStatus = STATUS_EDITORS.includes(role);
  const [saveStatus, { isLoading: statusSaving }] = useUpdateProjectStatusMutation();
  const [statusShown, setStatusShown] = useState<number | null>(null);
  const [saveDates, { isLoading: saving }] = useUpdateProjectDatesMutation();
  const [dates, setDates] = useState<{ startDate: string | null; deadline: string | null; reportWeeks: number | null }>({ startDate: null, deadline: null, reportWeeks: null });
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- local edits start again from each new server answer
    if (p) setDates({ startDate: p.startDate, deadline: p.deadline, reportWeeks: p.reportWeeks ?? null });
    setLockShown(null);
    setStatusShown(null);
  }, [p]);
  useEffect(() => {
    if (isError && surveyor) navigate('../my-projects', { replace: true });
  }, [isError, surveyor, navigate]);
  // an unknown id (an address typed or kept after the project was deleted) says so; an unauthorized project shows
  // an empty page (spec)
  if (isError) return (error as { status?: unknown } | undefined)?.status === 404 ? <Typography color="text.secondary">No record found.</Typography> : null;
  if (!p) return null;
  const goals: GoalRow[] = p.goals ?? [];
  const today = businessToday();
  // A new start moves the deadline at once, as the server will on saving; back at the saved start, the saved deadline.
  const deadlineAfter = (start: string | null) => (!start ? dates.deadline : start === p.startDate ? p.deadline : addMonths(start, p.reportFreqId));
  // One PUT projects/dates: a changed start goes with the deadline shown (the computed one, or the user's edit),
  // which the server keeps.
  const saveSettings = async () => {
    const { startDate, deadline, reportWeeks } = dates;
    if (!startDate || !deadline) return;
    const start = startDate === p.startDate ? {} : { startDate };
    await saveDates({ projectDates: { id: p.id, ...start, deadline, reportWeeks } }).unwrap()
      .catch(() => undefined); // the alert shows the server's reason
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{p.name}</Typography>
        <PeriodToggle weekly={weekly} onChange={setWeekly} />
        {!surveyor && <Button variant="outlined" onClick={() => navigate(`../sampling/${p.id}`)}>Sampling Parameters</Button>}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Progress">
        <Typography variant="subtitle1">{weekly ? 'Current Week' : 'Reporting Period'} Progress</Typography>
        {progressQuery.isError && <Typography color="error">The progress could not be loaded.</Typography>}
        {progress && <ProgressChart data={progress.data} weekly={weekly} />}
        {p.surveyDay && <SurveyDay day={p.surveyDay} />}
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} aria-label="Contacts">
          <Typography variant="subtitle1">Contact Details{!ownContacts.length && contacts.length ? ' (the client’s)' : ''}</Typography>
          {contacts.map((c, i) => (
            <Box key={i} sx={{ my: 1 }}>
              <Typography variant="body2"><b>{CONTACT_TYPES[c.typeId ?? 0]}</b>: {c.firstName} {c.lastName}{c.jobTitle ? `, ${c.jobTitle}` : ''}</Typography>
              <Typography variant="body2">{c.email} · <PhoneDisplay value={c.phoneNumber} /></Typography>
            </Box>
          ))}
          {!contacts.length && <Typography color="text.secondary">No record found.</Typography>}
          <Typography variant="body2" sx={{ mt: 1 }}>
            Client: {p.client?.name ?? 'N/A'}{canSetStatus ? '' : ` · Status: ${PROJECT_STATUSES[p.statusId]}`} · Tz: {p.timezone ?? 'N/A'}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }} aria-label="Settings">
          <Typography variant="subtitle1">Settings</Typography>
          {canSetStatus && (
            <TextField select size="small" label="Status" sx={{ minWidth: 200, my: 1 }} value={statusShown ?? p.statusId} disabled={statusSaving}
              onChange={(e) => {
                const statusId = Number(e.target.value);
                setStatusShown(statusId);
                saveStatus({ projectStatus: { id: p.id, statusId } }).unwrap().catch(() => setStatusShown(null));
              }}>
              {Object.entries(PROJECT_STATUSES).map(([id, name]) => <MenuItem key={id} value={Number(id)}>{name}</MenuItem>)}
            </TextField>
          )}
          {surveyor ? (
            <Typography variant="body2">Start {fmtDate(p.startDate)} · Deadline {fmtDate(p.deadline)} · Sampling Weeks {p.reportWeeks ?? 'N/A'}</Typography>
          ) : (
            <Stack spacing={1}>
              <IsoDatePicker label="Project Start" value={dates.startDate} onChange={(v) => setDates({ ...dates, startDate: v, deadline: deadlineAfter(v) })} />
              <IsoDatePicker label="Deadline" value={dates.deadline} onChange={(v) => setDates({ ...dates, deadline: v })} />
              <TextField label="Sampling Weeks" value={dates.reportWeeks ?? ''} size="small"
                onChange={(e) => { const t = e.target.value; if (t === '' || /^\d{1,2}$/.test(t)) setDates({ ...dates, reportWeeks: t === '' ? null : Number(t) }); }} />
              <Button variant="contained" disabled={saving || !dates.startDate || !dates.deadline} sx={{ alignSelf: 'flex-start' }} onClick={saveSettings}>
                Save Settings
              </Button>
            </Stack>
          )}
          <FormControlLabel sx={{ mt: 1 }} label={(lockShown ?? p.isLocked) ? 'Project Locked' : 'Project Unlocked'} control={
            <Switch checked={lockShown ?? p.isLocked} disabled={surveyor || locking} slotProps={{ input: { 'aria-label': 'Project lock' } }}
              onChange={(e) => {
                setLockShown(e.target.checked);
                lock({ projectLock: { id: p.id, isLocked: e.target.checked } }).unwrap().catch(() => setLockShown(null));
              }} />} />
        </Paper>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Project goals">
        <Typography variant="subtitle1">Project Goals</Typography>
        <SimpleTable caption="Project goals" rows={goals} rowKey={(g) => g.assignmentId} emptyText="No record found." columns={[
          { key: 'surveyor', label: 'Surveyor', render: (g) => `${g.firstName} ${g.lastName}` },
          { key: 'email', label: 'Email' },
          { key: 'surveys', label: weekly ? 'Week-to-Date Surveys Completed' : 'Report-Period-to-Date Surveys Completed', align: 'right' },
          { key: 'goal', label: weekly ? 'Current Week Minimum Surveys' : 'Current Report-Period Minimum Surveys', align: 'right',
            render: (g) => (weekly ? currentWeekGoal(g, today) : g.surveyorCompGoals) },
          // a table of its own, as on Assignments (survey-work: "Assignment history weekly goals table")
          // this week is listed before any week is saved, with the assignment's goals that apply to it (not stored)
          { key: 'history', label: 'Weekly Goal History', render: (g) => (
            <SimpleTable caption={`Weekly goal history of ${g.email}`} rows={historyWithCurrentWeek(g, today)} rowKey={(w) => w.weekDate} columns={[
              { key: 'weekDate', label: 'Week', render: (w) => (w.fromAssignment
                ? <>{fmtDate(w.weekDate)}<Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>This week: the assignment&apos;s goals apply</Typography></>
                : fmtDate(w.weekDate)) },
              { key: 'weekGoals', label: 'Weekly Goal', align: 'right' },
              { key: 'weekCompGoals', label: 'Report-Period Goal', align: 'right' },
            ]} />
          ) },
        ]} />
      </Paper>
      {/* each composed panel waits for its own code here, so a panel loading late never unmounts this page */}
      {!surveyor && rosterHistory && <Paper variant="outlined" sx={{ p: 2 }} aria-label="Roster history"><Suspense fallback={null}>{rosterHistory(p.id)}</Suspense></Paper>}
      {!surveyor && dispositions && <Paper variant="outlined" sx={{ p: 2 }} aria-label="Dispositions"><Suspense fallback={null}>{dispositions(p.id)}</Suspense></Paper>}
    </Stack>
  );
}

/** my-projects/:id for the three surveyor roles: the same screen, without settings changes or the lock. */
export function MyProjectDetailPage() {
  return <ProjectDetailPage />;
}
