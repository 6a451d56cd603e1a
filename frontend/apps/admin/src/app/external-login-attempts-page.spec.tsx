import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ExternalLoginAttemptsPage } from './external-login-attempts-page';

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => vi.fn(),
  useLazyIdentityRevealExternalPasswordQuery: () => [vi.fn(), { isFetching: false }],
  useIdentityListExternalAttemptsQuery: () => ({
    isFetching: false,
    data: { count: 1, rows: [{ id: 1, email: 'x@ext.test', apwd: '••••', ipAddress: null, createdAt: '2026-11-26T01:41:14Z' }] },
  }),
}));

describe('External Login Attempts', () => {
  it('shows Attempted At as MM/DD/YYYY hh:mm:ss AM CST in Central time (spec §9), not in the browser’s locale format', () => {
    render(<ExternalLoginAttemptsPage />);
    expect(screen.getByRole('cell', { name: '11/25/2026 07:41:14 PM CST' })).toBeTruthy();
  });
});
