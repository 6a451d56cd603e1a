import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { VisitInfoPanel } from './visit-info';

const CHECKLIST = ['Age', 'Cell Phone', 'Site', 'CHPW', 'Department', 'DOB', 'DOS', 'Ethnicity', 'Guarantor', 'Home Phone',
  'Language', 'MRN', 'Patient Name', 'Patient Type', 'Payer Type', 'Provider Name', 'Provider Type', 'Race', 'Sex'];

const api = vi.hoisted(() => ({ visitInfo: vi.fn(), save: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetVisitInfoQuery: api.visitInfo,
  useUpdateVisitInfoMutation: () => [api.save, { isLoading: false }],
}));

// by label, not by role: a role query walks the accessibility tree on each of the 19 boxes (seconds in jsdom)
const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Project Roster Additional Info', () => {
  beforeEach(() => {
    api.save.mockReset().mockReturnValue({ unwrap: () => Promise.resolve() });
    // a project that never saved a selection: the server answers every field shown, as the call screen shows them
    api.visitInfo.mockReturnValue({ data: { projectId: 7, fields: CHECKLIST.map((field) => ({ field, show: true })) } });
  });

  it('starts from the server answer: every box ticked for a project that saved no selection', () => {
    render(<VisitInfoPanel projectId={7} readOnly />);
    expect(CHECKLIST.every((f) => box(f).checked)).toBe(true);
    expect(CHECKLIST.every((f) => box(f).disabled)).toBe(true);
    expect(screen.queryByText('Update')).toBeNull();
  });

  it('Update sends exactly the ticked fields', () => {
    render(<VisitInfoPanel projectId={7} />);
    CHECKLIST.filter((f) => f !== 'Age' && f !== 'Race').forEach((f) => fireEvent.click(box(f)));
    fireEvent.click(screen.getByText('Update'));
    expect(api.save).toHaveBeenCalledWith({
      visitInfoUpdate: { projectId: 7, fields: CHECKLIST.map((field) => ({ field, show: field === 'Age' || field === 'Race' })) },
    });
  });

  // an Update pressed before the checklist arrived (or when it could not be read) sent fields: [], which the server
  // takes as "no field shown": every field left the call screen
  it('offers no Update while the checklist is loading', () => {
    api.visitInfo.mockReturnValue({ data: undefined, isLoading: true, isError: false });
    render(<VisitInfoPanel projectId={7} />);
    expect(screen.queryByText('Update')).toBeNull();
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('offers no Update when the project cannot be read, and says so', () => {
    api.visitInfo.mockReturnValue({ data: undefined, isLoading: false, isError: true });
    render(<VisitInfoPanel projectId={999} />);
    expect(screen.queryByText('Update')).toBeNull();
    expect(screen.getByText('No record found.')).toBeTruthy();
  });
});
