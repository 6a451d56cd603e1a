import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { AccountsPage } from './accounts-page';

const api = vi.hoisted(() => ({ list: vi.fn(), role: 0 }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  const mutation = () => [vi.fn(), { isLoading: false }];
  return {
    ...actual,
    useAppDispatch: () => vi.fn(),
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { token: 't0k', user: { id: 5, role: api.role } } }),
    useIdentityListUsersQuery: api.list,
    useIdentityDeleteUserMutation: mutation,
    useIdentitySetUserStatusMutation: mutation,
    useIdentityInviteUserMutation: mutation,
    useIdentityCreateUserMutation: mutation,
    useIdentityUpdateUserMutation: mutation,
    useProjectsListLanguagesQuery: () => ({ data: { rows: [], count: 0 } }),
  };
});

// The table's query (the closed Add/Edit dialogs ask for CIMR managers with the same hook, skipped).
const lastListQuery = () => api.list.mock.calls.filter((c) => !(c[1] as { skip?: boolean } | undefined)?.skip).at(-1)?.[0];

const user = { id: 1, firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.test', role: 0, phoneNumber: '2025550101', isDeleted: false, invitationPending: false };

describe('Account Management table (spec §2.6 "Table supports sorting")', () => {
  beforeEach(() => api.list.mockReset().mockReturnValue({ data: { rows: [user], count: 1 }, isFetching: false }));

  it.each([
    ['Email', 'email'], ['Role', 'role'], ['Contact Number', 'phoneNumber'], ['Status', 'status'],
  ])('sorts by %s on the server (orderBy=%s), then the other way', (label, key) => {
    render(<AccountsPage mode="admin" />);
    const table = screen.getByRole('table', { name: 'Accounts' });
    const header = () => within(table).getByRole('button', { name: label });
    fireEvent.click(header());
    expect(lastListQuery()).toMatchObject({ orderBy: key, orderDir: 'ASC', skip: 0 });
    expect(within(table).getByRole('columnheader', { name: new RegExp(label) }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header());
    expect(lastListQuery()).toMatchObject({ orderBy: key, orderDir: 'DESC' });
  });
});

describe('User Directory role filter', () => {
  beforeEach(() => api.list.mockReset().mockReturnValue({ data: { rows: [user], count: 1 }, isFetching: false }));
  afterEach(() => { api.role = 0; });
  const offered = () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    return within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  };

  it('offers a CIMR Manager only the roles they can read (CIMR Surveyors, their own account)', () => {
    api.role = 8;
    render(<AccountsPage mode="directory" />);
    expect(offered()).toEqual(['All roles', 'CIMR Surveyor', 'CIMR Manager']);
  });

  it('offers others every role', () => {
    api.role = 2;
    render(<AccountsPage mode="directory" />);
    expect(offered()).toHaveLength(11);
  });
});
