import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { MySurveyorsPage } from './my-surveyors-page';
import { SurveyorProjectsPage } from './surveyor-projects-page';
import { SurveyorProjectDetailPage } from './surveyor-project-detail-page';

const calls = vi.hoisted(() => ({ list: vi.fn(), info: vi.fn(), user: { id: 11, role: 3 } as { id: number; role: number } }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: calls.user } }),
    useReportingListSurveyorsQuery: calls.list,
    useReportingSurveyorsInfoQuery: calls.info,
  };
});

const row = { id: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', phoneNumber: '5551234567', cid: 'C1', role: 5,
  isDeleted: false, projectCount: 1, goals: 10, surveys: 4, progress: 0.4, earnings: 20 };
const project = { projectId: 7, projectName: 'Clinic Survey', goals: 10, surveys: 4, progress: 0.4, earnings: 20, statusId: 2,
  timezone: 'America/Chicago', typeId: 0, periodStart: '2026-03-02', periodEnd: '2026-03-08' };
const info = { data: [{ id: 21, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', phoneNumber: '5551234567', projects: [project] }],
  isWeekly: true, periodStart: '2026-03-02', periodEnd: '2026-03-08' };

beforeEach(() => {
  calls.user = { id: 11, role: Role.ProjectManager };
  calls.list.mockReset().mockReturnValue({ data: { rows: [row], count: 1, isWeekly: true, periodStart: '2026-03-02', periodEnd: '2026-03-08' }, isFetching: false });
  calls.info.mockReset().mockReturnValue({ data: info, isFetching: false });
});

const at = (path: string, pattern: string, el: React.ReactNode) => render(
  <MemoryRouter initialEntries={[path]}><Routes><Route path={pattern} element={el} /></Routes></MemoryRouter>,
);

describe('My Surveyors keeps its list in the address (a reload, Back from a surveyor, a shared link)', () => {
  it('reads the search, period, sort and page from the address', () => {
    calls.list.mockReturnValue({ data: { rows: [row], count: 80, isWeekly: false, periodStart: null, periodEnd: null }, isFetching: false });
    at('/my-surveyors?search=sam&period=reporting&orderBy=email&orderDir=DESC&page=2&pageSize=25', '/my-surveyors', <MySurveyorsPage />);
    expect(calls.list).toHaveBeenLastCalledWith({ skip: 25, limit: 25, orderBy: 'email', orderDir: 'DESC', search: 'sam', managerId: 11, isWeekly: false });
    expect((screen.getByRole('textbox', { name: 'Search Surveyor...' }) as HTMLInputElement).value).toBe('sam');
  });
});

describe('My Surveyors', () => {
  it('asks for the manager’s own surveyors, searches from 2 characters and toggles the period', () => {
    at('/my-surveyors', '/my-surveyors', <MySurveyorsPage />);
    expect(screen.getByText('Sam Surveyor')).toBeTruthy();
    expect(screen.getByText('40.00%')).toBeTruthy();
    expect(screen.getByText('Current week: 03/02/26 – 03/08/26')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Projects of Sam Surveyor' }).getAttribute('href')).toBe('/my-surveyors/projects/21');
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 11, isWeekly: true, search: undefined, skip: 0 }));
    const box = screen.getByLabelText('Search Surveyor...');
    fireEvent.change(box, { target: { value: 'S' } });
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ search: undefined }));
    fireEvent.change(box, { target: { value: 'Sa' } });
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Sa' }));
    expect(screen.getByRole('columnheader', { name: 'Current Week Minimum Surveys' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Week-to-Date Surveys Completed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reporting Period' }));
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ isWeekly: false }));
    expect(screen.getByRole('columnheader', { name: 'Current Report-Period Minimum Surveys' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Report-Period-to-Date Surveys Completed' })).toBeTruthy();
  }, 30000);

  it('shows Operations every surveyor (no managerId) and hides earnings from a CIMR Manager', () => {
    calls.user = { id: 2, role: Role.Operations };
    const { unmount } = at('/all-surveyors', '/all-surveyors', <MySurveyorsPage />);
    expect(calls.list).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: undefined }));
    expect(screen.getByText('Earnings')).toBeTruthy();
    unmount();
    calls.user = { id: 6, role: Role.CimrManager };
    at('/all-surveyors', '/all-surveyors', <MySurveyorsPage />);
    expect(screen.queryByText('Earnings')).toBeNull();
  }, 30000);
});

describe('Surveyor projects and project details', () => {
  it('lists the surveyor’s projects with goals and status, linking to the project details', () => {
    at('/my-surveyors/projects/21', '/my-surveyors/projects/:id', <SurveyorProjectsPage />);
    expect(screen.getByRole('heading', { name: "Sam Surveyor's Projects" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clinic Survey' }).getAttribute('href')).toBe('/my-surveyors/21/7');
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(calls.info).toHaveBeenLastCalledWith({ surveyorId: 21, managerId: 11, isWeekly: true }, { skip: false });
  });

  it('heads the goal columns as the spec and the other goal screens do, progress with 2 decimals', () => {
    calls.info.mockReturnValue({ data: { ...info, data: [{ ...info.data[0], projects: [{ ...project, goals: 3, surveys: 1, progress: 0.3333 }] }] },
      isFetching: false });
    at('/my-surveyors/projects/21', '/my-surveyors/projects/:id', <SurveyorProjectsPage />);
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual(expect.arrayContaining(['Current Week Minimum Surveys', 'Week-to-Date Surveys Completed']));
    expect(heads).not.toContain('Weekly Goal');
    expect(screen.getByText('33.33%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reporting Period' }));
    const periodHeads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(periodHeads).toEqual(expect.arrayContaining(['Current Report-Period Minimum Surveys', 'Report-Period-to-Date Surveys Completed',
      'Reporting Period']));
    // each project's own reporting period
    expect(screen.getByText('03/02/26 – 03/08/26')).toBeTruthy();
  });

  it('goes back to the list the role has: My Surveyors for a Project Manager, All Surveyors otherwise', () => {
    const back = (prefix: string) => {
      const { unmount } = at(`${prefix}/my-surveyors/projects/21`, `${prefix}/my-surveyors/projects/:id`, <SurveyorProjectsPage />);
      const href = screen.getByRole('link', { name: 'Back' }).getAttribute('href');
      unmount();
      return href;
    };
    expect(back('/project-manager')).toBe('/project-manager/my-surveyors');
    calls.user = { id: 2, role: Role.Operations };
    expect(back('/ops')).toBe('/ops/all-surveyors');
    calls.user = { id: 6, role: Role.CimrManager };
    expect(back('/cimr')).toBe('/cimr/all-surveyors');
  });

  it('shows contact, time zone, status, week count and earnings (none for CIMR)', () => {
    const { unmount } = at('/my-surveyors/21/7', '/my-surveyors/:uid/:pid', <SurveyorProjectDetailPage />);
    expect(screen.getByText('sam@demo.test')).toBeTruthy();
    expect(screen.getByText('America/Chicago')).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(screen.getByText('4 / 10')).toBeTruthy();
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(calls.info).toHaveBeenLastCalledWith({ surveyorId: 21, projectId: 7, managerId: 11, isWeekly: true }, { skip: false });
    unmount();
    calls.user = { id: 6, role: Role.CimrManager };
    at('/my-surveyors/21/7', '/my-surveyors/:uid/:pid', <SurveyorProjectDetailPage />);
    expect(screen.queryByText('Earnings')).toBeNull();
  }, 30000);

  it('says so when the project is not the surveyor’s', () => {
    at('/my-surveyors/21/99', '/my-surveyors/:uid/:pid', <SurveyorProjectDetailPage />);
    expect(screen.getByText(/not assigned to this surveyor/)).toBeTruthy();
  });
});
