import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { EscalationDetailPage } from './escalation-detail-page';
import { EscalationsPage } from './escalations-page';

const api = vi.hoisted(() => ({
  surveyors: vi.fn(), fullSurveyors: vi.fn(), list: vi.fn(), projects: vi.fn(), user: { id: 11, role: 2 } as { id: number; role: number },
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
  useCallingListEscalationsQuery: api.list,
  useProjectsListProjectsQuery: api.projects,
  useReportingSurveyorsInfoQuery: api.surveyors,
  useReportingListSurveyorsQuery: api.fullSurveyors,
  // the detail screen of the round trip: an unresolved escalation of project 7
  useCallingGetEscalationQuery: () => ({ data: { message: '', data: {
    id: 12, callId: 41, callHisId: 41, log: null, notes: null, project: { id: 7, name: 'Riverside' }, projectId: 7, resolvedAt: null,
    status: false, statusName: 'Unresolved', surveyedOn: '2026-11-20T15:00:00Z', surveyor: { id: 3, firstName: 'Sam', lastName: 'Surveyor' },
    surveyorId: 3 } }, isError: false }),
  useCallingUpdateEscalationMutation: () => [vi.fn(), { isLoading: false }],
  useProjectsGetProjectQuery: () => ({ data: undefined, isFetching: false }),
  useProjectsGetClientQuery: () => ({ data: undefined, isFetching: false }),
}));

/** The list's query string, as the address bar would show it. */
function Where() {
  return <span data-testid="where">{useLocation().search.replace(/^\?/, '')}</span>;
}

beforeEach(() => {
  api.projects.mockReset().mockReturnValue({ data: { rows: [], count: 0 } });
  api.surveyors.mockReset().mockReturnValue({ data: { data: [] } });
  api.fullSurveyors.mockReset();
  api.list.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false });
});

describe('Escalations surveyor filter', () => {
  it("offers a Project Manager only their own surveyors (platform §6)", () => {
    api.user = { id: 11, role: Role.ProjectManager };
    render(<MemoryRouter><EscalationsPage /></MemoryRouter>);
    expect(api.surveyors).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 11 }));
    // names only (users/surveyors-info): the figures-computing users/surveyors is not asked for a dropdown
    expect(api.fullSurveyors).not.toHaveBeenCalled();
  });

  it('offers Operations every surveyor', () => {
    api.user = { id: 1, role: Role.Operations };
    render(<MemoryRouter><EscalationsPage /></MemoryRouter>);
    expect(api.surveyors.mock.lastCall?.[0].managerId).toBeUndefined();
  });
});

describe('Escalations sorting', () => {
  it('sorts the Project Name and Surveyor Name columns by the names shown, not by ids', () => {
    api.user = { id: 1, role: Role.Operations };
    render(<MemoryRouter><EscalationsPage /></MemoryRouter>);
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'surveyedOn', orderDir: 'DESC' });
    fireEvent.click(screen.getByRole('button', { name: 'Project Name' }));
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'projectName' });
    fireEvent.click(screen.getByRole('button', { name: 'Surveyor Name' }));
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'surveyorName' });
  });
});

describe('Escalations when a filter fails to load', () => {
  const escalation = (id: number, resolved: boolean) => ({
    id, status: resolved, statusName: resolved ? 'Resolved' : 'Unresolved', surveyedOn: '2026-11-20T15:00:00Z', projectId: 7,
    project: { id: 7, name: 'Riverside' }, surveyor: { id: 3, firstName: 'Sam', lastName: 'Surveyor' }, notes: null,
  });
  // as RTK Query answers: `data` stays the last answer that loaded; the filter that failed has isError
  const down = { unresolved: true };
  let last: unknown;
  beforeEach(() => {
    api.user = { id: 1, role: Role.Operations };
    down.unresolved = true;
    last = undefined;
    api.list.mockReset().mockImplementation((args: { status?: boolean }) => {
      if (args.status === false && down.unresolved) return { data: last, currentData: undefined, isError: true, isFetching: false };
      last = args.status === false ? { rows: [escalation(2, false)], count: 1 } : { rows: [escalation(1, true)], count: 1 };
      return { data: last, currentData: last, isError: false, isFetching: false };
    });
  });

  it("shows no escalations of the previous filter as the unresolved ones, says they could not be loaded, then shows them", () => {
    const page = () => <MemoryRouter><EscalationsPage /></MemoryRouter>;
    const { rerender } = render(page());
    expect(screen.getByRole('link', { name: 'View escalation 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unresolved' }));
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ status: false });
    expect(screen.queryByRole('link', { name: 'View escalation 1' })).toBeNull();
    expect(screen.getByText('The records could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No records found.')).toBeNull();
    down.unresolved = false; // the network is back: the retry answers
    rerender(page());
    expect(screen.getByRole('link', { name: 'View escalation 2' })).toBeTruthy();
    expect(screen.queryByText('The records could not be loaded.')).toBeNull();
  });
});

describe('Escalations keep their filters, sort and page (in the address) across the detail screen', () => {
  const escalation = (id: number) => ({
    id, status: false, statusName: 'Unresolved', surveyedOn: '2026-11-20T15:00:00Z', projectId: 7,
    project: { id: 7, name: 'Riverside' }, surveyor: { id: 3, firstName: 'Sam', lastName: 'Surveyor' }, notes: null,
  });
  beforeEach(() => {
    api.user = { id: 1, role: Role.Operations };
    api.list.mockReset().mockReturnValue({ data: { rows: [escalation(12)], count: 25 }, isFetching: false });
    api.projects.mockReturnValue({ data: { rows: [{ id: 7, name: 'Riverside' }], count: 1 } });
    api.surveyors.mockReturnValue({ data: { data: [{ id: 3, firstName: 'Sam', lastName: 'Surveyor' }] } });
  });
  const app = (entry = '/ops/escalations') => render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/ops">
          <Route path="escalations" element={<><EscalationsPage /><Where /></>} />
          <Route path="escalation-detail/:id" element={<EscalationDetailPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  const choose = (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  };

  it('Go Back on the detail returns to the list as it was left', () => {
    app();
    choose('Project', 'Riverside');
    choose('Surveyor', 'Sam Surveyor');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unresolved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Project Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const asked = { projectId: 7, surveyorId: 3, status: false, orderBy: 'projectName', orderDir: 'ASC', skip: 10, limit: 10 };
    expect(api.list.mock.lastCall?.[0]).toMatchObject(asked);
    fireEvent.click(screen.getByRole('link', { name: 'View escalation 12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('heading', { name: 'Escalations' })).toBeTruthy();
    expect(api.list.mock.lastCall?.[0]).toMatchObject(asked);
    expect((screen.getByRole('checkbox', { name: 'Unresolved' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Project' }).textContent).toBe('Riverside');
    expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).toBe('Sam Surveyor');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  }, 30000);

  it('reads the dates, status, sort and page from the address, and ignores values it would not send', () => {
    app('/ops/escalations?from=2026-11-01&to=2026-11-30&status=resolved&orderBy=surveyorName&orderDir=DESC&page=3&pageSize=5');
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ from: '2026-11-01', to: '2026-11-30', status: true, orderBy: 'surveyorName', orderDir: 'DESC', skip: 10, limit: 5 });
    cleanup();
    app('/ops/escalations?from=tomorrow&status=maybe&projectId=abc&orderBy=notes&orderDir=sideways&page=-2&pageSize=7');
    const args = api.list.mock.lastCall?.[0];
    expect(args).toMatchObject({ orderBy: 'surveyedOn', orderDir: 'DESC', skip: 0, limit: 10 });
    expect(args.from).toBeUndefined();
    expect(args.status).toBeUndefined();
    expect(args.projectId).toBeUndefined();
  }, 30000);

  it('Reset clears the address as well', () => {
    app('/ops/escalations?unresolved=1&projectId=7&page=2');
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ status: false, projectId: 7, skip: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ skip: 0 });
    expect(api.list.mock.lastCall?.[0].status).toBeUndefined();
  }, 30000);
});
