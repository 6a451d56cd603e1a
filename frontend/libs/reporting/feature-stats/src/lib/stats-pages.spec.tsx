import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { SurveyorCallStatsPage } from './surveyor-call-stats-page';
import { SurveyorEarningsPage } from './surveyor-earnings-page';

// jsdom has no SVG layout: the chart library is replaced by an empty probe that keeps what it was given
const apex = vi.hoisted(() => ({ last: undefined as undefined | { series: { name: string }[]; options: Record<string, unknown> } }));
vi.mock('react-apexcharts', () => ({
  default: (props: NonNullable<typeof apex.last>) => { apex.last = props; return <div data-testid="apex" />; },
}));

const api = vi.hoisted(() => ({
  user: { id: 11, role: 1 } as { id: number; role: number },
  stats: vi.fn(), earnings: vi.fn(), projects: vi.fn(), users: vi.fn(), payStub: vi.fn(), surveyors: vi.fn(),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...real,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
    useReportingGetCallStatsQuery: api.stats,
    useReportingGetSurveyorEarningsQuery: api.earnings,
    useReportingGetSurveyorEarningsPayStubQuery: (...args: unknown[]) => { api.payStub(...args); return { data: { data: [] }, isFetching: false }; },
    useIdentityListUsersQuery: (...args: unknown[]) => api.users(...args) ?? { data: undefined },
    useReportingGetCallDispositionsQuery: () => ({ data: undefined, isFetching: false, isError: false }),
    useReportingSurveyorsInfoQuery: (...args: unknown[]) => api.surveyors(...args)
      ?? { data: { data: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor' }] }, currentData: { data: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor' }] } },
    useProjectsListProjectsQuery: api.projects,
    useManagerOptions: (o?: { skip?: boolean }) => real.managerOptionsOf(((...args: unknown[]) => api.users(...args) ?? { data: undefined }) as never, o),
  };
});

const ok = (data: unknown) => ({ data, isFetching: false, isError: false });
const statsRow = (weekOf: string) => ({ weekOf, attempts: 4, surveys: 2, surveys_ig: 2, completionRate: 0.5, timeInSys: 1,
  agreedTimeInSys_ig: 0.5, surveysPerHour: 2, averageSurveyLength: 15, earnings: 20, hourlyEarnings: 20 });
const STATS = { message: '', data: { frequency: 1, callStatsData: [statsRow('2026-03-02'), statsRow('2026-03-03')],
  totals: statsRow('x'), chartData: { categories: ['2026-03-02', '2026-03-03'], series: [], max: 14 } } };
const EARNINGS = { message: '', data: { frequency: 7, earningAndCallData: [{ weekOf: '2026-03-02', surveys: 2, earnings: 40 }],
  totals: { surveys: 2, earnings: 40 }, chartData: { categories: ['2026-03-02'], series: [], max: 50 } } };

beforeEach(() => {
  api.user = { id: 11, role: Role.ProjectManager };
  api.stats.mockReset().mockReturnValue(ok(STATS));
  api.earnings.mockReset().mockReturnValue(ok(EARNINGS));
  api.projects.mockReset().mockReturnValue(ok({ rows: [{ id: 7, name: 'Riverside' }, { id: 8, name: 'Lakeside' }], count: 2 }));
  api.surveyors.mockReset();
});

const choose = async (combobox: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('Surveyor Call Stats', () => {
  it('shows the Date column as MM/DD/YYYY, as Surveyor Earnings does (spec §9)', () => {
    render(<SurveyorCallStatsPage />);
    const table = screen.getByRole('table', { name: 'Call stats' });
    expect(within(table).getByRole('cell', { name: '03/02/2026' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '03/03/2026' })).toBeTruthy();
    expect(within(table).queryByText('2026-03-02')).toBeNull();
    expect(within(table).getByRole('cell', { name: 'Total' })).toBeTruthy();
  });

  it('shows the completion rate with 2 decimals and the average survey length with 1 (spec §9)', () => {
    // the server sends the rate as a ratio with 4 decimals and the average with 1
    const row = { ...statsRow('2026-03-02'), attempts: 3, surveys: 1, completionRate: 0.3333, averageSurveyLength: 12.3 };
    api.stats.mockReturnValue(ok({ ...STATS, data: { ...STATS.data, callStatsData: [row],
      totals: { ...row, weekOf: 'x', averageSurveyLength: 12 } } }));
    render(<SurveyorCallStatsPage />);
    const table = screen.getByRole('table', { name: 'Call stats' });
    expect(within(table).getAllByRole('cell', { name: '33.33%' })).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: '12.3' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '12.0' })).toBeTruthy();
  });

  it('shows hours and rates with 2 decimals in every row, zero too, and hourly earnings in US dollars', () => {
    const row = { ...statsRow('2026-03-02'), timeInSys: 0.02, surveysPerHour: 279.92, agreedTimeInSys_ig: 0.5, earnings: 22.39, hourlyEarnings: 1119.66 };
    const zero = { ...statsRow('2026-03-03'), timeInSys: 0, surveysPerHour: 0, agreedTimeInSys_ig: 0, earnings: 0, hourlyEarnings: 0 };
    api.stats.mockReturnValue(ok({ ...STATS, data: { ...STATS.data, callStatsData: [row, zero], totals: { ...row, weekOf: 'x' } } }));
    render(<SurveyorCallStatsPage />);
    const [, first, second] = within(screen.getByRole('table', { name: 'Call stats' })).getAllByRole('row');
    const cells = (r: HTMLElement) => within(r).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(first).slice(4)).toEqual(['0.02', '279.92', '0.50', '15.0', '$22.39', '$1,119.66']);
    expect(cells(second).slice(4)).toEqual(['0.00', '0.00', '0.00', '15.0', '$0.00', '$0.00']);
  });

  it('shows the earnings and hourly earnings columns with their totals, but not to the CIMR roles (spec §6)', () => {
    const headers = () => within(screen.getByRole('table', { name: 'Call stats' })).getAllByRole('columnheader').map((c) => c.textContent);
    const { unmount } = render(<SurveyorCallStatsPage />);
    expect(headers().slice(-2)).toEqual(['Earnings', 'Hourly Earnings']);
    const total = within(screen.getByRole('table', { name: 'Call stats' })).getAllByRole('row').at(-1) as HTMLElement;
    expect(within(total).getAllByRole('cell').map((c) => c.textContent).slice(-2)).toEqual(['$20.00', '$20.00']);
    unmount();
    for (const role of [Role.CimrSurveyor, Role.CimrManager]) {
      api.user = { id: 21, role };
      const view = render(<SurveyorCallStatsPage />);
      expect(headers().some((h) => h?.includes('Earnings'))).toBe(false);
      view.unmount();
    }
  });

  it('filters by project: the caller-scoped project list, and projectId sent with the call', async () => {
    render(<SurveyorCallStatsPage />);
    expect(api.projects).toHaveBeenCalledWith({ onlyNames: true, limit: 5000, orderBy: 'name' });
    expect(api.stats.mock.lastCall?.[0].projectId).toBeUndefined();
    await choose('Project', 'Riverside');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.stats).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 7, managerId: 11 })));
    await choose('Project', 'All projects');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.stats.mock.lastCall?.[0].projectId).toBeUndefined());
  }, 60_000);

  it('gives a surveyor the project filter (own projects, scoped by the server) but no surveyor filter', () => {
    api.user = { id: 21, role: Role.Surveyor };
    render(<SurveyorCallStatsPage />);
    expect(screen.getByRole('combobox', { name: 'Project' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Surveyor' })).toBeNull();
  });
});

describe('Project Manager filter (spec §1: Operations can filter by project manager; §7 managerId)', () => {
  beforeEach(() => {
    api.users.mockReset().mockImplementation((args: { role?: number }) => ({ data: { rows: args.role === Role.ProjectManager
      ? [{ id: 31, firstName: 'Paul', lastName: 'Manager' }] : [{ id: 32, firstName: 'Olivia', lastName: 'Operations' }], count: 1 } }));
    api.payStub.mockReset();
  });

  it('Surveyor Call Stats: Operations picks a manager and managerId is sent', async () => {
    api.user = { id: 2, role: Role.Operations };
    render(<SurveyorCallStatsPage />);
    expect(api.stats.mock.lastCall?.[0].managerId).toBeUndefined();
    await choose('Project Manager', 'Paul Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.stats).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 31 })));
    await choose('Project Manager', 'All project managers');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.stats.mock.lastCall?.[0].managerId).toBeUndefined());
  }, 60_000);

  it('Surveyor Earnings: the manager an Operations user picked goes with the earnings and the pay stub', async () => {
    api.user = { id: 2, role: Role.Operations };
    render(<SurveyorEarningsPage />);
    await choose('Project Manager', 'Olivia Operations');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.earnings).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 32 })));
    fireEvent.click(screen.getByRole('button', { name: 'Details 2026-03-02' }));
    await waitFor(() => expect(api.payStub).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 32 })));
  }, 60_000);

  // users/surveyors-info with managerId: the surveyors of that manager's projects (the Project Manager's own list)
  const sam = { id: 21, firstName: 'Sam', lastName: 'Surveyor' };
  const aisha = { id: 23, firstName: 'Aisha', lastName: 'Khan' };
  const surveyorsOf = (args: { managerId?: number }) => {
    const data = { data: args.managerId === 31 ? [sam] : args.managerId === 32 ? [] : [aisha, sam] };
    return { data, currentData: data };
  };

  for (const [screenName, Page] of [['Surveyor Call Stats', SurveyorCallStatsPage], ['Surveyor Earnings', SurveyorEarningsPage]] as const) {
    it(`${screenName}: the surveyor filter holds the chosen manager's surveyors; one chosen before who is not theirs is cleared`, async () => {
      api.user = { id: 2, role: Role.Operations };
      api.surveyors.mockReset().mockImplementation(surveyorsOf);
      render(<Page />);
      await choose('Surveyor', 'Aisha Khan');
      await choose('Project Manager', 'Paul Manager');
      await waitFor(() => expect(api.surveyors).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 31 }), expect.anything()));
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).not.toContain('Aisha'));
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Surveyor' }));
      expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All surveyors', 'Sam Surveyor']);
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sam Surveyor' }));
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
      const query = Page === SurveyorCallStatsPage ? api.stats : api.earnings;
      await waitFor(() => expect(query).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 31, surveyorId: 21 })));
      // a surveyor who is one of the new manager's stays chosen; back to all managers: all surveyors again
      await choose('Project Manager', 'All project managers');
      await waitFor(() => expect(api.surveyors.mock.lastCall?.[0].managerId).toBeUndefined());
      expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).toContain('Sam Surveyor');
      await choose('Project Manager', 'Olivia Operations'); // manages no project: no surveyor of hers, Sam is cleared
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).not.toContain('Sam'));
      fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
      await waitFor(() => expect(query).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 32, surveyorId: undefined })));
    }, 60_000);
  }

  it('a Project Manager\'s surveyor filter stays their own surveyors (their id as managerId)', () => {
    api.user = { id: 11, role: Role.ProjectManager };
    api.surveyors.mockReset();
    render(<SurveyorCallStatsPage />);
    expect(api.surveyors).toHaveBeenLastCalledWith({ managerId: 11 }, { skip: false });
  });

  it('is offered to Operations only: a Project Manager is scoped to their own id, a surveyor gets none', () => {
    api.user = { id: 11, role: Role.ProjectManager };
    const { unmount } = render(<SurveyorCallStatsPage />);
    expect(screen.queryByRole('combobox', { name: 'Project Manager' })).toBeNull();
    unmount();
    api.user = { id: 21, role: Role.Surveyor };
    render(<SurveyorEarningsPage />);
    expect(screen.queryByRole('combobox', { name: 'Project Manager' })).toBeNull();
  });
});

describe('Surveyor Earnings', () => {
  it('formats Week Of as MM/DD/YYYY and sends the chosen projectId', async () => {
    api.user = { id: 2, role: Role.Operations };
    render(<SurveyorEarningsPage />);
    expect(within(screen.getByRole('table', { name: 'Earnings' })).getByRole('cell', { name: '03/02/2026' })).toBeTruthy();
    await choose('Project', 'Lakeside');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.earnings).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 8, type: 7 })));
    expect(api.earnings.mock.lastCall?.[0].managerId).toBeUndefined();
  }, 60_000);

  it('prints the pay stub alone: the page behind, the backdrop and the buttons stay off paper', async () => {
    api.user = { id: 21, role: Role.Surveyor };
    render(<SurveyorEarningsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Details 2026-03-02' }));
    const root = (await screen.findByRole('dialog', { name: 'Earnings detail' })).closest('.MuiDialog-root') as HTMLElement;
    expect(root.parentElement).toBe(document.body);
    const own = [...root.classList].filter((c) => c.startsWith('css-')).map((c) => c.replace(/[-]/g, '\\-'));
    const css = [...document.querySelectorAll('style')].map((st) => st.textContent).join('\n');
    // on paper, the body holding this dialog shows the dialog alone
    expect(own.some((c) => new RegExp(`@media print\\s*\\{(?:[^{}]*\\{[^{}]*\\})*?[^{}]*body:has\\(\\.${c}\\)\\s*>\\s*\\*:not\\(\\.pay-stub-dialog\\)\\s*\\{\\s*display:\\s*none\\s*!important`).test(css))).toBe(true);
    expect(css).toMatch(/\.MuiBackdrop-root,\s*\.css-[\w-]+ \.MuiDialogActions-root\s*\{\s*display:\s*none\s*!important/);
    expect(css).toMatch(/\.MuiDialog-paper[^{]*\{[^}]*max-height:\s*none\s*!important/);
  }, 60_000);
});

describe('the charts give counts an axis of their own', () => {
  const yaxes = async () => {
    await screen.findByTestId('apex');
    return apex.last?.options.yaxis as { seriesName: string; show?: boolean; opposite?: boolean; max?: number; title?: { text: string } }[];
  };
  it('Surveyor Earnings: dollars on the left up to the spec max, the Surveys line on a count axis at the right', async () => {
    api.earnings.mockReturnValue(ok({ ...EARNINGS, data: { ...EARNINGS.data, chartData: { categories: ['2026-03-02', '2026-03-09'],
      series: [{ name: 'Earnings', data: [990, 0] }, { name: 'Surveys', data: [5, 0] }], max: 1000 } } }));
    render(<SurveyorEarningsPage />);
    const axes = await yaxes();
    expect(apex.last?.series.map((x) => x.name)).toEqual(['Earnings ($)', 'Surveys']);
    expect(axes).toHaveLength(2);
    expect(axes[0]).toMatchObject({ seriesName: 'Earnings ($)', show: true, min: 0, max: 1000, title: { text: 'Earnings ($)' } });
    expect(axes[0].opposite).toBeUndefined();
    // 5 surveys reach half the height of their own axis instead of 0.5 % of $1,000
    expect(axes[1]).toMatchObject({ seriesName: 'Surveys', opposite: true, min: 0, max: 10, title: { text: 'Surveys' } });
  }, 60_000);
  it('Surveyor Call Stats: Surveys and Attempts share the left count axis, the completion rate has 0-100 % at the right', async () => {
    render(<SurveyorCallStatsPage />);
    const axes = await yaxes();
    expect(apex.last?.series.map((x) => x.name)).toEqual(['Surveys', 'Attempts', 'Completion Rate (%)']);
    expect(axes.map((a) => [a.seriesName, !!a.opposite, a.max])).toEqual([['Surveys', false, 14], ['Surveys', false, 14],
      ['Completion Rate (%)', true, 100]]);
    expect(axes[0].title).toEqual({ text: 'Calls' });
  }, 60_000);
});

describe('a stats page whose filter fails to load', () => {
  // as RTK Query answers a filter that failed: `data` is still the previous filter's answer, isError is set
  const failed = (data: unknown) => ({ data, currentData: undefined, isFetching: false, isError: true });

  it("Surveyor Call Stats draws no chart or table of the previous filter's figures, then the new ones", () => {
    const { rerender } = render(<SurveyorCallStatsPage />);
    expect(screen.getByTestId('apex')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '03/02/2026' })).toBeTruthy();
    api.stats.mockReturnValue(failed(STATS));
    rerender(<SurveyorCallStatsPage />);
    expect(screen.queryByTestId('apex')).toBeNull();
    expect(screen.queryByRole('cell', { name: '03/02/2026' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Total' })).toBeNull();
    expect(screen.getByText('The records could not be loaded.')).toBeTruthy();
    api.stats.mockReturnValue(ok({ ...STATS, data: { ...STATS.data, callStatsData: [statsRow('2026-03-09')] } }));
    rerender(<SurveyorCallStatsPage />);
    expect(screen.getByRole('cell', { name: '03/09/2026' })).toBeTruthy();
    expect(screen.queryByText('The records could not be loaded.')).toBeNull();
  });

  it("Surveyor Earnings draws no chart or table of the previous filter's figures", () => {
    const { rerender } = render(<SurveyorEarningsPage />);
    expect(screen.getByTestId('apex')).toBeTruthy();
    expect(screen.getAllByRole('cell', { name: '$40.00' }).length).toBeGreaterThan(0);
    api.earnings.mockReturnValue(failed(EARNINGS));
    rerender(<SurveyorEarningsPage />);
    expect(screen.queryByTestId('apex')).toBeNull();
    expect(screen.queryAllByRole('cell', { name: '$40.00' })).toHaveLength(0);
    expect(screen.getByText('The records could not be loaded.')).toBeTruthy();
  });
});
