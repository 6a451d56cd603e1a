import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { CallLogPage, callLogQuery } from './call-log-page';

const api = vi.hoisted(() => ({ dispatch: vi.fn(), list: vi.fn(), rows: [] as unknown[], role: 2, users: vi.fn(), surveyors: vi.fn(), fullSurveyors: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...real,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 1, role: api.role }, token: 't' } }),
    useIdentityListUsersQuery: (...args: unknown[]) => api.users(...args) ?? { data: undefined },
    useAppDispatch: () => api.dispatch,
    useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
    // the filter's names-only list; users/surveyors (each surveyor's week figures) must not be asked
    useReportingSurveyorsInfoQuery: (...args: unknown[]) => api.surveyors(...args) ?? { data: { data: [] } },
    useReportingListSurveyorsQuery: (...args: unknown[]) => api.fullSurveyors(...args),
    // a test may answer per filter through api.list; else every filter answers api.rows
    useCallingListCallLogQuery: (...args: unknown[]) => api.list(...args) ?? { data: { rows: api.rows, count: api.rows.length }, isFetching: false },
    useCallingGetCallLogQuery: () => ({ data: undefined, isFetching: false, isError: false }),
    useCallingUpdateCallLogMutation: () => [vi.fn(), { isLoading: false }],
    useManagerOptions: (o?: { skip?: boolean }) => real.managerOptionsOf(((...args: unknown[]) => api.users(...args) ?? { data: undefined }) as never, o),
  };
});


describe('callLogQuery', () => {
  it('turns the filter form into the server query (dates as Central days, survey status as isComplete)', () => {
    expect(callLogQuery({
      from: '2026-03-01', to: '2026-03-07', projectId: '12', managerId: '4', surveyorId: '', responseType: '3', surveyStatus: 'complete',
      searchPhone: ' 555 ',
    })).toEqual({
      from: '2026-03-01', to: '2026-03-07', tz: 'America/Chicago', projectId: 12, managerId: 4, surveyorId: undefined, responseType: 3,
      isComplete: true, searchPhone: '555',
    });
    expect(callLogQuery({ from: null, to: null, projectId: '', managerId: '', surveyorId: '7', responseType: '', surveyStatus: 'partial', searchPhone: '' }))
      .toMatchObject({ from: undefined, surveyorId: 7, isComplete: false, responseType: undefined, searchPhone: undefined });
    // Partial with another call status: a call of any result other than Agreed to Survey ends partial (spec §4)
    expect(callLogQuery({ from: null, to: null, projectId: '', managerId: '', surveyorId: '', responseType: '3', surveyStatus: 'partial', searchPhone: '' }))
      .toMatchObject({ isComplete: false, responseType: 3 });
  });
});

describe('Project Manager filter (spec §1: Operations can filter by project manager; §7 calls-log managerId)', () => {
  const paul = { id: 2, firstName: 'Paul', lastName: 'Manager' };
  const olivia = { id: 3, firstName: 'Olivia', lastName: 'Operations' };
  beforeEach(() => {
    api.users.mockImplementation((args: { role?: number }) => ({ data: { rows: args.role === 1 ? [paul] : [olivia], count: 1 } }));
    api.list.mockReset();
  });
  afterEach(() => { api.users.mockReset(); api.surveyors.mockReset(); api.fullSurveyors.mockReset(); api.role = 2; });

  it('lets Operations pick a manager and sends managerId with the list and the CSV export', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('\ufeffProject Name\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetch);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project Manager' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['All', 'Olivia Operations', 'Paul Manager']); // one list by first name, as the other manager pickers
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Paul Manager' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).toMatchObject({ managerId: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0][0]).toContain('managerId=2');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it("narrows Operations' surveyor filter to the chosen manager's surveyors and clears one chosen before who is not theirs", async () => {
    const sam = { id: 21, firstName: 'Sam', lastName: 'Surveyor' };
    const aisha = { id: 23, firstName: 'Aisha', lastName: 'Khan' };
    // reporting's users/surveyors-info with managerId: the surveyors of that manager's projects
    api.surveyors.mockImplementation((args: { managerId?: number }) => {
      const data = { data: args.managerId === 2 ? [sam] : args.managerId === 3 ? [] : [aisha, sam] };
      return { data, currentData: data };
    });
    const choose = async (name: string, option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    await choose('Surveyor', 'Aisha Khan');
    await choose('Project Manager', 'Paul Manager');
    await waitFor(() => expect(api.surveyors.mock.lastCall?.[0]).toMatchObject({ managerId: 2 }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).not.toContain('Aisha'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Surveyor' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Sam Surveyor']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sam Surveyor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).toMatchObject({ managerId: 2, surveyorId: 21 }));
    // back to all managers: all surveyors, Sam stays; a manager of none of Sam's projects clears him
    await choose('Project Manager', 'All');
    await waitFor(() => expect(api.surveyors.mock.lastCall?.[0].managerId).toBeUndefined());
    expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).toContain('Sam Surveyor');
    await choose('Project Manager', 'Olivia Operations');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Surveyor' }).textContent).not.toContain('Sam'));
    // names only: the figures-computing users/surveyors is never asked for the dropdown
    expect(api.fullSurveyors).not.toHaveBeenCalled();
  }, 60_000);

  it('is not offered to a Project Manager (their own projects only) nor to a surveyor', () => {
    api.role = 1;
    const { unmount } = render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    expect(screen.queryByRole('combobox', { name: 'Project Manager' })).toBeNull();
    unmount();
    api.role = 3;
    render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    expect(screen.queryByRole('combobox', { name: 'Project Manager' })).toBeNull();
  });
});

describe('Survey Status filter (spec §3: Completed 0, Partial 1)', () => {
  it('offers the statuses the table shows: Completed and Partial', () => {
    render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Survey Status' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['All', 'Completed', 'Partial']);
  });
});

describe('Call Log table (fits 1440 px)', () => {
  const call = {
    callId: 41, projectId: 7, project: { id: 7, name: 'Riverside Patient Experience 2026' }, user: { id: 3, firstName: 'Sam', lastName: 'Surveyor' },
    surveyedOn: '2026-11-26T08:54:55Z', patientFullName: 'Linda Miller', phoneCell: '6783815337', phoneHome: null,
    surveyLanguage: { id: 1, name: 'English' }, result: 1, isPartial: false,
  };
  beforeEach(() => { api.rows = [call]; });
  afterEach(() => { api.rows = []; });

  const filtered = async (quality: boolean) => {
    render(<MemoryRouter><CallLogPage quality={quality} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    return screen.findByRole('table', { name: 'Call log' });
  };

  it("gives Quality a compact Print icon link named after the call, opening its print page in a new tab", async () => {
    const table = await filtered(true);
    const print = within(table).getByRole('link', { name: 'Print call 41' });
    expect(print.getAttribute('href')).toMatch(/\/call-log-download\/41$/);
    expect(print.getAttribute('target')).toBe('_blank');
    expect(print.textContent).toBe('');
    expect(within(table).getByRole('link', { name: 'Guidelines' }).getAttribute('href')).toMatch(/\/surveyor-guidelines\/7$/);
  });

  it('keeps the phone number on one line and offers no Print to other roles', async () => {
    const table = await filtered(false);
    const phone = within(table).getByText('(678) 381-5337');
    expect(getComputedStyle(phone.parentElement as HTMLElement).whiteSpace).toBe('nowrap');
    expect(within(table).queryByRole('link', { name: /Print/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'View call 41' })).toBeTruthy();
  });

  it('marks a call Quality removed from the client data in its Survey Status, and only that call', async () => {
    api.rows = [{ ...call, isQARemoval: true }, { ...call, callId: 42, patientFullName: 'Mary Moore', isQARemoval: false }];
    const table = await filtered(true);
    const removed = within(table).getByText('Linda Miller').closest('tr') as HTMLElement;
    expect(removed.textContent).toContain('CompletedRemoved by QA');
    const kept = within(table).getByText('Mary Moore').closest('tr') as HTMLElement;
    expect(kept.textContent).not.toContain('Removed by QA');
  });
});

describe('Call Log export', () => {
  const objectUrl = vi.fn(() => 'blob:csv');
  beforeEach(() => {
    api.dispatch.mockReset();
    objectUrl.mockClear();
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  const exportWith = (res: Response) => {
    const fetch = vi.fn().mockResolvedValue(res);
    vi.stubGlobal('fetch', fetch);
    render(<MemoryRouter><CallLogPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    return fetch;
  };

  it("shows the server's message as an info notice (an empty result, not a failure) when no call matches (spec §8)", async () => {
    const fetch = exportWith(new Response(JSON.stringify({ statusCode: 404, message: 'No Data Found' }),
      { status: 404, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(api.dispatch).toHaveBeenCalled());
    expect(fetch.mock.calls[0][0]).toMatch(/^\/api\/calls-log\/export\?tz=America%2FChicago$/);
    expect(api.dispatch.mock.calls[0][0].payload).toMatchObject({ kind: 'info', text: 'No Data Found' });
    expect(objectUrl).not.toHaveBeenCalled();
  });

  it('downloads the CSV when there are rows', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    exportWith(new Response('\ufeffProject Name\r\nAlpha\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(objectUrl).toHaveBeenCalled();
    expect(api.dispatch).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('Call Log export file', () => {
  it('is named by the business day (America/Chicago), not the UTC date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z')); // 09:00 PM on 11/27 in Chicago
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('\ufeffProject Name\r\nAlpha\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })));
    try {
      render(<MemoryRouter><CallLogPage /></MemoryRouter>);
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['call-log-2026-11-27.csv']));
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});

describe('Call Log sorting', () => {
  it('shows its default order, newest first, on the Date/Time column; a click there turns it to oldest first', async () => {
    render(<MemoryRouter><CallLogPage quality={false} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const table = await screen.findByRole('table', { name: 'Call log' });
    expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'surveyedOn', orderDir: 'DESC' });
    const header = within(table).getByRole('columnheader', { name: /Date\/Time/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'surveyedOn', orderDir: 'ASC' }));
  });


  it('sorts the Surveyor column by the name it shows, not by the surveyor id', async () => {
    render(<MemoryRouter><CallLogPage quality={false} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: 'Call log' });
    fireEvent.click(screen.getByRole('button', { name: 'Surveyor' }));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).toMatchObject({ orderBy: 'surveyorName' }));
  });
});

describe('Call Log when a filter fails to load', () => {
  const call = (callId: number, name: string) => ({
    callId, projectId: 7, project: { id: 7, name: 'Riverside' }, user: { id: 3, firstName: 'Sam', lastName: 'Surveyor' },
    surveyedOn: '2026-11-20T15:00:00Z', patientFullName: name, phoneCell: '6783815337', phoneHome: null,
    surveyLanguage: { id: 1, name: 'English' }, result: 1, isPartial: false,
  });
  const down = { partial: true };
  let last: unknown;
  beforeEach(() => {
    down.partial = true;
    last = undefined;
    // as RTK Query answers: `data` stays the last answer that loaded; the filter that failed has isError
    api.list.mockImplementation((args: { isComplete?: boolean }) => {
      if (args.isComplete === false && down.partial) return { data: last, currentData: undefined, isError: true, isFetching: false };
      last = args.isComplete === false ? { rows: [call(52, 'Pat Partial')], count: 1 } : { rows: [call(51, 'Ann Any')], count: 1 };
      return { data: last, currentData: last, isError: false, isFetching: false };
    });
  });
  afterEach(() => { api.list.mockReset(); });

  it("shows no calls of the previous filter as the partial ones, says they could not be loaded, then shows them", async () => {
    const page = () => <MemoryRouter><CallLogPage /></MemoryRouter>;
    const { rerender } = render(page());
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('button', { name: 'View call 51' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Survey Status' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Partial' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.list.mock.lastCall?.[0]).toMatchObject({ isComplete: false }));
    expect(await screen.findByText('The records could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View call 51' })).toBeNull();
    expect(screen.queryByText('No records found.')).toBeNull();
    down.partial = false; // the network is back: the retry answers
    rerender(page());
    expect(screen.getByRole('button', { name: 'View call 52' })).toBeTruthy();
    expect(screen.queryByText('The records could not be loaded.')).toBeNull();
  });
});
