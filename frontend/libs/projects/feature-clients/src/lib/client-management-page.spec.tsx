import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { ClientManagementPage } from './client-management-page';

const api = vi.hoisted(() => ({ list: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useDeleteClientMutation: () => [vi.fn(), { isLoading: false }],
  useListClientsQuery: (arg: unknown) => {
    api.list(arg);
    return {
      isFetching: false,
      // created on the evening of 11/25 in Chicago: already 11/26 in UTC
      data: { count: 1, rows: [{ id: 9, name: 'Acme Health', abbr: 'ACME', stateId: 5, countryId: 1, createdAt: '2026-11-26T01:08:27Z', deletedAt: null, contacts: [] }] },
    };
  },
}));

describe('Client Management', () => {
  it('dates each client by its Central business day (spec §9), not by the UTC day', () => {
    render(<MemoryRouter><ClientManagementPage /></MemoryRouter>);
    const row = screen.getByRole('cell', { name: 'Acme Health' }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '11/25/2026' })).toBeTruthy();
  });
});

describe('Client Management keeps its list in the address (a reload, Back, a shared link)', () => {
  it('reads the search, sort and page from the address', () => {
    render(<MemoryRouter initialEntries={['/client-management?search=acme&orderBy=name&orderDir=DESC&page=2&pageSize=5']}><ClientManagementPage /></MemoryRouter>);
    expect(api.list).toHaveBeenCalledWith({ search: 'acme', skip: 5, limit: 5, orderBy: 'name', orderDir: 'DESC' });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('acme');
  });
});

