import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { EscalationsPage } from './escalations-page';

const api = vi.hoisted(() => ({ surveyors: vi.fn(), user: { id: 11, role: 2 } as { id: number; role: number } }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: api.user } }),
  useCallingListEscalationsQuery: () => ({ data: { rows: [], count: 0 }, isFetching: false }),
  useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
  useReportingListSurveyorsQuery: api.surveyors,
}));

beforeEach(() => api.surveyors.mockReset().mockReturnValue({ data: { rows: [], count: 0 } }));

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
