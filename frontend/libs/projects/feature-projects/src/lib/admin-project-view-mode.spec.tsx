import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ProjectListPage, ProjectManagementPage } from './admin-project-pages';

const api = vi.hoisted(() => ({ project: vi.fn(), list: vi.fn(), table: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetProjectQuery: api.project,
  useListProjectsQuery: api.list,
  useDeleteProjectMutation: () => [vi.fn(), { isLoading: false }],
}));
vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useSurveysGetQuestionnaireQuery: () => ({ data: undefined }),
}));
vi.mock('@frontend/shared-ui', async (importOriginal) => {
  const ui = await importOriginal<typeof import('@frontend/shared-ui')>();
  return {
    ...ui,
    DataTable: (props: Parameters<typeof ui.DataTable>[0]) => {
      api.table(props);
      return <ui.DataTable {...props} />;
    },
  };
});
// the screens behind the tabs only say whether they were opened read-only
vi.mock('./project-wizard', () => ({
  ProjectWizard: ({ readOnly, onDone }: { readOnly?: boolean; onDone: () => void }) => (
    <><p>Details {readOnly ? 'read-only' : 'editable'}</p><button onClick={() => onDone()}>Done</button></>
  ),
}));
vi.mock('./visit-info', () => ({
  VisitInfoPanel: ({ readOnly }: { readOnly?: boolean }) => <p>Additional Info {readOnly ? 'read-only' : 'editable'}</p>,
}));

beforeEach(() => {
  api.project.mockReset().mockReturnValue({ data: { id: 2, name: 'Clinic Survey', deletedAt: null, updatedAt: 'u' }, isError: false });
  api.list.mockReset().mockReturnValue({ isFetching: false, data: { count: 1, rows: [
    { id: 2, name: 'Clinic Survey', deadline: '2026-12-31', statusId: 2, deletedAt: null, typeId: 1, timezone: 'America/Chicago' }] } });
});

function Where() {
  const l = useLocation();
  return <output aria-label="route">{l.pathname + l.search}</output>;
}
const panels = {
  sampling: (id: number, readOnly: boolean) => <p>Sampling of {id} {readOnly ? 'read-only' : 'editable'}</p>,
  'roster-upload': (id: number, readOnly: boolean) => <p>Roster Upload of {id} {readOnly ? 'read-only' : 'editable'}</p>,
};
const open = (path: string) => render(
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route path="/projects/:id" element={<ProjectManagementPage panels={panels} />} />
      <Route path="/projects/:id/:mode" element={<ProjectManagementPage panels={panels} />} />
    </Routes>
    <Where />
  </MemoryRouter>,
);
const tab = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const route = () => screen.getByRole('status', { name: 'route' }).textContent;

describe('/admin/projects/:id/view: the tabs stay read-only (spec §2.3 "view mode is read-only")', () => {
  it('Sampling, then Details, from view mode: read-only all the way, back on /view', () => {
    open('/projects/2/view');
    expect(screen.getByText('Details read-only')).toBeTruthy();
    tab('Sampling');
    expect(route()).toBe('/projects/2/sampling?view');
    expect(screen.getByText('Sampling of 2 read-only')).toBeTruthy();
    tab('Roster Upload');
    expect(route()).toBe('/projects/2/roster-upload?view');
    expect(screen.getByText('Roster Upload of 2 read-only')).toBeTruthy();
    tab('Additional Info');
    expect(screen.getByText('Additional Info read-only')).toBeTruthy();
    tab('Details');
    expect(route()).toBe('/projects/2/view');
    expect(screen.getByText('Details read-only')).toBeTruthy();
  });

  it('from edit mode the tabs stay editable and Details is /admin/projects/{id}', () => {
    open('/projects/2');
    expect(screen.getByText('Details editable')).toBeTruthy();
    tab('Sampling');
    expect(route()).toBe('/projects/2/sampling');
    expect(screen.getByText('Sampling of 2 editable')).toBeTruthy();
    tab('Additional Info');
    expect(screen.getByText('Additional Info editable')).toBeTruthy();
    tab('Details');
    expect(route()).toBe('/projects/2');
    expect(screen.getByText('Details editable')).toBeTruthy();
  });
});

describe('Project List at 1440 px (ten columns beside the navigation)', () => {
  it('is a dense table whose row actions are small 28 px icon buttons, as on My Projects', () => {
    render(<MemoryRouter><ProjectListPage /></MemoryRouter>);
    expect(api.table).toHaveBeenLastCalledWith(expect.objectContaining({ caption: 'Projects', dense: true }));
    for (const a of ['View', 'Edit', 'Deactivate', 'Delete']) {
      const b = screen.getByRole('button', { name: `${a} Clinic Survey` });
      expect(b.querySelector('svg')?.getAttribute('class')).toContain('MuiSvgIcon-fontSizeSmall');
      expect(getComputedStyle(b).padding).toBe('4px');
    }
  });
});

describe('390 px phone (layout audit): nothing runs off the right edge', () => {
  it('the Project List filters wrap (search, project type and sort by were one row 536 px wide)', () => {
    render(<MemoryRouter><ProjectListPage /></MemoryRouter>);
    const filters = screen.getByLabelText('Project filters');
    expect(getComputedStyle(filters).flexWrap).toBe('wrap');
    expect(getComputedStyle(filters).gap).toBe('16px');
  });

  it('the seven project tabs wrap (Additional Info and PDF File Upload were past the edge)', () => {
    open('/projects/2/view');
    expect(getComputedStyle(screen.getByRole('group', { name: 'Project tabs' })).flexWrap).toBe('wrap');
  });
});

describe('Project List -> a project -> back', () => {
  it('returns to the list as it was left (search, sort), through the project\'s tabs', () => {
    render(
      <MemoryRouter initialEntries={['/project-list?search=clinic&orderBy=deadline&orderDir=DESC']}>
        <Routes>
          <Route path="/project-list" element={<ProjectListPage />} />
          <Route path="/projects/:id" element={<ProjectManagementPage panels={panels} />} />
          <Route path="/projects/:id/:mode" element={<ProjectManagementPage panels={panels} />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View Clinic Survey' }));
    expect(route()).toBe('/projects/2/view');
    tab('Sampling');
    tab('Details');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(route()).toBe('/project-list?search=clinic&orderBy=deadline&orderDir=DESC');
  });
});

