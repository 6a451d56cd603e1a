import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CallQualityPage } from './call-quality-page';

const api = vi.hoisted(() => ({
  quality: vi.fn<(arg: { from?: string }) => unknown>(() => ({ data: undefined, isFetching: false, isError: false })),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 11, role: 1 }, token: 't' } }),
  useAppDispatch: () => vi.fn(),
  useReportingGetCallQualityQuery: api.quality,
  useProjectsListProjectsQuery: () => ({ data: { rows: [], count: 0 } }),
}));

// The MUI date picker as a plain text box: clearing it gives the form '' as the picker does (onChange(null)).
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  IsoDatePicker: ({ label, value, onChange, error }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string }) => (
    <label>{label}<input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />{error && <span>{error}</span>}</label>
  ),
}));

describe('Call Quality filters', () => {
  // platform spec §5: "Required fields show Required."
  it('says Required beside an emptied From and To, and keeps the last query', async () => {
    render(<MemoryRouter><CallQualityPage /></MemoryRouter>);
    const calls = api.quality.mock.calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(api.quality.mock.calls.slice(calls).every(([arg]) => arg.from !== '')).toBe(true);
  }, 60_000);
});
