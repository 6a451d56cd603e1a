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
