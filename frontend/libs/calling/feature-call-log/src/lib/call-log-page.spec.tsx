import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { CallLogPage, callLogQuery } from './call-log-page';

const api = vi.hoisted(() => ({ dispatch: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 1, role: 2 }, token: 't' } }),
  useAppDispatch: () => api.dispatch,
  useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
  useReportingListSurveyorsQuery: () => ({ data: { rows: [], count: 0 } }),
  useCallingListCallLogQuery: () => ({ data: undefined, isFetching: false }),
  useCallingGetCallLogQuery: () => ({ data: undefined, isFetching: false, isError: false }),
  useCallingUpdateCallLogMutation: () => [vi.fn(), { isLoading: false }],
}));


describe('callLogQuery', () => {
  it('turns the filter form into the server query (dates as Central days, survey status as isComplete)', () => {
    expect(callLogQuery({
      from: '2026-03-01', to: '2026-03-07', projectId: '12', surveyorId: '', responseType: '3', surveyStatus: 'complete',
      searchPhone: ' 555 ',
    })).toEqual({
      from: '2026-03-01', to: '2026-03-07', tz: 'America/Chicago', projectId: 12, surveyorId: undefined, responseType: 3,
      isComplete: true, searchPhone: '555',
    });
    expect(callLogQuery({ from: null, to: null, projectId: '', surveyorId: '7', responseType: '', surveyStatus: 'partial', searchPhone: '' }))
      .toMatchObject({ from: undefined, surveyorId: 7, isComplete: false, responseType: undefined, searchPhone: undefined });
    // Partial with another call status: a call of any result other than Agreed to Survey ends partial (spec §4)
    expect(callLogQuery({ from: null, to: null, projectId: '', surveyorId: '', responseType: '3', surveyStatus: 'partial', searchPhone: '' }))
      .toMatchObject({ isComplete: false, responseType: 3 });
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
