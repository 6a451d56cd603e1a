import { fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AccountsPage } from './accounts-page';

// the list keeps its filters, sort and page in the address: the page renders under a router, at `path`
const render = (ui: ReactElement, path = '/account-management') =>
  rtlRender(ui, { wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter> });

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

  it('offers a CIMR Manager only the role their directory lists (CIMR Surveyors: identity answers no other role)', () => {
    api.role = 8;
    render(<AccountsPage mode="directory" />);
    expect(offered()).toEqual(['All roles', 'CIMR Surveyor']);
  });

  it('offers others every role', () => {
    api.role = 2;
    render(<AccountsPage mode="directory" />);
    expect(offered()).toHaveLength(11);
  });
});

describe('Account Management when a filter fails to load', () => {
  const dee = { ...user, id: 2, firstName: 'Dee', lastName: 'Deactivated', email: 'dee@demo.test', isDeleted: true };
  // as RTK Query answers: `data` stays the last answer that loaded; the filter that failed has isError
  const down = { deactivated: true };
  let last: unknown;
  beforeEach(() => {
    down.deactivated = true;
    last = undefined;
    api.list.mockReset().mockImplementation((args: { isDeleted?: boolean }) => {
      if (args.isDeleted && down.deactivated) return { data: last, currentData: undefined, isError: true, isFetching: false };
      last = { rows: args.isDeleted ? [dee] : [user], count: 1 };
      return { data: last, currentData: last, isError: false, isFetching: false };
    });
  });

  it("shows no active users as the deactivated ones, says the records could not be loaded, then shows the deactivated", () => {
    const { rerender } = render(<AccountsPage mode="admin" />);
    const table = () => screen.getByRole('table', { name: 'Accounts' });
    expect(within(table()).getByText('admin@demo.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivated' }));
    expect(lastListQuery()).toMatchObject({ isDeleted: true });
    expect(within(table()).queryByText('admin@demo.test')).toBeNull();
    expect(within(table()).getByText('The records could not be loaded.')).toBeTruthy();
    expect(within(table()).queryByText('No records found.')).toBeNull();
    down.deactivated = false; // the network is back: the retry answers
    rerender(<AccountsPage mode="admin" />);
    expect(within(table()).getByText('dee@demo.test')).toBeTruthy();
    expect(within(table()).queryByText('The records could not be loaded.')).toBeNull();
  });
});

describe('Account Management on the signed-in admin\'s own row', () => {
  // identity refuses these on one's own account (400 "You cannot do this to your own account"): not offered
  const me = { ...user, id: 5, firstName: 'Me', email: 'me@demo.test' };
  beforeEach(() => api.list.mockReset().mockReturnValue({ data: { rows: [user, me], count: 2 }, isFetching: false }));

  it('offers view, edit and re-invite but no deactivate or delete on the own account; every action on the others', () => {
    render(<AccountsPage mode="admin" />);
    for (const label of ['View', 'Edit', 'Re-invite']) expect(screen.getByRole('button', { name: `${label} me@demo.test` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate me@demo.test' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete me@demo.test' })).toBeNull();
    for (const label of ['View', 'Edit', 'Re-invite', 'Deactivate', 'Delete']) expect(screen.getByRole('button', { name: `${label} admin@demo.test` })).toBeTruthy();
  });
});

describe('Account export', () => {
  beforeEach(() => api.list.mockReset().mockReturnValue({ data: { rows: [user], count: 1 }, isFetching: false }));

  it('downloads the server’s CSV under a name dated by the business day (America/Chicago), not the UTC date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z')); // 09:00 PM on 11/27 in Chicago
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    const fetch = vi.fn().mockResolvedValue(new Response('\ufeffFirstName\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetch);
    try {
      render(<AccountsPage mode="admin" />);
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['accounts-2026-11-27.csv']));
      expect(fetch.mock.calls[0][0]).toBe('/api/users/export?isDeleted=false');
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});

describe('Account Management keeps its list in the address (a reload, Back, a shared link)', () => {
  beforeEach(() => api.list.mockReset().mockReturnValue({ data: { rows: [user], count: 40 }, isFetching: false }));

  it('reads search, role, status, sort and page from the address, and writes a change back (page 1 again)', () => {
    const Where = () => <output data-testid="where">{useLocation().search}</output>;
    render(<><AccountsPage mode="admin" /><Where /></>, '/account-management?search=ada&role=3&status=deactivated&orderBy=email&orderDir=DESC&page=2');
    expect(lastListQuery()).toEqual({ search: 'ada', role: 3, isDeleted: true, skip: 10, limit: 10, orderBy: 'email', orderDir: 'DESC' });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ada');
    expect(screen.getByRole('button', { name: 'Deactivated' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    expect(screen.getByTestId('where').textContent).toBe('?search=ada&role=3&orderBy=email&orderDir=DESC');
    expect(lastListQuery()).toMatchObject({ isDeleted: false, skip: 0 });
  });
});

