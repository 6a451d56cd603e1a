// Dashboard (spec §2 routes it for Admin, Project Manager, Operations, Quality, Comment Cleaner and CIMR Manager but
// does not show its content; docs/decisions.md has what we show and why). One page whose panels follow the role:
// today's and this week's figures on the business calendar, each from a real call, each panel linking to the
// screen with the details. A panel is given only to roles that every one of its calls allows (the services answer
// 403 otherwise), so no role sees a panel fail. A dashboard left open over Central midnight moves to the new day
// and week, and its panels read their figures again.
import { useMemo, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router-dom';
import {
  useCallingListEscalationsQuery, useProjectsListProjectsQuery, useReportingGetCallQualityQuery,
  useReportingGetCallStatsQuery, useReportingListSurveyorsQuery, useSurveysCommentProjectsQuery,
} from '@frontend/shared-api';
import {
  BarChart, Box, Button, FigureRow, FigureTile, Link, Panel, ProgressLine, SimpleTable, Typography,
} from '@frontend/shared-ui';
import { Role, businessDayOf, businessWeek, formatPercent, shortDay } from '@frontend/shared-util';
import { percentText } from '@frontend/reporting-data-access';
import { CHART_COLORS, statsArgs, useSessionUser, visibleBars } from './stats-filters';
import { useBusinessToday } from './use-business-today';

export type DashboardPanel = 'overview' | 'calls' | 'projects' | 'escalations' | 'comments' | 'quality' | 'surveyors';

/**
 * The panels of each role, in page order. A panel's calls and the roles the services allow them:
 * - overview: GET projects, users/surveyors, call-stats/quality — Admin;
 * - calls: GET call-stats — Admin, PM, Operations, CIMR Manager (not Quality, Comment Cleaner);
 * - projects: GET projects (this week's surveys against goals) — every staff role; useful to PM and Operations;
 * - escalations: GET escalations — PM and Operations only;
 * - comments: GET comments/projects — PM, Operations, Comment Cleaner;
 * - quality: GET call-stats/quality — Admin, PM, Operations, Quality, CIMR Manager (and surveyors);
 * - surveyors: GET users/surveyors — the staff roles; a CIMR Manager's own CIMR Surveyors.
 */
export const DASHBOARD_PANELS: Partial<Record<Role, DashboardPanel[]>> = {
  [Role.Admin]: ['overview', 'calls'],
  [Role.ProjectManager]: ['calls', 'projects', 'escalations', 'comments', 'quality'],
  [Role.Operations]: ['calls', 'projects', 'escalations', 'comments', 'quality'],
  [Role.Quality]: ['quality'],
  [Role.CommentCleaner]: ['comments'],
  [Role.CimrManager]: ['calls', 'surveyors', 'quality'],
};

/** How many rows a list panel shows; its link leads to all of them. */
export const PANEL_ROWS = 5;
/** Project status In Progress (platform spec §3). */
export const PROJECT_IN_PROGRESS = 2;

interface Period {
  today: string;
  from: string;
  to: string;
}

const twoPlaces = (v: number) => v.toFixed(2);
const failed = (what: string) => <Typography color="error">The {what} could not be loaded.</Typography>;
const loading = <Typography color="text.secondary">Loading…</Typography>;

export function DashboardPage() {
  const user = useSessionUser();
  const today = useBusinessToday();
  const period = useMemo<Period>(() => ({ today, ...businessWeek(today) }), [today]);
  const panels = user ? DASHBOARD_PANELS[user.role] ?? [] : [];
  const managerId = user?.role === Role.ProjectManager ? user.id : undefined;
  const render: Record<DashboardPanel, () => ReactNode> = {
    overview: () => <OverviewPanel period={period} />,
    calls: () => <CallsPanel period={period} role={user?.role} userId={user?.id} />,
    projects: () => <ProjectsPanel />,
    escalations: () => <EscalationsPanel managerId={managerId} />,
    comments: () => <CommentsPanel managerId={managerId} />,
    quality: () => <QualityPanel period={period} />,
    surveyors: () => <SurveyorsPanel />,
  };
  // the wide panels (figures with a chart) take the whole row; the lists share rows two by two
  const wide = panels.filter((p) => p === 'overview' || p === 'calls');
  const lists = panels.filter((p) => p !== 'overview' && p !== 'calls');
  return (
    <Box>
      <Typography variant="h5" component="h1">Dashboard</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Today {shortDay(period.today)}; this week {shortDay(period.from)} – {shortDay(period.to)} (Central time)
      </Typography>
      {/* keyed by the day: on a new day every panel is set up again and reads again (those without dates of their
          own too, "Projects this week"), its cached figures being older than the api's 30 s */}
      <Box key={period.today} sx={{ display: 'grid', gap: 2 }}>
        {wide.map((p) => <Box key={p}>{render[p]()}</Box>)}
        {lists.length > 0 && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: lists.length > 1 ? '1fr 1fr' : '1fr' } }}>
            {lists.map((p) => <Box key={p} sx={{ minWidth: 0 }}>{render[p]()}</Box>)}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** Admin: projects in progress, surveyor accounts, today's calls and the surveyors who took them. */
function OverviewPanel({ period }: { period: Period }) {
  const projects = useProjectsListProjectsQuery({ onlyNames: true, onlyNamesAttrs: 'statusId', limit: 5000 });
  const surveyors = useReportingListSurveyorsQuery({ limit: 1 });
  const today = useReportingGetCallQualityQuery({ from: period.today, to: period.today, limit: 1 });
  const inProgress = projects.data?.rows.filter((p) => p.statusId === PROJECT_IN_PROGRESS).length;
  const value = (q: { isError: boolean }, v: number | undefined) => (q.isError ? '—' : v ?? '…');
  return (
    <Panel title="Overview" link={{ to: '../project-list', label: 'Project List' }}>
      <FigureRow>
        <FigureTile label="Projects in progress" value={value(projects, inProgress)}
          note={projects.data ? `of ${projects.data.count} projects` : undefined} />
        <FigureTile label="Active surveyors" value={value(surveyors, surveyors.data?.count)} note="surveyor accounts not deactivated" />
        <FigureTile label="Surveyors calling today" value={value(today, today.data?.count)} />
        <FigureTile label="Calls today" value={value(today, today.data?.totals.attempts)} note="all projects" />
      </FigureRow>
      <Box sx={{ mt: 1.5 }}>
        <Button component={RouterLink} to="../account-management" size="small">Account Management</Button>
      </Box>
    </Panel>
  );
}

/** Today's and this week's call figures (spec §9 definitions) and surveys per day of the week. */
function CallsPanel({ period, role, userId }: { period: Period; role?: Role; userId?: number }) {
  const args = statsArgs({ from: period.from, to: period.to, type: 1, surveyorId: null }, role, userId);
  const { data, isError } = useReportingGetCallStatsQuery(args);
  const d = data?.data;
  const day = d?.callStatsData.find((r) => r.weekOf === period.today);
  const figures = (label: string, f: { attempts: number; surveys: number; completionRate: number; surveysPerHour: number } | undefined) => (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>{label}</Typography>
      <FigureRow tileWidth={180}>
        <FigureTile label={`Attempts ${label.toLowerCase()}`} value={f?.attempts ?? 0} />
        <FigureTile label={`Surveys ${label.toLowerCase()}`} value={f?.surveys ?? 0} />
        <FigureTile label={`Completion rate ${label.toLowerCase()}`} value={percentText(f?.completionRate ?? 0)} />
        <FigureTile label={`Surveys per hour ${label.toLowerCase()}`} value={twoPlaces(f?.surveysPerHour ?? 0)} />
      </FigureRow>
    </Box>
  );
  const max = Number(d?.chartData.max ?? 1000);
  const rows = d?.callStatsData ?? [];
  return (
    <Panel title="Calls" link={role === Role.Admin ? undefined : { to: '../surveyor-call-stats', label: 'Surveyor Call Stats' }}>
      {isError ? failed('call figures') : !d ? loading : (
        <>
          {figures('Today', day)}
          {figures('This week', d.totals)}
          {d.totals.attempts === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>No calls this week yet: the chart of surveys per day starts with the first.</Typography>
          ) : (
            <Box sx={{ mt: 2 }} role="figure" aria-label="Surveys per day this week">
              <BarChart height={260} title="Surveys per day this week" colors={CHART_COLORS} yMax={max} lineMax={100} wholeNumbers
                categories={rows.map((r) => dayjs(r.weekOf).format('ddd MM/DD'))}
                bars={[{ name: 'Surveys', data: visibleBars(rows.map((r) => r.surveys), max) },
                  { name: 'Attempts', data: visibleBars(rows.map((r) => r.attempts), max) }]}
                // a day without attempts has no completion rate: a gap, not 0 %
                line={{ name: 'Completion Rate (%)', data: rows.map((r) => (r.attempts ? Math.round(r.completionRate * 10000) / 100 : null)) }} />
            </Box>
          )}
        </>
      )}
    </Panel>
  );
}

/** The projects with the most surveys this week, each against its goal (as My Projects' Current Week). */
function ProjectsPanel() {
  const { data, isError } = useProjectsListProjectsQuery({ isWeekly: true, orderBy: 'surveysRP', orderDir: 'DESC', limit: PANEL_ROWS });
  return (
    <Panel title="Projects this week" link={{ to: '../my-projects', label: 'My Projects' }}>
      {isError ? failed('projects') : !data ? loading : data.rows.length === 0 ? <Typography>No projects.</Typography> : (
        <>
          {data.rows.map((p) => (
            <ProgressLine key={p.id} value={p.surveysRP ?? 0} goal={p.reqGoals}
              label={<Link component={RouterLink} to={`../detail/${p.id}`}>{p.name}</Link>} />
          ))}
          <Typography variant="caption" color="text.secondary">
            Week-to-date surveys completed / weekly goal; {data.rows.length} of {data.count} projects, most surveys first.
          </Typography>
        </>
      )}
    </Panel>
  );
}

/** Unresolved escalations: how many, and the latest few (no notes: they may name the patient). */
function EscalationsPanel({ managerId }: { managerId?: number }) {
  const { data, isError } = useCallingListEscalationsQuery(
    { status: false, managerId, orderBy: 'surveyedOn', orderDir: 'DESC', limit: PANEL_ROWS },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <Panel title="Open escalations" link={{ to: '../escalations', label: 'Escalations' }}>
      {isError ? failed('escalations') : !data ? loading : (
        <>
          <FigureRow><FigureTile label="Unresolved escalations" value={data.count} /></FigureRow>
          {data.rows.length > 0 && (
            <Box sx={{ mt: 1.5 }}>
              <SimpleTable caption="Latest unresolved escalations" rowKey={(e) => e.id} rows={data.rows} columns={[
                { key: 'surveyedOn', label: 'Date', render: (e) => shortDay(businessDayOf(e.surveyedOn)) },
                { key: 'project', label: 'Project', render: (e) => e.project.name },
                { key: 'surveyor', label: 'Surveyor', render: (e) => [e.surveyor.firstName, e.surveyor.lastName].filter(Boolean).join(' ') },
                { key: 'view', label: '', render: (e) => <Link component={RouterLink} to={`../escalation-detail/${e.id}`} aria-label={`View escalation ${e.id}`}>View</Link> },
              ]} />
            </Box>
          )}
        </>
      )}
    </Panel>
  );
}

/** Comments waiting to be cleaned, the projects holding most of them and the oldest uncleaned survey day. */
function CommentsPanel({ managerId }: { managerId?: number }) {
  const { data, isError } = useSurveysCommentProjectsQuery({ managerId, limit: 5000 });
  const rows = (data?.rows ?? []).map((p) => ({ ...p, waiting: p.total - p.cleaned })).filter((p) => p.waiting > 0);
  const waiting = rows.reduce((n, p) => n + p.waiting, 0);
  const oldest = rows.map((p) => p.oldestUncleanedSurveyedOn).filter((v): v is string => Boolean(v)).sort()[0];
  const top = [...rows].sort((a, b) => b.waiting - a.waiting || a.name.localeCompare(b.name)).slice(0, PANEL_ROWS);
  return (
    <Panel title="Comment cleaning" link={{ to: '../comment-cleaning-selection', label: 'Comment Cleaning Selection' }}>
      {isError ? failed('comments') : !data ? loading : (
        <>
          <FigureRow>
            <FigureTile label="Comments waiting" value={waiting} />
            <FigureTile label="Projects with comments to clean" value={rows.length} />
            <FigureTile label="Oldest uncleaned" value={oldest ? shortDay(businessDayOf(oldest)) : 'N/A'} note="surveyed on" />
          </FigureRow>
          {top.length > 0 && (
            <Box sx={{ mt: 1 }}>
              {top.map((p) => (
                <ProgressLine key={p.id} value={p.cleaned} goal={p.total} label={`${p.name} (${p.waiting} waiting)`} />
              ))}
              <Typography variant="caption" color="text.secondary">Cleaned / all comments of the project.</Typography>
            </Box>
          )}
        </>
      )}
    </Panel>
  );
}

/** Today's calls, this week's QA removals, very short surveys and escalations, and the surveyors to listen to. */
function QualityPanel({ period }: { period: Period }) {
  const today = useReportingGetCallQualityQuery({ from: period.today, to: period.today, limit: 1 });
  const week = useReportingGetCallQualityQuery({ from: period.from, to: period.to, orderBy: 'shortSurveyShare', orderDir: 'DESC', limit: PANEL_ROWS });
  const w = week.data;
  const short = w?.shortSurveyMinutes;
  const review = (w?.rows ?? []).filter((r) => r.shortSurveys > 0 || r.qaRemovals > 0 || r.escalations > 0);
  return (
    <Panel title="Call quality" link={{ to: '../call-log', label: 'Call Log' }}>
      {today.isError || week.isError ? failed('call quality figures') : !today.data || !w ? loading : (
        <>
          <FigureRow>
            <FigureTile label="Calls today" value={today.data.totals.attempts} note={`${today.data.totals.surveys} surveys`} />
            <FigureTile label="QA removals today" value={today.data.totals.qaRemovals} />
            <FigureTile label="QA removals this week" value={w.totals.qaRemovals} />
            <FigureTile label="Very short surveys this week" value={w.totals.shortSurveys}
              note={`${formatPercent(w.totals.shortSurveyShare)} under ${short} min`} />
            <FigureTile label="Escalations this week" value={w.totals.escalations} />
          </FigureRow>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>Surveyors to review this week</Typography>
          <SimpleTable caption="Surveyors to review this week" rowKey={(r) => r.surveyorId} rows={review}
            emptyText="No very short surveys, QA removals or escalations this week." columns={[
              { key: 'surveyorName', label: 'Surveyor' },
              { key: 'surveys', label: 'Surveys', align: 'right' },
              { key: 'shortSurveys', label: `Under ${short} min`, align: 'right',
                render: (r) => `${r.shortSurveys} (${formatPercent(r.shortSurveyShare)})` },
              { key: 'qaRemovals', label: 'QA Removals', align: 'right' },
              { key: 'escalations', label: 'Escalations', align: 'right' },
            ]} />
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="../call-quality" size="small">Call Quality</Button>
          </Box>
        </>
      )}
    </Panel>
  );
}

/** A CIMR Manager's CIMR Surveyors with the most surveys this week, against their weekly goals. */
function SurveyorsPanel() {
  const { data, isError } = useReportingListSurveyorsQuery({ isWeekly: true, type: Role.CimrSurveyor, limit: 5000 });
  const top = [...(data?.rows ?? [])].sort((a, b) => b.surveys - a.surveys || a.firstName.localeCompare(b.firstName)).slice(0, PANEL_ROWS);
  return (
    <Panel title="My surveyors this week" link={{ to: '../all-surveyors', label: 'All Surveyors' }}>
      {isError ? failed('surveyors') : !data ? loading : top.length === 0 ? <Typography>No surveyors.</Typography> : (
        <>
          {top.map((s) => <ProgressLine key={s.id} value={s.surveys} goal={s.goals} label={`${s.firstName} ${s.lastName}`} />)}
          <Typography variant="caption" color="text.secondary">
            Surveys completed this week / weekly goal; {top.length} of {data.count} surveyors, most surveys first.
          </Typography>
        </>
      )}
    </Panel>
  );
}
