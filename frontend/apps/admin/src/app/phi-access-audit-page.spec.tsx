import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { PhiAccessAuditPage } from './phi-access-audit-page';

const lazy = vi.hoisted(() => (rows: unknown[]) => () => [vi.fn(() => ({ unwrap: () => Promise.resolve({ rows, count: rows.length }) })), { isFetching: false }]);

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => vi.fn(),
  useLazyCallingSearchCallingPhiAuditQuery: lazy([
    { id: 1, at: '2026-11-26T01:41:14Z', service: 'calling', userId: 2, userName: 'Paul Manager', userRole: 1, action: 'read', ip: '10.0.0.1' },
  ]),
  useLazySurveysSearchSurveysPhiAuditQuery: lazy([]),
  useLazyIdentityListSignInsQuery: lazy([]),
}));

vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  // a plain ISO-day field: the real picker loads MUI X lazily
  IsoDatePicker: ({ label }: { label: string }) => <input aria-label={label} />,
}));

describe('PHI Access Audit', () => {
  it('shows When as MM/DD/YYYY hh:mm:ss AM CST in Central time (spec §9), not in the browser’s locale format', async () => {
    render(<PhiAccessAuditPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('cell', { name: '11/25/2026 07:41:14 PM CST' })).toBeTruthy();
  });
});
