import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { ReportDownloadError } from '@frontend/reporting-data-access';
import { Role } from '@frontend/shared-util';
import { ClientDataExportsPage, defaultRange } from './client-data-exports-page';
import { ClientReportExportsPage } from './client-report-exports-page';

const calls = vi.hoisted(() => ({
  list: vi.fn(), keys: vi.fn(), save: vi.fn(), download: vi.fn(), remove: vi.fn(), dispatch: vi.fn(), projectName: vi.fn(),
  user: { id: 11, role: 3 } as { id: number; role: number },
}));
const ok = (data: unknown) => ({ unwrap: () => Promise.resolve(data) });

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    projectsGenerated: { ...actual.projectsGenerated, useProjectsGetProjectNameQuery: calls.projectName },
    useAppDispatch: () => calls.dispatch,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: calls.user, token: 'tok' } }),
    useReportingListServiceRecoveriesQuery: calls.list,
    useReportingGetServiceRecoveryHeaderKeysQuery: calls.keys,
    useReportingSaveServiceRecoveryMutation: () => [calls.save, { isLoading: false }],
    useReportingDeleteServiceRecoveryMutation: () => [calls.remove, { isLoading: false }],
  };
});

vi.mock('@frontend/reporting-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/reporting-data-access')>()),
  downloadReportCsv: calls.download,
}));

vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  // a plain ISO-day field: the real picker loads MUI X lazily
  IsoDatePicker: ({ label, value, onChange, error }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string }) => (
    <span><input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />{error && <span>{error}</span>}</span>
  ),
}));

const history = { id: 5, projectId: 7, projectName: 'Clinic Survey', clientName: 'Acme Health', name: 'Weekly SR', filename: 'Weekly SR',
  srKeys: ['MRN', 'Comment'], onlySr: true, downloadedOn: null, fromTo: null, createdAt: '2026-03-01T10:00:00Z' };

beforeEach(() => {
  calls.user = { id: 11, role: Role.ProjectManager };
  calls.list.mockReset().mockReturnValue({ data: { rows: [history], count: 1 }, isFetching: false, refetch: vi.fn() });
  calls.keys.mockReset().mockReturnValue({ data: { data: ['MRN', 'Comment', 'Site'] }, isFetching: false });
  calls.save.mockReset().mockReturnValue(ok({ message: 'Export saved' }));
  calls.download.mockReset().mockResolvedValue(undefined);
  calls.remove.mockReset().mockReturnValue(ok({ message: 'Export deleted' }));
  calls.dispatch.mockReset();
  calls.projectName.mockReset().mockReturnValue({ data: undefined });
});

const at = (path: string, pattern: string, el: React.ReactNode) => render(
  <MemoryRouter initialEntries={[path]}><Routes><Route path={pattern} element={el} /></Routes></MemoryRouter>,
);

describe('Client Report Exports keeps its list in the address (a reload, Back from a project, a shared link)', () => {
  it('reads the search, sort and page from the address', () => {
    calls.list.mockReturnValue({ data: { rows: [{ projectId: 7, clientName: 'Acme Health', projectName: 'Clinic Survey', oldestUncleaned: null }], count: 80 }, isFetching: false });
    render(<MemoryRouter initialEntries={['/client-report-exports?search=acme&orderBy=clientName&orderDir=DESC&page=3&pageSize=25']}><ClientReportExportsPage /></MemoryRouter>);
    expect(calls.list).toHaveBeenLastCalledWith({ skip: 50, limit: 25, orderBy: 'clientName', orderDir: 'DESC', search: 'acme', managerId: 11 });
    expect((screen.getByRole('textbox', { name: 'Search Client & Projects...' }) as HTMLInputElement).value).toBe('acme');
  });
});

describe('report CSV', () => {
  it('is the file the server streams (format csv), saved under its name; a refusal carries its status and message', async () => {
    const { downloadReportCsv: real } = await vi.importActual<typeof import('@frontend/reporting-data-access')>('@frontend/reporting-data-access');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const fetched = vi.fn().mockResolvedValueOnce(new Response('\ufeffCall Id\r\n1\r\n', {
      status: 200, headers: { 'Content-Disposition': 'attachment; filename="survey-report-20260301101500.csv"' } }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ statusCode: 404, message: 'No Data Found' }), { status: 404 }));
    vi.stubGlobal('fetch', fetched);
    try {
      await real({ id: 5, from: '2026-03-01', to: '2026-03-07' }, 'tok');
      const [url, init] = fetched.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/service-recoveries/report');
      expect(JSON.parse(init.body as string)).toEqual({ id: 5, from: '2026-03-01', to: '2026-03-07', format: 'csv' });
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
      await expect(real({ id: 5 }, 'tok')).rejects.toMatchObject({ status: 404, message: 'No Data Found' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('defaults the range to seven days before today until yesterday', () => {
    expect(defaultRange('2026-03-10')).toEqual({ from: '2026-03-03', to: '2026-03-09' });
  });
  it("takes today on the business calendar: at 03:00 UTC it is still yesterday in Chicago", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T03:00:00Z') });
    try {
      expect(defaultRange()).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Client Report Exports', () => {
  it('lists a manager’s projects by name ascending and links each to its exports', () => {
    calls.list.mockReturnValue({ data: { rows: [{ projectId: 7, projectName: 'Clinic Survey', clientName: 'Acme Health', clientId: 1, oldestUncleaned: '2026-02-20T15:00:00Z' }], count: 1 }, isFetching: false });
    at('/client-report-exports', '/client-report-exports', <ClientReportExportsPage />);
    expect(screen.getByText('Acme Health')).toBeTruthy();
    expect(screen.getByText('02/20/2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Clinic Survey' }).getAttribute('href')).toBe('/client-report-exports/7');
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 11, orderBy: 'projectName', orderDir: 'ASC' }));
    fireEvent.change(screen.getByPlaceholderText('Search Client & Projects...'), { target: { value: 'acme' } });
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'acme' }));
  }, 30000);
  it('searches from 2 characters on (spec §9 search minimum): one character lists everything', () => {
    at('/client-report-exports', '/client-report-exports', <ClientReportExportsPage />);
    fireEvent.change(screen.getByPlaceholderText('Search Client & Projects...'), { target: { value: 'a' } });
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ search: undefined }));
    fireEvent.change(screen.getByPlaceholderText('Search Client & Projects...'), { target: { value: 'ac' } });
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'ac' }));
  }, 30000);
});

describe('Client Data Exports', () => {
  it('saves header keys only with a FileName', async () => {
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 7, ...defaultRange() }), { skip: false });
    fireEvent.click(screen.getByLabelText('Header Keys'));
    const saveButton = screen.getByRole('button', { name: 'Save' });
    expect(saveButton.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/FileName/), { target: { value: 'Monthly' } });
    expect(saveButton.hasAttribute('disabled')).toBe(false);
    fireEvent.click(saveButton);
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ serviceRecoveryBody: { id: null, projectId: 7, srKeys: [], onlySr: false, filename: 'Monthly' } }));
  }, 30000);

  it('keeps the header-key editor usable with the full catalogue: search, pick several, select all in order', async () => {
    const catalogue = [...Array.from({ length: 55 }, (_, i) => (i === 34 ? 'Provider Required' : i === 40 ? 'Department Required' : `Key ${i}`)), 'Question 7'];
    calls.keys.mockReturnValue({ data: { data: catalogue, labels: { 'Question 7': 'Question 7: Overall rating' } }, isFetching: false });
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.click(screen.getByLabelText('Header Keys'));
    expect(screen.getByText('0 of 56 selected')).toBeTruthy();
    const search = screen.getByPlaceholderText('Search header keys...');
    search.focus(); // an unfocused Autocomplete resets its text
    fireEvent.change(search, { target: { value: 'required' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Provider Required', 'Department Required']);
    fireEvent.click(screen.getByRole('option', { name: 'Department Required' }));
    // a question is listed, and found, by its title
    fireEvent.change(search, { target: { value: 'overall' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Question 7: Overall rating']);
    fireEvent.change(search, { target: { value: '' } });
    // the list stays open for the next pick, without the picked key
    const left = screen.getAllByRole('option').map((o) => o.textContent);
    expect(left).toHaveLength(55);
    expect(left).not.toContain('Department Required');
    fireEvent.click(screen.getByRole('button', { name: 'Select All Keys' }));
    expect(screen.getByText('56 of 56 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Keys' }));
    expect(screen.getByText('0 of 56 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select All Keys' }));
    fireEvent.change(screen.getByLabelText(/FileName/), { target: { value: 'Everything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // every key, in the catalogue's order (the CSV's column order)
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ serviceRecoveryBody: { id: null, projectId: 7,
      srKeys: catalogue, onlySr: false, filename: 'Everything' } }));
  }, 30000);

  it('downloads after the "Download" confirmation and deletes after "Yes, Delete"', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly SR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ serviceRecoveryBody: { id: 5, ...defaultRange() } }));
    // the file the server streams, not rows built into a file in the browser
    expect(calls.download).toHaveBeenCalledWith({ id: 5, ...defaultRange() }, 'tok');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Weekly SR' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(calls.remove).toHaveBeenCalledWith({ id: 5 }));
  }, 30000);

  it('shows the server’s message for an empty export: no file, no download recorded (spec §8)', async () => {
    calls.download.mockRejectedValue(new ReportDownloadError(404, 'No Data Found'));
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly SR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.dispatch).toHaveBeenCalledWith(expect.objectContaining({ payload: expect.objectContaining({ kind: 'info', text: 'No Data Found' }) })));
    expect(calls.download).toHaveBeenCalledWith({ id: 5, ...defaultRange() }, 'tok');
    expect(calls.save).not.toHaveBeenCalled();
  }, 30000);

  it('shows any other refusal as an error and records no download', async () => {
    calls.download.mockRejectedValue(new ReportDownloadError(400, 'to: must not be after today (03/10/2026, Central)'));
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly SR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.dispatch).toHaveBeenCalledWith(expect.objectContaining({ payload: expect.objectContaining({ kind: 'error', text: 'to: must not be after today (03/10/2026, Central)' }) })));
    expect(calls.save).not.toHaveBeenCalled();
  }, 30000);

  it('shows the Download Date in Central time with seconds, marked CST (spec §9)', () => {
    calls.list.mockReturnValue({ data: { rows: [{ ...history, downloadedOn: '2026-07-01T17:05:09Z', fromTo: '06/01/2026 - 06/30/2026' }], count: 1 },
      isFetching: false, refetch: vi.fn() });
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    expect(screen.getByRole('cell', { name: '07/01/2026 12:05:09 PM CST' })).toBeTruthy();
  }, 30000);

  it('asks to download with the range as MM/DD/YYYY', () => {
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '2026-11-19' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly SR' }));
    expect(screen.getByText('Download "Weekly SR" for 11/19/2026 to 11/25/2026?')).toBeTruthy();
  }, 30000);

  it('says why Filter is disabled when From is after To', () => {
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2026-11-19' } });
    expect(screen.getByText('From must not be after To')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Filter' }) as HTMLButtonElement).disabled).toBe(true);
  }, 30000);

  it('says why Filter is disabled when To is after today: a download of that range would be refused', () => {
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '9999-01-02' } });
    expect(screen.getByText('To must not be after today')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Filter' }) as HTMLButtonElement).disabled).toBe(true);
  }, 30000);

  it('shows "No record found." for a project id that is not a number', () => {
    at('/client-report-exports/abc', '/client-report-exports/:id', <ClientDataExportsPage />);
    expect(screen.getByText('No record found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
  }, 30000);

  it('refuses a download without header keys', async () => {
    calls.list.mockReturnValue({ data: { rows: [{ ...history, srKeys: [] }], count: 1 }, isFetching: false, refetch: vi.fn() });
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly SR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.dispatch).toHaveBeenCalledWith(expect.objectContaining({ payload: expect.objectContaining({ text: 'No Header Keys Selected' }) })));
    expect(calls.download).not.toHaveBeenCalled();
  }, 30000);

  // the heading took the project's name from the first history row: a project without saved exports (every project
  // at first) showed a bare "Client Data Exports"
  it('names the project in the heading before any export is saved', () => {
    calls.list.mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false, refetch: vi.fn() });
    calls.projectName.mockReturnValue({ data: { id: 7, name: 'Clinic Survey' } });
    at('/client-report-exports/7', '/client-report-exports/:id', <ClientDataExportsPage />);
    expect(calls.projectName).toHaveBeenLastCalledWith({ id: 7 }, { skip: false });
    expect(screen.getByRole('heading', { name: 'Client Data Exports: Clinic Survey' })).toBeTruthy();
  }, 30000);
});
