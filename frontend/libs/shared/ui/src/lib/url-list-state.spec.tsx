import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useUrlListState } from './url-list-state';

function List() {
  const { table, setTable, filters, setFilters } = useUrlListState({
    table: { orderBy: 'name' }, filters: { search: '', role: '' }, sortKeys: ['name', 'email'],
  });
  const { search } = useLocation();
  return (
    <>
      <output data-testid="state">{JSON.stringify({ table, filters })}</output>
      <output data-testid="address">{search}</output>
      <button onClick={() => setTable({ ...table, page: table.page + 1 })}>Next</button>
      <button onClick={() => setTable({ ...table, page: 1, orderBy: 'email', orderDir: 'DESC' })}>Sort</button>
      {/* two changes in one handler, as the screens' filters did: both stay */}
      <button onClick={() => { setFilters({ search: 'ad' }); setFilters({ role: '3' }); }}>Filter</button>
      <button onClick={() => setFilters({ search: '', role: '' })}>Clear</button>
    </>
  );
}

const at = (path: string) => render(<MemoryRouter initialEntries={[path]}><List /></MemoryRouter>);
const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '') as unknown;
const address = () => screen.getByTestId('address').textContent;

describe('useUrlListState', () => {
  it('reads the page, sort and filters of the address (a reload, Back, a link)', () => {
    at('/list?search=ma&role=2&page=3&pageSize=25&orderBy=email&orderDir=DESC');
    expect(state()).toEqual({ table: { page: 3, pageSize: 25, orderBy: 'email', orderDir: 'DESC' }, filters: { search: 'ma', role: '2' } });
  });

  it('reads what the list would not send as its default', () => {
    at('/list?page=-1&pageSize=7&orderBy=password&orderDir=DESC');
    expect(state()).toEqual({ table: { page: 1, pageSize: 10, orderBy: 'name', orderDir: 'ASC' }, filters: { search: '', role: '' } });
  });

  it('writes only what differs from the defaults, and a filter change goes back to page 1', () => {
    at('/list');
    expect(address()).toBe('');
    fireEvent.click(screen.getByText('Next'));
    fireEvent.click(screen.getByText('Next'));
    expect(address()).toBe('?page=3');
    fireEvent.click(screen.getByText('Sort'));
    expect(address()).toBe('?orderBy=email&orderDir=DESC');
    fireEvent.click(screen.getByText('Next'));
    fireEvent.click(screen.getByText('Filter'));
    expect(address()).toBe('?orderBy=email&orderDir=DESC&search=ad&role=3');
    fireEvent.click(screen.getByText('Clear'));
    expect(address()).toBe('?orderBy=email&orderDir=DESC');
  });
});
