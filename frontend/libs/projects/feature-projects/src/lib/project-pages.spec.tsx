import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '@frontend/shared-api';
import { vi } from 'vitest';
import { Role, businessToday, businessWeek, usDay } from '@frontend/shared-util';
import { currentWeekGoal } from '@frontend/shared-util';
import { ProjectDetailPage, addMonths } from './project-detail';
import { MyProjectsPage, SurveyorMyProjectsPage } from './my-projects';
import { ProjectListPage } from './admin-project-pages';
import { ProjectInfoPage } from './visit-info';

const api = vi.hoisted(() => ({
  user: { id: 11, role: 3 } as { id: number; role: number },
  progress: vi.fn(), questionnaires: vi.fn(), project: vi.fn(), projects: vi.fn(), surveyorProjects: vi.fn(), chart: vi.fn(),
  users: vi.fn(), setStatus: vi.fn(), saveDates: vi.fn(), table: vi.fn(), client: vi.fn(),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...real,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
    useCallingCallsProgressQuery: api.progress,
    useSurveysGetQuestionnaireQuery: api.questionnaires,
    useIdentityListUsersQuery: api.users,
    useManagerOptions: (o?: { skip?: boolean }) => real.managerOptionsOf((api.users) as never, o),
  };
});

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetProjectQuery: api.project,
  useGetClientQuery: api.client,
  useListProjectsQuery: api.projects,
  useListSurveyorProjectsQuery: api.surveyorProjects,
  useLockProjectMutation: () => [vi.fn(), { isLoading: false }],
  useUpdateProjectDatesMutation: () => [api.saveDates, { isLoading: false }],
  useUpdateProjectStatusMutation: () => [api.setStatus, { isLoading: false }],
  useDeleteProjectMutation: () => [vi.fn(), { isLoading: false }],
}));

vi.mock('@frontend/shared-ui', async (importOriginal) => {
  const ui = await importOriginal<typeof import('@frontend/shared-ui')>();
  return {
    ...ui,
    DataTable: (props: Parameters<typeof ui.DataTable>[0]) => {
      api.table(props);
      return <ui.DataTable {...props} />;
    },
    BarChart: (props: { categories: string[]; bars: { name: string; data: number[] }[]; yMax?: number }) => {
      api.chart(props);
      return <div data-testid="chart">{props.bars.map((b) => `${b.name}:${b.data.join(' ')}`).join(';')}</div>;
    },
    // a plain ISO-day field: the real picker loads MUI X lazily
    IsoDatePicker: ({ label, value, onChange }: { label: string; value: string | null; onChange: (v: string | null) => void }) => (
      <input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />
    ),
  };
});

const today = businessToday();
const history = [
  { id: 1, assignmentId: 5, projectId: 7, surveyorId: 21, weekDate: '2020-01-06', weekGoals: 5, weekCompGoals: 20 },
  { id: 2, assignmentId: 5, projectId: 7, surveyorId: 21, weekDate: '2020-02-03', weekGoals: 8, weekCompGoals: 30 },
  { id: 3, assignmentId: 5, projectId: 7, surveyorId: 21, weekDate: '2999-01-04', weekGoals: 99, weekCompGoals: 99 },
];
const project = {
  id: 7, name: 'Clinic Survey', statusId: 2, isLocked: false, startDate: '2026-01-01', deadline: '2026-12-31', reportWeeks: 4,
  reportFreqId: 3, contacts: [], timezone: 'America/Chicago',
  surveyDay: { date: '2026-03-04', complete: 6, incomplete: 2, refused: 1, wrongInfo: 3 },
  goals: [{ assignmentId: 5, surveyorId: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', typeId: 0, priority: 1,
    surveyorGoals: 15, surveyorCompGoals: 40, surveys: 3, assignmentHistory: history }],
};
const progress = (isWeekly: boolean) => ({
  data: { isWeekly, from: '2026-03-02', to: '2026-03-04', timezone: 'America/Chicago', totalCalls: 9, totalSurveys: 12, max: 14,
    days: [{ date: '2026-03-02', calls: 4, surveys: 12 }, { date: '2026-03-03', calls: 5, surveys: 0 }, { date: '2026-03-04', calls: 0, surveys: 0 }] },
  message: '',
});

beforeEach(() => {
  api.user = { id: 11, role: Role.ProjectManager };
  api.chart.mockReset();
  api.project.mockReset().mockReturnValue({ data: project, isError: false });
  api.progress.mockReset().mockImplementation((arg: { isWeekly: boolean }) => ({ data: progress(arg.isWeekly) }));
  api.setStatus.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: { id: 7, statusId: 5 } }) });
  api.saveDates.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
  api.client.mockReset().mockReturnValue({ data: undefined });
});

describe('Project Details contacts', () => {
  const dana = { typeId: 0, firstName: 'Dana', lastName: 'Whitfield', email: 'dana@client.test', phoneNumber: '3125550100' };

  it("shows the client's contacts when the project has none of its own, as the escalation detail does", () => {
    api.project.mockReturnValue({ data: { ...project, clientId: 3 }, isError: false });
    api.client.mockReturnValue({ data: { id: 3, contacts: [dana] } });
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(api.client).toHaveBeenLastCalledWith({ clientId: 3 }, { skip: false });
    const box = screen.getByLabelText('Contacts');
    expect(box.textContent).toContain('Contact Details (the client’s)');
    expect(box.textContent).toContain('Dana Whitfield');
  });

  it('does not ask for the client as a surveyor (who may not read clients)', () => {
    api.user = { id: 21, role: Role.Surveyor };
    api.project.mockReturnValue({ data: { ...project, clientId: 3 }, isError: false });
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(api.client).toHaveBeenLastCalledWith({ clientId: 3 }, { skip: true });
  });

  it("shows a surveyor the settings read-only: start, deadline and sampling weeks (survey-work §2)", () => {
    api.user = { id: 21, role: Role.Surveyor };
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    const box = screen.getByLabelText('Settings');
    expect(box.textContent).toContain('Start 01/01/2026 · Deadline 12/31/2026 · Sampling Weeks 4');
    expect(screen.queryByLabelText('Sampling Weeks')).toBeNull(); // nothing to edit
  });
});

const at = (path: string, pattern: string, el: React.ReactNode) => render(
  <MemoryRouter initialEntries={[path]}><Routes><Route path={pattern} element={el} /></Routes></MemoryRouter>,
);

describe('Project Details', () => {
  it('says there is no such project for an unknown id (a 404), not an empty page', () => {
    api.project.mockReturnValue({ data: undefined, isError: true, error: { status: 404, data: { message: 'Project not found' } } });
    at('/detail/999999', '/detail/:id', <ProjectDetailPage />);
    expect(screen.getByText('No record found.')).toBeTruthy();
  });

  it('shows an empty page for a project the user may not see (spec: an Unauthorized response)', () => {
    api.project.mockReturnValue({ data: undefined, isError: true, error: { status: 403, data: { message: 'Forbidden' } } });
    const { container } = at('/detail/8', '/detail/:id', <ProjectDetailPage />);
    expect(container.textContent).toBe('');
  });

  it('charts calls-progress per day for the chosen period, up to the server’s maximum', () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(api.progress).toHaveBeenLastCalledWith({ isWeekly: true, projectId: 7 }, { skip: false });
    expect(screen.getByTestId('chart').textContent).toBe('Surveys Completed:12 0 0');
    expect(api.chart).toHaveBeenLastCalledWith(expect.objectContaining({ categories: ['03/02/26', '03/03/26', '03/04/26'], yMax: 14 }));
    // the spec's chart colours: surveys in orange, as on Surveyor Call Stats (not the chart library's own blue)
    expect(api.chart).toHaveBeenLastCalledWith(expect.objectContaining({ colors: ['#f57c00'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Reporting Period' }));
    expect(api.progress).toHaveBeenLastCalledWith({ isWeekly: false, projectId: 7 }, { skip: false });
    expect(screen.getByText('Reporting Period Progress')).toBeTruthy();
  }, 30000);

  it('wraps its title row on a 390 px phone (Sampling Parameters was past the right edge)', () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    const row = screen.getByRole('button', { name: 'Sampling Parameters' }).parentElement as HTMLElement;
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(getComputedStyle(row).gap).toBe('16px');
  }, 30000);

  it('says so when no survey was done in the period', () => {
    api.progress.mockReturnValue({ data: { ...progress(true), data: { ...progress(true).data, totalSurveys: 0, max: 10 } } });
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(screen.getByText('No Surveys Done This Week or Reporting Period')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('shows today’s survey-day counts by outcome', () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    const day = screen.getByRole('region', { name: 'Survey day' });
    expect(within(day).getByText("Today's Survey Day (03/04/2026)")).toBeTruthy();
    for (const [label, n] of [['Complete', '6'], ['Incomplete', '2'], ['Refused', '1'], ['Wrong Info', '3']]) {
      expect(within(within(day).getByRole('group', { name: label })).getByText(n)).toBeTruthy();
    }
  });

  it('shows the current week’s goal (latest started week) and, for the reporting period, the completion goal', () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    const table = () => screen.getByRole('table', { name: 'Project goals' });
    expect(within(table()).getByText('Current Week Minimum Surveys')).toBeTruthy();
    // the goal column of Sam's row (the history table in the row has its own cells)
    const goal = () => within(table()).getByRole('cell', { name: 'Sam Surveyor' }).parentElement?.children[3]?.textContent;
    expect(goal()).toBe('8');
    // the weekly goal history: a table of its own in the surveyor's row (Week, Weekly Goal, Report-Period Goal), as on Assignments
    const weeks = within(table()).getByRole('table', { name: 'Weekly goal history of sam@demo.test' });
    expect(within(weeks).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Week', 'Weekly Goal', 'Report-Period Goal']);
    expect(within(weeks).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent)))
      .toEqual([['01/06/2020', '5', '20'], ['02/03/2020', '8', '30'], ['01/04/2999', '99', '99']]);
    fireEvent.click(screen.getByRole('button', { name: 'Reporting Period' }));
    expect(within(table()).getByText('Current Report-Period Minimum Surveys')).toBeTruthy();
    expect(goal()).toBe('40');
  }, 30000);

  it("lists this week with the assignment's goals in a new surveyor's weekly goal history (nothing saved yet)", () => {
    const { goals } = project;
    project.goals = [{ ...goals[0], assignmentHistory: [] }];
    try {
      at('/detail/7', '/detail/:id', <ProjectDetailPage />);
      const weeks = screen.getByRole('table', { name: 'Weekly goal history of sam@demo.test' });
      expect(within(weeks).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent)))
        .toEqual([[`${usDay(businessWeek(today).from)}This week: the assignment's goals apply`, '15', '40']]);
    } finally {
      project.goals = goals;
    }
  }, 30000);
});

describe('Project Details: status (spec §4 "status and dates are changed by separate update calls")', () => {
  const settings = () => screen.getByLabelText('Settings');
  const statusSelect = () => within(settings()).getByRole('combobox', { name: 'Status' });
  const choose = (name: string) => {
    fireEvent.mouseDown(statusSelect());
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };

  it.each([['A Project Manager', Role.ProjectManager], ['Operations', Role.Operations]])('%s changes it in Settings through PUT projects/status, shown at once', (_who, role) => {
    api.user = { id: 11, role };
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(statusSelect().textContent).toBe('In Progress');
    fireEvent.mouseDown(statusSelect());
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Not Started', 'In Progress', 'Final Counts', 'Send To Client', 'Paused', 'Completed']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Paused' }));
    expect(api.setStatus).toHaveBeenCalledWith({ projectStatus: { id: 7, statusId: 5 } });
    expect(statusSelect().textContent).toBe('Paused');
  }, 30000);

  it('goes back to the project’s status when the save is refused', async () => {
    api.setStatus.mockReturnValue({ unwrap: () => Promise.reject({ status: 403, message: 'Not your project' }) });
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    choose('Completed');
    expect(api.setStatus).toHaveBeenCalledWith({ projectStatus: { id: 7, statusId: 6 } });
    await waitFor(() => expect(statusSelect().textContent).toBe('In Progress'));
  }, 30000);

  it.each([['A Surveyor', Role.Surveyor], ['A Keller Surveyor', Role.KellerSurveyor], ['Quality', Role.Quality]])('%s, whom the server does not let change it, sees it as text', (_who, role) => {
    api.user = { id: 21, role };
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.getByText(/Status: In Progress/)).toBeTruthy();
  }, 30000);
});

describe('Project Details: settings (spec "changing project start sets the deadline to start plus the reporting frequency in months")', () => {
  const field = (name: string) => within(screen.getByLabelText('Settings')).getByRole('textbox', { name }) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  it('shows the new deadline as soon as the start changes, and the saved one again back at the saved start', () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    type('Project Start', '2026-11-30');
    expect(field('Deadline').value).toBe('2027-02-28'); // quarterly, from the 30th to a 28-day February
    type('Project Start', '2026-01-01');
    expect(field('Deadline').value).toBe('2026-12-31');
  });

  it('sends a changed start with the computed deadline shown', async () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    type('Project Start', '2026-02-10');
    save();
    await waitFor(() => expect(api.saveDates).toHaveBeenCalledTimes(1));
    expect(api.saveDates).toHaveBeenCalledWith({ projectDates: { id: 7, startDate: '2026-02-10', deadline: '2026-05-10', reportWeeks: 4 } });
  });

  it('sends a deadline edited after the start change with the start, in one call (the server keeps it)', async () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    type('Project Start', '2026-02-10');
    type('Deadline', '2026-06-30');
    save();
    await waitFor(() => expect(api.saveDates).toHaveBeenCalledTimes(1));
    expect(api.saveDates).toHaveBeenCalledWith({ projectDates: { id: 7, startDate: '2026-02-10', deadline: '2026-06-30', reportWeeks: 4 } });
  });

  it('sends only the deadline when the start is unchanged', async () => {
    at('/detail/7', '/detail/:id', <ProjectDetailPage />);
    type('Deadline', '2026-10-31');
    save();
    await waitFor(() => expect(api.saveDates).toHaveBeenCalledWith({ projectDates: { id: 7, deadline: '2026-10-31', reportWeeks: 4 } }));
    expect(api.saveDates).toHaveBeenCalledTimes(1);
  });
});

describe('addMonths (as the projects service’s add_months)', () => {
  it('keeps the day of the month, or takes the last day of a shorter month', () => {
    expect(addMonths('2026-05-15', 12)).toBe('2027-05-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('My Projects (managers)', () => {
  const row = { id: 7, name: 'Clinic Survey', statusId: 2, deadline: '2026-12-31', user: null, surveysRP: 3, reqGoals: 10,
    lastRosterUpload: '2026-11-26T01:08:27Z', oldestUncleanedSurveyedOn: '2026-11-26T03:15:00', undefinedProviders: 0, uncleanedEscalation: 0 };
  beforeEach(() => {
    api.projects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [row] } });
    api.users.mockReturnValue({ data: undefined });
  });

  it('dates the last roster upload and the oldest uncleaned survey by their Chicago day, the deadline as its day', () => {
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    const cells = within(screen.getByRole('cell', { name: /^Clinic Survey/ }).closest('tr') as HTMLElement).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 6)).toEqual(['12/31/2026', '3 / 10', 'In Progress', '11/25/2026', '11/25/2026']);
  });

  it('fits the seven action icons in two rows of small buttons, in a dense table (1440 px window)', () => {
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    const actions = ['Project Detail', 'Project Sampling', 'Roster Upload', 'Surveyor Guidelines', 'Call Log Export', 'Survey Data Export', 'Additional Info']
      .map((a) => screen.getByRole('button', { name: `${a} Clinic Survey` }));
    for (const b of actions) {
      expect(b.querySelector('svg')?.getAttribute('class')).toContain('MuiSvgIcon-fontSizeSmall');
      expect(getComputedStyle(b).padding).toBe('4px');
    }
    expect(getComputedStyle(actions[0].parentElement as HTMLElement).width).toBe('112px');
    expect(api.table).toHaveBeenLastCalledWith(expect.objectContaining({ caption: 'My Projects', dense: true }));
  });

  it('keeps the Action icons in view when its ten columns do not fit (1366x768 laptop: about 1020 px beside the navigation)', () => {
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    expect(api.table).toHaveBeenLastCalledWith(expect.objectContaining({ caption: 'My Projects', pinLastColumn: true }));
  });

  it('wraps its filters on a narrow window without overlapping them: a row gap, no side margins (1024 px audit)', () => {
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    const filters = screen.getByLabelText('Project filters');
    expect(getComputedStyle(filters).gap).toBe('16px');
    for (const child of Array.from(filters.children)) expect(getComputedStyle(child).marginLeft).not.toBe('16px');
  });
});

describe('My Projects: fresh figures', () => {
  it('asks for the list again on every visit (an escalation resolved elsewhere must not stay counted)', () => {
    api.user = { id: 2, role: Role.ProjectManager };
    api.projects.mockReturnValue({ isFetching: false, data: { count: 0, rows: [] } });
    api.users.mockReturnValue({ data: undefined });
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    expect(api.projects).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ refetchOnMountOrArgChange: true }));
  });
});

describe('My Projects and Project List keep their state in the address (reload, Back from a project)', () => {
  const Where = () => <output data-testid="where">{useLocation().search}</output>;
  const with_ = (path: string, el: React.ReactNode) => render(
    <MemoryRouter initialEntries={[path]}><Routes><Route path="/list" element={<>{el}<Where /></>} /></Routes></MemoryRouter>);

  it('My Projects: reads search, manager, period, sort and page from the address and writes the changes back', () => {
    api.user = { id: 2, role: Role.Operations };
    api.projects.mockReturnValue({ isFetching: false, data: { count: 40, rows: [] } });
    api.users.mockReturnValue({ data: undefined });
    with_('/list?search=river&managerId=3&period=reporting&orderBy=deadline&orderDir=DESC&page=2', <MyProjectsPage />);
    expect(api.projects).toHaveBeenLastCalledWith(
      { search: 'river', userId: 3, isWeekly: false, skip: 10, limit: 10, orderBy: 'deadline', orderDir: 'DESC' }, expect.anything());
    expect((screen.getByRole('textbox', { name: 'Search Client / Projects' }) as HTMLInputElement).value).toBe('river');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Client / Projects' }), { target: { value: 'rivers' } });
    expect(screen.getByTestId('where').textContent).toBe('?search=rivers&managerId=3&period=reporting&orderBy=deadline&orderDir=DESC');
    fireEvent.click(screen.getByRole('button', { name: 'Current Week' }));
    expect(screen.getByTestId('where').textContent).toBe('?search=rivers&managerId=3&orderBy=deadline&orderDir=DESC');
  });

  it('Project List: reads search, type, sort and page from the address', () => {
    api.projects.mockReturnValue({ isFetching: false, data: { count: 40, rows: [] } });
    api.questionnaires.mockReturnValue({ data: undefined });
    with_('/list?search=clinic&typeId=2&page=3&pageSize=5', <ProjectListPage />);
    expect(api.projects).toHaveBeenLastCalledWith({ isAdmin: true, search: 'clinic', typeId: 2, skip: 10, limit: 5, orderBy: 'name', orderDir: 'ASC' });
    expect((screen.getByRole('textbox', { name: 'Search Client / Projects' }) as HTMLInputElement).value).toBe('clinic');
  });
});

describe('Project Roster Additional Info: Back to Projects', () => {
  it('returns to My Projects as it was left (the list passes its address along)', () => {
    api.user = { id: 2, role: Role.ProjectManager };
    api.projects.mockReturnValue({ isFetching: false, data: { count: 40, rows: [{ id: 7, name: 'Clinic Survey', statusId: 2 }] } });
    api.users.mockReturnValue({ data: undefined });
    const Where = () => <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
    render(
      <Provider store={makeStore()}><MemoryRouter initialEntries={['/pm/my-projects?search=clinic&page=3']}>
        <Routes>
          <Route path="/pm">
            <Route path="my-projects" element={<MyProjectsPage />} />
            <Route path="info/:id" element={<ProjectInfoPage />} />
          </Route>
        </Routes>
        <Where />
      </MemoryRouter></Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Additional Info Clinic Survey' }));
    expect(screen.getByTestId('where').textContent).toBe('/pm/info/7');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Projects' }));
    expect(screen.getByTestId('where').textContent).toBe('/pm/my-projects?search=clinic&page=3');
  });
});

describe('My Projects: action tooltips', () => {
  it('a top-row icon’s tooltip does not hold the pointer, so the icon beneath it can be clicked', async () => {
    api.projects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [{ id: 7, name: 'Clinic Survey', statusId: 2 }] } });
    api.users.mockReturnValue({ data: undefined });
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Project Sampling Clinic Survey' }));
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Project Sampling');
    expect(tip.className).not.toContain('MuiTooltip-popperInteractive');
  });
});

describe('My Projects (Operations)', () => {
  it('filters by any user who may manage a project: Project Managers and Operations users, by first name', () => {
    api.user = { id: 2, role: Role.Operations };
    api.projects.mockReturnValue({ isFetching: false, data: { count: 0, rows: [] } });
    api.users.mockImplementation((arg: { role: number }) => ({ data: { count: 1, rows: arg.role === Role.ProjectManager
      ? [{ id: 1, firstName: 'Bob', lastName: 'Pm' }] : arg.role === Role.Operations ? [{ id: 3, firstName: 'Amy', lastName: 'Ops' }] : [] } }));
    at('/my-projects', '/my-projects', <MyProjectsPage />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project Manager' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Amy Ops', 'Bob Pm']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Amy Ops' }));
    expect(api.projects).toHaveBeenLastCalledWith(expect.objectContaining({ userId: 3 }), expect.anything());
  }, 30000);
});

describe('currentWeekGoal', () => {
  it('takes the most recent week on or before today, else the weekly goal', () => {
    expect(currentWeekGoal({ surveyorGoals: 15, assignmentHistory: history }, '2026-03-04')).toBe(8);
    expect(currentWeekGoal({ surveyorGoals: 15, assignmentHistory: history }, '2020-01-06')).toBe(5);
    expect(currentWeekGoal({ surveyorGoals: 15, assignmentHistory: history }, '2019-12-31')).toBe(15);
    expect(currentWeekGoal({ surveyorGoals: 15, assignmentHistory: [] }, today)).toBe(15);
  });
});

describe('My Projects (surveyor)', () => {
  it('shows the weekly goal for the week and the completion goal for the reporting period', () => {
    api.user = { id: 21, role: Role.Surveyor };
    api.surveyorProjects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [{ id: 7, name: 'Clinic Survey', assignmentId: 5,
      clientName: null, deadline: '2026-12-31', startDate: '2026-01-01', isLocked: false, statusId: 2, timezone: null, typeId: 0,
      surveyorGoals: 15, surveyorCompGoals: 40, weekGoals: 12, weekCompGoals: 35, surveys: 3 }] } });
    at('/my-projects', '/my-projects', <SurveyorMyProjectsPage />);
    expect(screen.getByText('3 / 12')).toBeTruthy();
    // read again whenever the page is shown (back from a call whose survey just counted), not from the cache
    expect(api.surveyorProjects).toHaveBeenLastCalledWith({ isWeekly: true }, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reporting Period' }));
    expect(screen.getByText(/Current Report-Period Minimum Surveys/)).toBeTruthy();
    expect(screen.getByText('3 / 40')).toBeTruthy();
  }, 30000);

  it('wraps Call Now, Guidelines and Details under each other when the cell is narrow (390 px phone audit)', () => {
    api.user = { id: 21, role: Role.Surveyor };
    api.surveyorProjects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [{ id: 7, name: 'Clinic Survey', assignmentId: 5,
      clientName: null, deadline: '2026-12-31', startDate: '2026-01-01', isLocked: false, statusId: 2, timezone: null, typeId: 0,
      surveyorGoals: 15, surveyorCompGoals: 40, weekGoals: 12, weekCompGoals: 35, surveys: 3 }] } });
    at('/my-projects', '/my-projects', <SurveyorMyProjectsPage />);
    const actions = screen.getByRole('button', { name: 'Call Now Clinic Survey' }).parentElement as HTMLElement;
    expect(actions.contains(screen.getByRole('button', { name: 'Details Clinic Survey' }))).toBe(true);
    expect(getComputedStyle(actions).flexWrap).toBe('wrap');
  }, 30000);
});

describe('My Projects (surveyor): a locked project', () => {
  it('names its disabled Call Now by the project; the tooltip only describes it (a span may not carry a name)', () => {
    api.user = { id: 21, role: Role.Surveyor };
    api.surveyorProjects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [{ id: 7, name: 'Clinic Survey', assignmentId: 5,
      clientName: null, deadline: '2026-12-31', startDate: '2026-01-01', isLocked: true, statusId: 2, timezone: null, typeId: 0,
      surveyorGoals: 15, surveyorCompGoals: 40, weekGoals: 12, weekCompGoals: 35, surveys: 3 }] } });
    at('/my-projects', '/my-projects', <SurveyorMyProjectsPage />);
    const callNow = screen.getByRole('button', { name: 'Call Now Clinic Survey' });
    expect((callNow.parentElement as HTMLElement).hasAttribute('aria-label')).toBe(false);
  }, 30000);
});

describe('Admin project list', () => {
  it('names each project’s questionnaire from one call for the page, None without one', () => {
    api.user = { id: 1, role: Role.Admin };
    const row = (id: number, name: string, lastQA: string | null = null, assignedSurveyors = 0, coverageSurveyors = 0) => (
      { id, name, statusId: 2, typeId: 0, deadline: '2026-12-31', timezone: null, user: null, lastQA, assignedSurveyors, coverageSurveyors });
    api.projects.mockReturnValue({ isFetching: false, data: { count: 2, rows: [row(1, 'Alpha', '2026-03-04T16:00:00Z', 2, 1), row(2, 'Beta')] } });
    api.questionnaires.mockReturnValue({ data: { count: 1, rows: [{ projectId: 1, name: 'Alpha', questionCount: 5 }] } });
    at('/project-list', '/project-list', <ProjectListPage />);
    expect(api.questionnaires).toHaveBeenLastCalledWith({ projectIds: '1,2', isPaginated: false }, { skip: false });
    const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
    expect(within(rowOf('Alpha')).getByText('Alpha (5 questions)')).toBeTruthy();
    expect(within(rowOf('Beta')).getByText('None')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    // Last QA: the day of the project's last call-log review (business time zone), N/A before any
    const lastQA = (name: string) => within(rowOf(name)).getAllByRole('cell')[4].textContent;
    expect(screen.getAllByRole('columnheader')[4].textContent).toContain('Last QA');
    expect([lastQA('Alpha'), lastQA('Beta')]).toEqual(['03/04/2026', 'N/A']);
    // Assignment Type: the project's surveyors by assignment type
    const assignment = (name: string) => within(rowOf(name)).getAllByRole('cell')[7].textContent;
    expect(screen.getAllByRole('columnheader')[7].textContent).toContain('Assignment Type');
    expect([assignment('Alpha'), assignment('Beta')]).toEqual(['2 Assigned, 1 Coverage', 'Unassigned']);
  }, 30000);

  it('keeps the Action column in view at the right edge when the table scrolls sideways (1000 px window audit)', () => {
    api.user = { id: 1, role: Role.Admin };
    api.projects.mockReturnValue({ isFetching: false, data: { count: 1, rows: [
      { id: 1, name: 'Alpha', statusId: 2, typeId: 0, deadline: '2026-12-31', timezone: null, user: null }] } });
    api.questionnaires.mockReturnValue({ data: { count: 0, rows: [] } });
    at('/project-list', '/project-list', <ProjectListPage />);
    const headers = screen.getAllByRole('columnheader');
    const action = headers[headers.length - 1];
    expect(action.textContent).toBe('Action');
    const cell = screen.getByRole('button', { name: 'Delete Alpha' }).closest('td') as HTMLElement;
    for (const c of [action, cell]) {
      expect(getComputedStyle(c).position).toBe('sticky');
      expect(getComputedStyle(c).right).toBe('0px');
    }
    // the other columns scroll beneath it
    expect(getComputedStyle(headers[0]).position).not.toBe('sticky');
  }, 30000);
});
