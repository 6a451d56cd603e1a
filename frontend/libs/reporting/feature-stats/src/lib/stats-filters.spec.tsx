import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { StatsFilters } from './stats-filters';

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 11, role: Role.ProjectManager }, token: 't' } }),
  useClearUnlistedSurveyor: () => undefined,
  useManagerOptions: () => ({ data: undefined }),
  useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
  useReportingSurveyorsInfoQuery: () => ({ data: undefined, currentData: undefined }),
}));

// The MUI date picker as a plain text box: clearing it gives the form '' as the picker does (onChange(null)).
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  IsoDatePicker: ({ label, value, onChange, error }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string }) => (
    <label>{label}<input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />{error && <span>{error}</span>}</label>
  ),
}));

describe('StatsFilters', () => {
  // platform spec §5: "Required fields show Required."
  it('says Required beside an emptied From and To, and does not apply the filter', async () => {
    const onApply = vi.fn();
    render(<StatsFilters initial={{ from: '2026-03-02', to: '2026-03-08', type: 1, surveyorId: null, projectId: null, managerId: null }} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(onApply).not.toHaveBeenCalled();
  }, 60_000);
});
