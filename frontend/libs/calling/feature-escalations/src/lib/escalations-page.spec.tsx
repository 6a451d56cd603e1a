import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { EscalationsPage } from './escalations-page';

const api = vi.hoisted(() => ({ surveyors: vi.fn(), list: vi.fn(), user: { id: 11, role: 2 } as { id: number; role: number } }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
  useCallingListEscalationsQuery: api.list,
  useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
  useReportingListSurveyorsQuery: api.surveyors,
}));

beforeEach(() => {
  api.surveyors.mockReset().mockReturnValue({ data: { rows: [], count: 0 } });
  api.list.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false });
});

describe('Escalations surveyor filter', () => {
  it("offers a Project Manager only their own surveyors (platform §6)", () => {
    api.user = { id: 11, role: Role.ProjectManager };
    render(<MemoryRouter><EscalationsPage /></MemoryRouter>);
    expect(api.surveyors).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 11 }));
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
