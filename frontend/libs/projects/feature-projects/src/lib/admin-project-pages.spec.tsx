import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { NOT_FOUND_TEXT } from '@frontend/shared-util';
import { ProjectManagementPage } from './admin-project-pages';

const api = vi.hoisted(() => ({ project: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetProjectQuery: api.project,
}));

beforeEach(() => api.project.mockReset().mockReturnValue({ data: { id: 1, name: 'Clinic Survey', deletedAt: null }, isError: false }));

const open = (path: string) => render(
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route path="/projects/:id/:mode" element={<ProjectManagementPage panels={{ sampling: (id) => <p>Sampling of {id}</p> }} />} />
    </Routes>
  </MemoryRouter>,
);

describe('/admin/projects/:id/:mode (spec §2.3: view is read-only Details, the other modes are the sub-views)', () => {
  it.each(['edit', 'details', 'nonsense'])('an unknown mode (%s) is the not-found page, without asking for the project', (mode) => {
    open(`/projects/1/${mode}`);
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Project tabs' })).toBeNull();
    expect(screen.queryByText(/is served by its own screen/)).toBeNull();
    expect(api.project).toHaveBeenLastCalledWith({ projectId: 1, isAdmin: true }, { skip: true });
  });

  it('a project id that is not a number is the not-found page too', () => {
    open('/projects/abc/view');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
  });

  it('a sub-view shows its tab selected and its panel', () => {
    open('/projects/1/sampling');
    expect(screen.queryByText(NOT_FOUND_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sampling' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Sampling of 1')).toBeTruthy();
  });
});
