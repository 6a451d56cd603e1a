import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Role, businessToday, businessWeek, usDay } from '@frontend/shared-util';
import { AssignmentsPage, ProjectAssignmentPage } from './assignments-page';

type Search = { data?: { rows: unknown[]; count: number }; isFetching: boolean; isError?: boolean };
const calls = vi.hoisted(() => ({
  users: vi.fn(), projects: vi.fn(), user: { id: 2, role: 2 } as { id: number; role: number },
  idle: () => [() => ({ unwrap: () => Promise.resolve() }), { isLoading: false }],
  assignments: [] as unknown[], updateGoal: vi.fn(() => ({ unwrap: () => Promise.resolve() })),
  deleteWeek: vi.fn(() => ({ unwrap: () => Promise.resolve() })),
  updateWeek: vi.fn(() => ({ unwrap: () => Promise.resolve() })),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: calls.user } }),
  useIdentityListUsersQuery: calls.users,
}));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetProjectQuery: () => ({ data: { id: 7, name: 'Clinic Survey' } }),
  useListProjectsQuery: (arg: unknown) => {
    calls.projects(arg);
    return { data: { rows: [{ id: 7, name: 'Clinic Survey', statusId: 1 }], count: 80 }, isFetching: false };
  },
  useListAssignmentsQuery: () => ({ data: { rows: calls.assignments, count: calls.assignments.length }, isFetching: false }),
  useCreateAssignmentMutation: calls.idle,
  useDeleteAssignmentMutation: calls.idle,
  useAddAssignmentWeekMutation: calls.idle,
  useDeleteAssignmentWeekMutation: () => [calls.deleteWeek, { isLoading: false }],
  useUpdateAssignmentMutation: () => [calls.updateGoal, { isLoading: false }],
  useUpdateAssignmentWeekMutation: () => [calls.updateWeek, { isLoading: false }],
}));

// Every surveyor search (one per surveyor role) answers `state` unless it is skipped.
const answer = (state: Search) => calls.users.mockImplementation((_args: unknown, opts?: { skip?: boolean }) =>
  opts?.skip ? { isFetching: false } : state);

const view = () => (
  <MemoryRouter initialEntries={['/assignments/7']}><Routes><Route path="/assignments/:id" element={<ProjectAssignmentPage />} /></Routes></MemoryRouter>
);
const page = () => render(view());
const type = (value: string) => {
  const input = screen.getByRole('combobox', { name: 'Search surveyors' });
  input.focus(); // an unfocused Autocomplete resets its text to the (empty) value
  fireEvent.change(input, { target: { value } });
};

beforeEach(() => {
  calls.user = { id: 2, role: Role.Operations };
  calls.users.mockReset();
  answer({ isFetching: false });
  calls.assignments = [];
  calls.updateGoal.mockClear();
  calls.deleteWeek.mockClear();
  calls.updateWeek.mockClear();
});

describe('Project Assignments keeps its list in the address (a reload, Back from a project, a shared link)', () => {
  it('reads the search, sort and page from the address', () => {
    render(<MemoryRouter initialEntries={['/assignments?search=clinic&orderBy=deadline&orderDir=DESC&page=2&pageSize=25']}><AssignmentsPage /></MemoryRouter>);
    expect(calls.projects).toHaveBeenLastCalledWith({ search: 'clinic', skip: 25, limit: 25, orderBy: 'deadline', orderDir: 'DESC' });
    expect((screen.getByRole('textbox', { name: 'Search Project...' }) as HTMLInputElement).value).toBe('clinic');
  });
});

describe('weekly goal', () => {
  it('says Required for an empty goal and saves nothing; a number is saved on blur', () => {
    calls.assignments = [{ id: 3, surveyorGoals: 4, weeks: [], surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } }];
    page();
    const goal = screen.getByRole('textbox', { name: 'Weekly goal of sam@demo.test' });
    fireEvent.change(goal, { target: { value: '' } });
    fireEvent.blur(goal);
    expect(screen.getByText('Required')).toBeTruthy();
    expect(calls.updateGoal).not.toHaveBeenCalled();
    fireEvent.change(goal, { target: { value: '12' } });
    fireEvent.blur(goal);
    expect(screen.queryByText('Required')).toBeNull();
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, surveyorGoals: 12, expected: { surveyorGoals: 4 } } });
  });
});

describe('two managers, one goal (docs/decisions.md "Two managers, one goal")', () => {
  it('sends the goal the screen showed; a 409 (another manager saved meanwhile) puts the shown value back, not the typed one', async () => {
    calls.assignments = [{ id: 3, surveyorGoals: 20, surveyorCompGoals: 0, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } }];
    calls.updateGoal.mockImplementationOnce(() => ({ unwrap: () => Promise.reject({ status: 409 }) }));
    page();
    const goal = screen.getByRole('textbox', { name: 'Weekly goal of sam@demo.test' }) as HTMLInputElement;
    fireEvent.change(goal, { target: { value: '30' } });
    fireEvent.blur(goal);
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, surveyorGoals: 30, expected: { surveyorGoals: 20 } } });
    await waitFor(() => expect(goal.value).toBe('20'));
  });
});

describe('goal bounds (odd input: a huge goal is said beside the field, a refused one does not stay shown)', () => {
  const sam = { id: 3, surveyorGoals: 20, surveyorCompGoals: 0, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } };

  it('says At most 100000 beside a larger goal and saves nothing', () => {
    calls.assignments = [sam];
    page();
    const goal = screen.getByRole('textbox', { name: 'Weekly goal of sam@demo.test' });
    fireEvent.change(goal, { target: { value: '999999' } });
    fireEvent.keyDown(goal, { key: 'Enter' });
    expect(screen.getByText('At most 100000')).toBeTruthy();
    expect(calls.updateGoal).not.toHaveBeenCalled();
    fireEvent.change(goal, { target: { value: '100000' } });
    fireEvent.blur(goal);
    expect(screen.queryByText('At most 100000')).toBeNull();
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, surveyorGoals: 100000, expected: { surveyorGoals: 20 } } });
  });

  it('shows the saved goal again when the server refuses the new one', async () => {
    calls.assignments = [sam];
    calls.updateGoal.mockImplementationOnce(() => ({ unwrap: () => Promise.reject({ status: 422 }) }));
    page();
    const goal = screen.getByRole('textbox', { name: 'Weekly goal of sam@demo.test' }) as HTMLInputElement;
    fireEvent.change(goal, { target: { value: '25' } });
    fireEvent.blur(goal);
    await waitFor(() => expect(goal.value).toBe('20'));
  });

});

describe('weekly goal history (survey-work §Assignments: "Assignment history weekly goals table")', () => {
  const sam = { id: 3, surveyorGoals: 20, surveyorCompGoals: 40, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' },
    assignmentHistory: [
      { id: 1, assignmentId: 3, projectId: 7, weekDate: '2026-11-16', weekGoals: 5, weekCompGoals: 35 },
      { id: 2, assignmentId: 3, projectId: 7, weekDate: '2026-11-23', weekGoals: 8, weekCompGoals: 40 },
    ] };

  it('is a table per surveyor: Week, Weekly Goal, Report-Period Goal and Action, one row per week', () => {
    calls.assignments = [sam];
    page();
    const table = screen.getByRole('table', { name: 'Weekly goal history of sam@demo.test' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Week', 'Weekly Goal', 'Report-Period Goal', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]).getAllByRole('cell');
    expect(cells[0].textContent).toBe('11/23/2026');
    expect((within(cells[1]).getByRole('textbox', { name: 'Goal for week 2026-11-23' }) as HTMLInputElement).value).toBe('8');
    expect(cells[2].textContent).toBe('40');
    expect(within(cells[3]).getByRole('button', { name: 'Delete week 2026-11-23 of sam@demo.test' })).toBeTruthy();
  });

  it("saves only the week's weekly goal: the report-period goal shown may be stale, another manager's is kept", () => {
    calls.assignments = [sam];
    page();
    const goal = screen.getByRole('textbox', { name: 'Goal for week 2026-11-23' });
    fireEvent.change(goal, { target: { value: '11' } });
    fireEvent.keyDown(goal, { key: 'Enter' });
    expect(calls.updateWeek).toHaveBeenCalledWith({ weekUpdate: { id: 2, weekGoals: 11, expected: { weekGoals: 8 } } });
  });

  it('deletes a week only after the confirmation', async () => {
    calls.assignments = [sam];
    page();
    const table = screen.getByRole('table', { name: 'Weekly goal history of sam@demo.test' });
    fireEvent.click(within(table).getByRole('button', { name: 'Delete week 2026-11-16 of sam@demo.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Week' });
    expect(dialog.textContent).toContain('Delete the week of 11/16/2026?');
    expect(calls.deleteWeek).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(calls.deleteWeek).toHaveBeenCalledWith({ id: 1, assignmentId: 3 }));
  });

  it("lists this week with the assignment's goals for a surveyor without weeks (its goal applies; nothing stored)", () => {
    calls.assignments = [{ ...sam, assignmentHistory: [] }];
    page();
    const table = screen.getByRole('table', { name: 'Weekly goal history of sam@demo.test' });
    expect(within(table).queryByRole('cell', { name: 'No record found.' })).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    const cells = within(rows[0]).getAllByRole('cell');
    expect(cells[0].textContent).toBe(`${usDay(businessWeek(businessToday()).from)}This week: the assignment's goals apply (Add Week saves it)`);
    expect(cells.slice(1).map((c) => c.textContent)).toEqual(['20', '40', '']);
    // not a saved week: no goal box of its own (the assignment's Weekly Goal above is the one to edit), no delete
    expect(within(rows[0]).queryByRole('textbox')).toBeNull();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
  });
});

describe('narrow screens (mobile layout at 1300 px or below)', () => {
  it("wraps a surveyor's name, report-period goal and Add Week onto more lines instead of widening the page", () => {
    calls.assignments = [{ id: 3, surveyorGoals: 4, surveyorCompGoals: 0, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } }];
    page();
    const row = screen.getByRole('button', { name: 'Add week for sam@demo.test' }).parentElement as HTMLElement;
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
  });
});

describe('report-period goal', () => {
  it('is set per surveyor beside the weekly goal history (the call screen showed 0 without it)', () => {
    calls.assignments = [{ id: 3, surveyorGoals: 4, surveyorCompGoals: 0, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } }];
    page();
    const goal = screen.getByRole('textbox', { name: 'Report-period goal of sam@demo.test' });
    expect((goal as HTMLInputElement).value).toBe('0');
    fireEvent.change(goal, { target: { value: '52' } });
    fireEvent.keyDown(goal, { key: 'Enter' });
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, surveyorCompGoals: 52, expected: { surveyorCompGoals: 0 } } });
  });
});

describe('assignment type and priority', () => {
  const sam = { id: 3, typeId: 0, priority: 1, surveyorGoals: 4, surveyorCompGoals: 0, surveyor: { id: 9, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Lee' } };

  it('sets a surveyor Assigned or Coverage (no screen set it: the Admin list never counted a Coverage surveyor)', () => {
    calls.assignments = [sam];
    page();
    const type = screen.getByRole('combobox', { name: 'Assignment type of sam@demo.test' });
    expect(type.textContent).toBe('Assigned');
    fireEvent.mouseDown(type);
    fireEvent.click(screen.getByRole('option', { name: 'Coverage' }));
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, typeId: 1, expected: { typeId: 0 } } });
  });

  it('sets the priority (digits, at most 1000), the order of the assigned surveyors', () => {
    calls.assignments = [sam];
    page();
    const priority = screen.getByRole('textbox', { name: 'Priority of sam@demo.test' });
    expect((priority as HTMLInputElement).value).toBe('1');
    fireEvent.change(priority, { target: { value: '1001' } });
    fireEvent.keyDown(priority, { key: 'Enter' });
    expect(screen.getByText('At most 1000')).toBeTruthy();
    expect(calls.updateGoal).not.toHaveBeenCalled();
    fireEvent.change(priority, { target: { value: '5' } });
    fireEvent.keyDown(priority, { key: 'Enter' });
    expect(calls.updateGoal).toHaveBeenCalledWith({ assignmentUpdate: { id: 3, priority: 5, expected: { priority: 1 } } });
  });
});

describe('surveyor search', () => {
  it('says it is searching while the searches run, and "No such surveyor." only once they found nothing', () => {
    answer({ isFetching: true });
    const { rerender } = page();
    type('zz');
    expect(screen.getByText('Searching...')).toBeTruthy();
    expect(screen.queryByText('No such surveyor.')).toBeNull();

    // one role's search answered empty, the others still run: still searching
    let n = 0;
    calls.users.mockImplementation((_a: unknown, opts?: { skip?: boolean }) =>
      opts?.skip ? { isFetching: false } : (n++ % 3 === 0 ? { data: { rows: [], count: 0 }, isFetching: false } : { isFetching: true }));
    rerender(view());
    expect(screen.getByText('Searching...')).toBeTruthy();
    expect(screen.queryByText('No such surveyor.')).toBeNull();

    answer({ data: { rows: [], count: 0 }, isFetching: false });
    type('zzz');
    expect(screen.getByText('No such surveyor.')).toBeTruthy();
    expect(screen.queryByText('Searching...')).toBeNull();
    expect(calls.users).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'zzz' }), expect.anything());
  }, 30000);

  it('lists the surveyors found, and says so when the search failed', () => {
    answer({ data: { rows: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test' }], count: 1 }, isFetching: false });
    page();
    type('sa');
    expect(screen.getAllByText('Sam Surveyor (sam@demo.test)').length).toBeGreaterThan(0);
    expect(screen.queryByText('No such surveyor.')).toBeNull();
    answer({ isFetching: false, isError: true });
    type('sam');
    expect(screen.getByText('The search failed. Try again.')).toBeTruthy();
    expect(screen.queryByText('No such surveyor.')).toBeNull();
  }, 30000);

  it('offers only surveyors not yet assigned, and "No such surveyor." when every one found is assigned', () => {
    calls.assignments = [{ id: 3, surveyorId: 21, surveyorGoals: 4, surveyorCompGoals: 0, surveyor: { id: 21, email: 'sam@demo.test', firstName: 'Sam', lastName: 'Surveyor' } }];
    answer({ data: { rows: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test' },
      { id: 22, firstName: 'Sal', lastName: 'Other', email: 'sal@demo.test' }], count: 2 }, isFetching: false });
    page();
    type('sa');
    expect(screen.getAllByText('Sal Other (sal@demo.test)').length).toBeGreaterThan(0);
    expect(screen.queryByText('Sam Surveyor (sam@demo.test)')).toBeNull();
    answer({ data: { rows: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test' }], count: 1 }, isFetching: false });
    type('sam');
    expect(screen.getByText('No such surveyor.')).toBeTruthy();
  }, 30000);

  it('asks for 2 characters before searching', () => {
    page();
    type('s');
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    expect(calls.users).not.toHaveBeenCalledWith(expect.objectContaining({ search: 's' }), expect.anything());
  }, 30000);
});
