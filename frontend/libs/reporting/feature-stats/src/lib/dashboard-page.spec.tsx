import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { DASHBOARD_PANELS, DashboardPage, type DashboardPanel } from './dashboard-page';

// jsdom has no SVG layout: the chart library is replaced by a probe that shows its series
vi.mock('react-apexcharts', () => ({
  default: (props: { series: { name: string; data: number[] }[]; options: { xaxis: { categories: string[] } } }) => (
    <div data-testid="apex">{props.options.xaxis.categories.join(',')}|{props.series.map((s) => `${s.name}:${s.data.join(' ')}`).join(';')}</div>
  ),
}));

const api = vi.hoisted(() => ({
  user: { id: 11, role: 1 } as { id: number; role: number },
  stats: vi.fn(), quality: vi.fn(), projects: vi.fn(), surveyors: vi.fn(), comments: vi.fn(), escalations: vi.fn(),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
  useReportingGetCallStatsQuery: api.stats,
  useReportingGetCallQualityQuery: api.quality,
  useProjectsListProjectsQuery: api.projects,
  useReportingListSurveyorsQuery: api.surveyors,
  useSurveysCommentProjectsQuery: api.comments,
  useCallingListEscalationsQuery: api.escalations,
}));

const ok = (data: unknown) => ({ data, isError: false, isFetching: false });
const day = (weekOf: string, attempts: number, surveys: number) => ({
  weekOf, attempts, surveys, surveys_ig: surveys, completionRate: attempts ? Math.round((10000 * surveys) / attempts) / 10000 : 0,
  timeInSys: 1, agreedTimeInSys_ig: 0.5, surveysPerHour: surveys, averageSurveyLength: 10,
});
const WEEK = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'];
const STATS = {
  message: '', data: {
    frequency: 1,
    callStatsData: WEEK.map((d, i) => (i === 0 ? day(d, 8, 3) : i === 2 ? day(d, 4, 1) : day(d, 0, 0))),
    totals: { ...day('x', 12, 4), completionRate: 0.3333, surveysPerHour: 2.5 },
    chartData: { categories: WEEK, series: [], max: 18 },
  },
};
const figures = (o: Record<string, number>) => ({
  attempts: 0, surveys: 0, completionRate: 0, averageSurveyLength: 0, shortSurveys: 0, shortSurveyShare: 0, partials: 0,
  refusals: 0, qaRemovals: 0, escalations: 0, ...o,
});
const quality = (args: { from: string; to: string }) => ok(args.from === args.to
  ? { rows: [], count: 2, totals: figures({ attempts: 7, surveys: 2, qaRemovals: 1 }), from: args.from, to: args.to, shortSurveyMinutes: 3 }
  : { rows: [{ surveyorId: 21, surveyorName: 'Sam Surveyor', ...figures({ surveys: 4, shortSurveys: 2, shortSurveyShare: 0.5, qaRemovals: 1 }) },
      { surveyorId: 22, surveyorName: 'Maria Lopez', ...figures({ surveys: 3 }) }],
    count: 2, totals: figures({ attempts: 30, surveys: 7, shortSurveys: 2, shortSurveyShare: 0.29, qaRemovals: 3, escalations: 1 }),
    from: args.from, to: args.to, shortSurveyMinutes: 3 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-04T18:00:00Z')); // Wednesday 4 March, noon in Chicago
  api.stats.mockReset().mockReturnValue(ok(STATS));
  api.quality.mockReset().mockImplementation(quality);
  api.projects.mockReset().mockImplementation((args: { onlyNames?: boolean }) => ok(args.onlyNames
    ? { rows: [{ id: 1, name: 'A', statusId: 2 }, { id: 2, name: 'B', statusId: 2 }, { id: 3, name: 'C', statusId: 6 }], count: 3 }
    : { rows: [{ id: 7, name: 'Riverside Patient Experience 2026', surveysRP: 12, reqGoals: 40 }], count: 3 }));
  api.surveyors.mockReset().mockImplementation((args: { limit: number }) => ok(args.limit === 1
    ? { rows: [], count: 14, isWeekly: true, periodStart: '', periodEnd: '' }
    : { rows: [{ id: 30, firstName: 'Chris', lastName: 'Contractor', surveys: 5, goals: 20 }, { id: 31, firstName: 'Rosa', lastName: 'Silva', surveys: 9, goals: 20 }], count: 2 }));
  api.comments.mockReset().mockReturnValue(ok({ rows: [
    { id: 7, name: 'Riverside', cleaned: 3, total: 10, isLocked: false, oldestUncleanedSurveyedOn: '2026-02-27T15:00:00' },
    { id: 8, name: 'Lakeside', cleaned: 4, total: 6, isLocked: false, oldestUncleanedSurveyedOn: '2026-03-03T04:00:00' },
    { id: 9, name: 'Done', cleaned: 5, total: 5, isLocked: false, oldestUncleanedSurveyedOn: null },
  ], count: 3 }));
  api.escalations.mockReset().mockReturnValue(ok({ rows: [
    { id: 900, callId: 2, callHisId: 2, projectId: 7, surveyorId: 21, surveyedOn: '2026-03-03T15:22:00', status: false,
      statusName: 'Unresolved', notes: 'Patient Jane Doe wants a call back', resolvedAt: null,
      project: { id: 7, name: 'Riverside Patient Experience 2026' }, surveyor: { id: 21, firstName: 'Sam', lastName: 'Surveyor' } },
  ], count: 4 }));
});
afterEach(() => vi.useRealTimers());

function show(role: Role, id = 11) {
  api.user = { id, role };
  const prefix = { [Role.Admin]: 'admin', [Role.ProjectManager]: 'project-manager', [Role.Operations]: 'ops', [Role.Quality]: 'qa',
    [Role.CommentCleaner]: 'cc', [Role.CimrManager]: 'cimr' }[role as number] ?? 'x';
  return render(
    <MemoryRouter initialEntries={[`/${prefix}/dashboard`]}>
      {/* as in the app: the shell routes the prefix to the remote, whose table has the page's path */}
      <Routes><Route path={`/${prefix}/*`} element={<Routes><Route path="dashboard" element={<DashboardPage />} /></Routes>} /></Routes>
    </MemoryRouter>,
  );
}
const tile = (label: string) => screen.getByRole('group', { name: label });
const panel = (name: string) => screen.getByRole('region', { name });
const panelNames = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));

describe('which panels a role gets', () => {
  // The roles each panel's calls allow on the server (the services' guards; tests/embedded/test_least_privilege
  // and each service's authorization matrix): a panel a role cannot read must never be given to it.
  const ALLOWED: Record<DashboardPanel, Role[]> = {
    overview: [Role.Admin], // GET projects, users/surveyors (staff) and call-stats/quality
    calls: [Role.Admin, Role.ProjectManager, Role.Operations, Role.CimrManager], // GET call-stats
    projects: [Role.Admin, Role.ProjectManager, Role.Operations, Role.Quality, Role.CommentCleaner, Role.CimrManager],
    escalations: [Role.ProjectManager, Role.Operations], // GET escalations
    comments: [Role.ProjectManager, Role.Operations, Role.CommentCleaner], // GET comments/projects
    quality: [Role.Admin, Role.ProjectManager, Role.Operations, Role.Quality, Role.CimrManager], // GET call-stats/quality
    surveyors: [Role.Admin, Role.ProjectManager, Role.Operations, Role.Quality, Role.CommentCleaner, Role.CimrManager],
  };
  it('gives each dashboard role only panels whose calls it may make', () => {
    for (const [role, panels] of Object.entries(DASHBOARD_PANELS)) {
      for (const p of panels ?? []) expect(ALLOWED[p], `${p} for role ${role}`).toContain(Number(role));
    }
    expect(Object.keys(DASHBOARD_PANELS).map(Number).sort()).toEqual(
      [Role.Admin, Role.ProjectManager, Role.Operations, Role.Quality, Role.CommentCleaner, Role.CimrManager].sort());
  });
});

describe('Dashboard', () => {
  it('a Project Manager: own call figures today and this week, the week chart, projects, escalations, comments, quality', async () => {
    show(Role.ProjectManager);
    expect(panelNames()).toEqual(['Calls', 'Projects this week', 'Open escalations', 'Comment cleaning', 'Call quality']);
    expect(api.stats).toHaveBeenCalledWith({ from: '2026-03-02', to: '2026-03-08', type: 1, surveyorId: undefined, managerId: 11 });
    expect(screen.getByText(/Today 03\/04\/26; this week 03\/02\/26 – 03\/08\/26/)).toBeTruthy();
    // today is Wednesday's row; the week is the totals
    expect(within(tile('Attempts today')).getByText('4')).toBeTruthy();
    expect(within(tile('Surveys today')).getByText('1')).toBeTruthy();
    expect(within(tile('Completion rate today')).getByText('25.00%')).toBeTruthy();
    expect(within(tile('Attempts this week')).getByText('12')).toBeTruthy();
    expect(within(tile('Completion rate this week')).getByText('33.33%')).toBeTruthy(); // spec §9: 2 decimals
    expect(within(tile('Surveys per hour this week')).getByText('2.50')).toBeTruthy();
    const chart = (await screen.findByTestId('apex', {}, { timeout: 10000 })).textContent ?? '';
    expect(chart).toContain('Mon 03/02,Tue 03/03,Wed 03/04');
    expect(chart).toContain('Surveys:3 0.18 1'); // zero bars at 1 % of the max (18)
    expect(chart).toContain('Completion Rate (%):37.5  25    '); // no attempts, no rate: a gap
    expect(within(panel('Calls')).getByRole('link', { name: 'Surveyor Call Stats' }).getAttribute('href')).toBe('/project-manager/surveyor-call-stats');
    // projects: this week's surveys against the goal, linked to the project
    expect(api.projects).toHaveBeenCalledWith({ isWeekly: true, orderBy: 'surveysRP', orderDir: 'DESC', limit: 5 });
    expect(within(panel('Projects this week')).getByText('12 / 40')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Riverside Patient Experience 2026' }).getAttribute('href')).toBe('/project-manager/detail/7');
    // escalations: the count, the latest, never the notes
    expect(api.escalations).toHaveBeenCalledWith(expect.objectContaining({ status: false, managerId: 11 }), expect.anything());
    expect(within(tile('Unresolved escalations')).getByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View escalation 900' }).getAttribute('href')).toBe('/project-manager/escalation-detail/900');
    expect(screen.queryByText(/Jane Doe/)).toBeNull();
    // comments: 7 + 2 waiting in two projects, the oldest on 27 February (Central)
    expect(api.comments).toHaveBeenCalledWith({ managerId: 11, limit: 5000 });
    expect(within(tile('Comments waiting')).getByText('9')).toBeTruthy();
    expect(within(tile('Projects with comments to clean')).getByText('2')).toBeTruthy();
    expect(within(tile('Oldest uncleaned')).getByText('02/27/26')).toBeTruthy();
    expect(within(panel('Comment cleaning')).getByRole('link', { name: 'Comment Cleaning Selection' }).getAttribute('href'))
      .toBe('/project-manager/comment-cleaning-selection');
  }, 30000);

  it('Quality: only the call quality panel, with today\'s calls and QA removals and a link to the Call Log', () => {
    show(Role.Quality, 5);
    expect(panelNames()).toEqual(['Call quality']);
    for (const hook of [api.stats, api.projects, api.escalations, api.comments, api.surveyors]) expect(hook).not.toHaveBeenCalled();
    expect(api.quality).toHaveBeenCalledWith({ from: '2026-03-04', to: '2026-03-04', limit: 1 });
    expect(api.quality).toHaveBeenCalledWith({ from: '2026-03-02', to: '2026-03-08', orderBy: 'shortSurveyShare', orderDir: 'DESC', limit: 5 });
    expect(within(tile('Calls today')).getByText('7')).toBeTruthy();
    expect(within(tile('QA removals today')).getByText('1')).toBeTruthy();
    expect(within(tile('QA removals this week')).getByText('3')).toBeTruthy();
    expect(within(tile('Very short surveys this week')).getByText('29% under 3 min')).toBeTruthy();
    const review = screen.getByRole('table', { name: 'Surveyors to review this week' });
    expect(within(review).getByText('Sam Surveyor')).toBeTruthy();
    expect(within(review).queryByText('Maria Lopez')).toBeNull(); // nothing to review
    expect(within(panel('Call quality')).getByRole('link', { name: 'Call Log' }).getAttribute('href')).toBe('/qa/call-log');
    expect(screen.getByRole('link', { name: 'Call Quality' }).getAttribute('href')).toBe('/qa/call-quality');
  }, 30000);

  it('a Comment Cleaner: only the comments waiting to be cleaned, for every project', () => {
    show(Role.CommentCleaner, 6);
    expect(panelNames()).toEqual(['Comment cleaning']);
    expect(api.comments).toHaveBeenCalledWith({ managerId: undefined, limit: 5000 });
    expect(within(tile('Comments waiting')).getByText('9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comment Cleaning Selection' }).getAttribute('href')).toBe('/cc/comment-cleaning-selection');
    expect(api.stats).not.toHaveBeenCalled();
  }, 30000);

  it('Admin: projects in progress, active surveyors, calls today across all projects, the week\'s calls without a stats link', () => {
    show(Role.Admin, 1);
    expect(panelNames()).toEqual(['Overview', 'Calls']);
    expect(within(tile('Projects in progress')).getByText('2')).toBeTruthy();
    expect(within(tile('Projects in progress')).getByText('of 3 projects')).toBeTruthy();
    expect(within(tile('Active surveyors')).getByText('14')).toBeTruthy();
    expect(within(tile('Surveyors calling today')).getByText('2')).toBeTruthy();
    expect(within(tile('Calls today')).getByText('7')).toBeTruthy();
    expect(api.stats).toHaveBeenCalledWith(expect.objectContaining({ managerId: undefined }));
    expect(within(panel('Calls')).queryByRole('link')).toBeNull();
    expect(api.escalations).not.toHaveBeenCalled();
    expect(api.comments).not.toHaveBeenCalled();
  }, 30000);

  it('a CIMR Manager: own surveyors\' calls, their weekly progress and call quality', () => {
    show(Role.CimrManager, 40);
    expect(panelNames()).toEqual(['Calls', 'My surveyors this week', 'Call quality']);
    expect(api.stats).toHaveBeenCalledWith(expect.objectContaining({ managerId: 40 }));
    const surveyors = panel('My surveyors this week');
    expect(within(surveyors).getAllByText(/Silva|Contractor/).map((e) => e.textContent)).toEqual(['Rosa Silva', 'Chris Contractor']);
    expect(within(surveyors).getByText('9 / 20')).toBeTruthy();
    expect(api.escalations).not.toHaveBeenCalled();
  }, 30000);

  it('a week without calls has no empty chart', () => {
    api.stats.mockReturnValue(ok({ ...STATS, data: { ...STATS.data, callStatsData: WEEK.map((d) => day(d, 0, 0)), totals: day('x', 0, 0) } }));
    show(Role.CimrManager, 40);
    expect(within(tile('Attempts this week')).getByText('0')).toBeTruthy();
    expect(screen.getByText(/No calls this week yet/)).toBeTruthy();
    expect(screen.queryByRole('figure', { name: 'Surveys per day this week' })).toBeNull();
  }, 30000);

  it('a panel whose call failed says so; the others still show', () => {
    api.escalations.mockReturnValue({ data: undefined, isError: true, isFetching: false });
    show(Role.Operations, 50);
    expect(within(panel('Open escalations')).getByText('The escalations could not be loaded.')).toBeTruthy();
    expect(within(tile('Comments waiting')).getByText('9')).toBeTruthy();
    expect(api.comments).toHaveBeenCalledWith({ managerId: undefined, limit: 5000 });
  }, 30000);
});

describe('Dashboard left open over Central midnight', () => {
  it('moves "today" and "this week" to the new business day, and every panel reads its figures again', async () => {
    vi.useFakeTimers(); // the page's own timers too
    vi.setSystemTime(new Date('2026-03-09T04:58:00Z')); // Sunday 8 March, 23:58 in Chicago (CDT): the week's last day
    show(Role.ProjectManager);
    expect(screen.getByText(/Today 03\/08\/26; this week 03\/02\/26 – 03\/08\/26/)).toBeTruthy();
    const projectsPanel = panel('Projects this week');
    await act(async () => { await vi.advanceTimersByTimeAsync(3 * 60_000); }); // 00:01 on Monday 9 March
    expect(screen.getByText(/Today 03\/09\/26; this week 03\/09\/26 – 03\/15\/26/)).toBeTruthy();
    expect(api.stats).toHaveBeenLastCalledWith({ from: '2026-03-09', to: '2026-03-15', type: 1, surveyorId: undefined, managerId: 11 });
    expect(api.quality).toHaveBeenCalledWith({ from: '2026-03-09', to: '2026-03-09', limit: 1 });
    // "Projects this week" has no dates of its own: the panel is set up anew (a new element), and a query set up anew
    // reads again once its cached answer is 30 s old (the api's refetchOnMountOrArgChange)
    expect(panel('Projects this week')).not.toBe(projectsPanel);
  });

  it('a computer woken on the next day shows the new day as soon as the page is looked at again', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T18:00:00Z')); // Wednesday noon in Chicago
    show(Role.ProjectManager);
    vi.setSystemTime(new Date('2026-03-05T15:00:00Z')); // asleep overnight: no timer ran
    await act(async () => { document.dispatchEvent(new Event('visibilitychange')); });
    expect(screen.getByText(/Today 03\/05\/26; this week 03\/02\/26 – 03\/08\/26/)).toBeTruthy();
  });
});

