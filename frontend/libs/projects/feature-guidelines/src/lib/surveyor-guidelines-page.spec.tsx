import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { NO_GUIDELINES } from '@frontend/projects-data-access';
import { SurveyorGuidelinesPage } from './surveyor-guidelines-page';

const api = vi.hoisted(() => ({ list: vi.fn(), dispatch: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => api.dispatch,
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { token: 't', user: { id: 11, role: 1 } } }), // Project Manager
}));
vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useListGuidelinesQuery: api.list,
  useUploadGuidelineMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  FileDropZone: ({ onReject }: { onReject: (m: string) => void }) => (
    <button type="button" onClick={() => onReject('Only .pdf files can be uploaded (roster.csv).')}>Drop wrong file</button>
  ),
}));

const open = (id: string) => render(
  <MemoryRouter initialEntries={[`/project-manager/surveyor-guidelines/${id}`]}>
    <Routes><Route path="/project-manager/surveyor-guidelines/:id" element={<SurveyorGuidelinesPage />} /></Routes>
  </MemoryRouter>,
);

beforeEach(() => {
  api.list.mockReset().mockReturnValue({ data: { rows: [], count: 0 }, isLoading: false });
  api.dispatch.mockReset();
});

describe('Surveyor Guidelines (project manager)', () => {
  it('shows the server message and no upload for an unknown project', () => {
    api.list.mockReturnValue({ data: undefined, isLoading: false, error: { status: 404, message: 'Project 999 not found' } });
    open('999');
    expect(screen.getByText('Project 999 not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Drop wrong file' })).toBeNull();
    expect(screen.queryByText(NO_GUIDELINES)).toBeNull();
  });

  it('offers the upload when the project has no guidelines yet, and reports a wrong file type as 415 like Roster Upload', () => {
    open('7');
    expect(screen.getByText(NO_GUIDELINES)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Drop wrong file' }));
    expect(api.dispatch).toHaveBeenCalledWith(expect.objectContaining({
      payload: expect.objectContaining({ text: 'Only .pdf files can be uploaded (roster.csv).', detail: 'Status 415' }),
    }));
  });
});

describe('PDF File Upload read-only (the admin opened the project in view mode)', () => {
  it('shows the guidelines without the upload', () => {
    render(
      <MemoryRouter initialEntries={['/projects/7/pdf-upload']}>
        <Routes><Route path="/projects/:id/:mode" element={<SurveyorGuidelinesPage readOnly />} /></Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText(NO_GUIDELINES)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Drop wrong file' })).toBeNull();
  });
});
