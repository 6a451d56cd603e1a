import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { SurveyExportPage } from './survey-export-page';

const api = vi.hoisted(() => ({ download: vi.fn(), dispatch: vi.fn(), projectName: vi.fn(), surveyors: vi.fn(), languages: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    projectsGenerated: { ...actual.projectsGenerated, useProjectsGetProjectNameQuery: api.projectName },
    useAppDispatch: () => api.dispatch,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { token: 't' } }),
    useSurveysExportSurveyorsQuery: (...a: unknown[]) => { api.surveyors(...a); return { data: { rows: [] } }; },
    useProjectsListLanguagesQuery: (...a: unknown[]) => { api.languages(...a); return { data: { rows: [] }, isError: false }; },
  };
});
vi.mock('@frontend/surveys-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/surveys-data-access')>()),
  downloadCsv: api.download,
}));
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  // a plain ISO-day field: the real picker loads MUI X lazily
  IsoDatePicker: ({ label, value, onChange, error }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string }) => (
    <span><input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />{error && <span>{error}</span>}</span>
  ),
}));

const page = (state?: unknown) => render(
  <MemoryRouter initialEntries={[{ pathname: '/survey-export/7', state }]}><Routes><Route path="/survey-export/:id" element={<SurveyExportPage />} /></Routes></MemoryRouter>,
);
const exportButton = () => screen.getByRole('button', { name: 'Export Csv' }) as HTMLButtonElement;

beforeEach(() => {
  api.download.mockReset().mockResolvedValue(undefined);
  api.dispatch.mockReset();
  api.projectName.mockReset().mockReturnValue({ data: undefined });
  api.surveyors.mockReset();
  api.languages.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('Survey Data Export', () => {
  it('defaults to the last week of the business calendar: at 9 PM in Chicago the browser’s UTC day is already tomorrow', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
    page();
    expect((screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement).value).toBe('2026-11-18');
    expect((screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toBe('2026-11-25');
    fireEvent.click(exportButton());
    await waitFor(() => expect(api.download).toHaveBeenCalledWith('/api/survey-export?projectId=7&from=2026-11-18&to=2026-11-25', 't', 'survey-export-7.csv'));
  });

  it('refuses a From after To, as Roster Export', () => {
    page();
    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2026-11-19' } });
    expect(screen.getByText('From must not be after To')).toBeTruthy();
    expect(exportButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2026-11-20' } });
    expect(screen.queryByText('From must not be after To')).toBeNull();
    expect(exportButton().disabled).toBe(false);
  });

  it("says 'No Data Found' as an info notice, not a red failure, when nothing matches; other failures stay alerts", async () => {
    api.download.mockRejectedValueOnce({ status: 404, message: 'No Data Found' });
    page();
    fireEvent.click(exportButton());
    await waitFor(() => expect(api.dispatch).toHaveBeenCalledTimes(1));
    expect(api.dispatch.mock.calls[0][0].payload).toMatchObject({ kind: 'info', text: 'No Data Found' });
    api.download.mockRejectedValueOnce({ status: 404, message: 'Project 7 not found' });
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    fireEvent.click(exportButton());
    await waitFor(() => expect(api.dispatch).toHaveBeenCalledTimes(2));
    expect(api.dispatch.mock.calls[1][0].payload).not.toMatchObject({ kind: 'info' });
  });

  it('names the project from My Projects in the heading', () => {
    page({ projectId: 7, projectName: 'Clinic Survey' });
    expect(screen.getByRole('heading', { name: 'Survey Data Export — Clinic Survey' })).toBeTruthy();
  });

  it('names the project when opened by its address (a reload, a bookmark), asking the server', () => {
    api.projectName.mockReturnValue({ data: { id: 7, name: 'Clinic Survey' } });
    page();
    expect(api.projectName).toHaveBeenLastCalledWith({ id: 7 }, { skip: false });
    expect(screen.getByRole('heading', { name: 'Survey Data Export — Clinic Survey' })).toBeTruthy();
  });

  // /project-manager/survey-export/99999 showed two alerts: the name lookup's "not found" and the surveys service's
  // "not known yet" (and asked the languages too); the name lookup's answer is now the one message
  it('asks nothing more for a project the name lookup does not find, and offers no export', () => {
    api.projectName.mockReturnValue({ data: undefined, isError: true, error: { status: 404, message: 'Project 7 not found' } });
    page();
    expect(api.surveyors).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: true });
    expect(api.languages).toHaveBeenLastCalledWith({ projectId: 7, paginated: false }, { skip: true });
    expect(screen.getByText('No record found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export Csv' })).toBeNull();
  });

  it('asks for the surveyors once the project is known', () => {
    page();  // the name lookup still under way
    expect(api.surveyors).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: true });
    api.projectName.mockReturnValue({ data: { id: 7, name: 'Clinic Survey' } });
    page();
    expect(api.surveyors).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: false });
    page({ projectId: 7, projectName: 'Clinic Survey' });  // named by My Projects: no lookup to wait for
    expect(api.surveyors).toHaveBeenLastCalledWith({ projectId: 7 }, { skip: false });
  });

  // an address whose id is no project id ("abc", "0") showed the whole form; Export Csv then sent projectId=NaN
  it('shows the not-found page for an id that is no project id', () => {
    for (const id of ['abc', '0']) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[`/survey-export/${id}`]}><Routes><Route path="/survey-export/:id" element={<SurveyExportPage />} /></Routes></MemoryRouter>);
      expect(screen.getByText('the page you are looking for is not found')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Export Csv' })).toBeNull();
      unmount();
    }
  });
});
