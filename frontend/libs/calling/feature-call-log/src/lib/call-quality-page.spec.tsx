import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { CALL_QUALITY_EMPTY_TEXT, CallQualityPage, defaultQualityFilter, qualityArgs } from './call-quality-page';
import { CallLogPage, callLogSearch, filtersFromSearch } from './call-log-page';

const api = vi.hoisted(() => ({ quality: vi.fn(), projects: vi.fn(), callLog: vi.fn(), user: { id: 11, role: 1 } }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...real,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user, token: 't' } }),
    useAppDispatch: () => vi.fn(),
    useReportingGetCallQualityQuery: api.quality,
    useProjectsListProjectsQuery: api.projects,
    useReportingSurveyorsInfoQuery: () => ({ data: { data: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor' }] } }),
    useIdentityListUsersQuery: () => ({ data: undefined }),
    useCallingListCallLogQuery: api.callLog,
    useCallingGetCallLogQuery: () => ({ data: undefined, isFetching: false, isError: false }),
    useCallingUpdateCallLogMutation: () => [vi.fn(), { isLoading: false }],
    useManagerOptions: (o?: { skip?: boolean }) => real.managerOptionsOf((() => ({ data: undefined })) as never, o),
  };
});

const figures = {
  attempts: 6, surveys: 2, completionRate: 0.33, averageSurveyLength: 7, shortSurveys: 1, shortSurveyShare: 0.5, partials: 1,
  refusals: 2, qaRemovals: 1, escalations: 1,
};
const LIST = {
  rows: [{ surveyorId: 21, surveyorName: 'Sam Surveyor', ...figures }, { surveyorId: 22, surveyorName: 'Maria Lopez', ...figures, attempts: 1, surveys: 1, completionRate: 1 }],
  count: 2, totals: { ...figures, attempts: 7, surveys: 3, completionRate: 0.43, shortSurveyShare: 0.33 },
  from: '2026-02-26', to: '2026-03-04', shortSurveyMinutes: 3,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-04T18:00:00Z'));
  api.user = { id: 11, role: 1 };
  api.quality.mockReset().mockReturnValue({ data: LIST, isFetching: false, isError: false });
  api.projects.mockReset().mockReturnValue({ data: { rows: [{ id: 7, name: 'Riverside' }], count: 1 } });
  api.callLog.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false });
});
afterEach(() => vi.useRealTimers());

const at = (path: string, page: string, el: React.ReactNode) => render(
  <MemoryRouter initialEntries={[path]}>
    <Routes><Route path="/project-manager/*" element={<Routes><Route path={page} element={el} /></Routes>} /></Routes>
  </MemoryRouter>,
);

describe('Call Quality', () => {
  it('asks for the last seven business days of every project, sorted by surveyor, and shows rows and totals', () => {
    expect(defaultQualityFilter('2026-03-04')).toEqual({ from: '2026-02-26', to: '2026-03-04', projectId: '' });
    at('/project-manager/call-quality', 'call-quality', <CallQualityPage />);
    expect(api.quality).toHaveBeenLastCalledWith({ from: '2026-02-26', to: '2026-03-04', projectId: undefined, skip: 0, limit: 10,
      orderBy: 'surveyorName', orderDir: 'ASC' });
    const table = screen.getByRole('table', { name: 'Call quality' });
    const sam = within(table).getAllByRole('row').find((r) => r.textContent?.includes('Sam Surveyor'));
    expect(sam && within(sam).getAllByRole('cell').map((c) => c.textContent)).toEqual(
      ['Sam Surveyor', '6', '2', '33%', '7.0 min', '1 (50%)', '1', '2', '1', '1']);
    expect(within(table).getByRole('columnheader', { name: 'Under 3 min' })).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('02/26/26 – 03/04/26 (Central), 2 surveyors')).toBeTruthy();
    expect(within(within(totals).getByRole('group', { name: 'Surveys' })).getByText('43% completion')).toBeTruthy();
    expect(within(within(totals).getByRole('group', { name: 'Very Short Surveys' })).getByText('33% under 3 min')).toBeTruthy();
    // a surveyor's name opens their Call Log for the period
    expect(screen.getByRole('link', { name: 'Call Log of Sam Surveyor' }).getAttribute('href'))
      .toBe('/project-manager/call-log?from=2026-02-26&to=2026-03-04&surveyorId=21');
  }, 30000);

  it('sorts on the server by the clicked column', () => {
    at('/project-manager/call-quality', 'call-quality', <CallQualityPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Under 3 min' }));
    expect(api.quality).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'shortSurveyShare', orderDir: 'ASC', skip: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Under 3 min' }));
    expect(api.quality).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'shortSurveyShare', orderDir: 'DESC' }));
  }, 30000);

  it('an empty period says "No record found."', () => {
    api.quality.mockReturnValue({ data: { ...LIST, rows: [], count: 0, totals: { ...figures, attempts: 0 } }, isFetching: false, isError: false });
    at('/project-manager/call-quality', 'call-quality', <CallQualityPage />);
    expect(screen.getByText(CALL_QUALITY_EMPTY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull(); // no wall of zeros
    expect(CALL_QUALITY_EMPTY_TEXT).toBe('No record found.');
  }, 30000);

  it('a project filter becomes projectId; a failed call says so', () => {
    expect(qualityArgs({ from: '2026-03-01', to: '2026-03-07', projectId: '7' })).toEqual({ from: '2026-03-01', to: '2026-03-07', projectId: 7 });
    api.quality.mockReturnValue({ data: undefined, isFetching: false, isError: true });
    at('/project-manager/call-quality', 'call-quality', <CallQualityPage />);
    expect(screen.getByText('The call quality figures could not be loaded.')).toBeTruthy();
  }, 30000);
});

describe('Call Log opened from another screen', () => {
  it('reads the filter from its address', () => {
    const link = callLogSearch({ from: '2026-03-01', to: '2026-03-07', projectId: '', surveyorId: 21 });
    expect(link).toBe('from=2026-03-01&to=2026-03-07&surveyorId=21');
    expect(filtersFromSearch(new URLSearchParams(link))).toMatchObject({ from: '2026-03-01', to: '2026-03-07', projectId: '', surveyorId: '21' });
    expect(filtersFromSearch(new URLSearchParams(''))).toBeNull();
    expect(filtersFromSearch(new URLSearchParams('from=2026-03-09&to=2026-03-01'))).toBeNull(); // the form would refuse it
    expect(filtersFromSearch(new URLSearchParams('surveyorId=abc&from=yesterday'))).toBeNull();
  });

  it('applies a linked filter at once', async () => {
    at('/project-manager/call-log?from=2026-03-01&to=2026-03-07&surveyorId=21', 'call-log', <CallLogPage />);
    await waitFor(() => expect(api.callLog).toHaveBeenLastCalledWith(
      expect.objectContaining({ from: '2026-03-01', to: '2026-03-07', surveyorId: 21 }), { skip: false }));
  }, 30000);
});
