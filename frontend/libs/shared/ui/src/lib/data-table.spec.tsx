import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DataTable, FAILED_TEXT, STALE_TEXT, type TableState } from './data-table';
import { SimpleTable } from './simple-table';

type Row = { id: number; name: string };

function Harness({ rows, count, failed, loading, emptyText, onState, page = 1 }: {
  rows: Row[]; count: number; failed?: boolean; loading?: boolean; emptyText?: string; onState?: (s: TableState) => void; page?: number;
}) {
  const [state, setState] = useState<TableState>({ page, pageSize: 10, orderDir: 'ASC' });
  return (
    <DataTable<Row> caption="People" columns={[{ key: 'name', label: 'Name' }]} rows={rows} count={count} state={state}
      onStateChange={(s) => { setState(s); onState?.(s); }} rowKey={(r) => r.id} failed={failed} loading={loading} emptyText={emptyText} />
  );
}

describe('DataTable when its records could not be loaded', () => {
  it('says so instead of the empty text', () => {
    render(<Harness rows={[]} count={0} failed emptyText="No such person." />);
    expect(screen.getByText(FAILED_TEXT)).toBeTruthy();
    expect(FAILED_TEXT).toBe('The records could not be loaded.');
    expect(screen.queryByText('No such person.')).toBeNull();
    expect(screen.queryByText('No records found.')).toBeNull();
  });

  it("keeps the screen's own empty text for a real empty answer", () => {
    render(<Harness rows={[]} count={0} emptyText="No such person." />);
    expect(screen.getByText('No such person.')).toBeTruthy();
    expect(screen.queryByText(FAILED_TEXT)).toBeNull();
  });

  it('says Loading… while the next try loads', () => {
    render(<Harness rows={[]} count={0} failed loading />);
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('does not move off a page that failed to load (its count of 0 says nothing)', () => {
    const seen: TableState[] = [];
    render(<Harness rows={[]} count={0} failed page={3} onState={(s) => seen.push(s)} />);
    expect(seen).toEqual([]);
  });
});

describe('DataTable when only a refetch of the rows it shows failed', () => {
  it('keeps the rows and warns above the table that they could not be refreshed', () => {
    render(<Harness rows={[{ id: 1, name: 'Ann' }, { id: 2, name: 'Bo' }]} count={2} failed />);
    expect(STALE_TEXT).toBe('The records could not be refreshed; showing the last loaded rows.');
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain(STALE_TEXT);
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.getByText('Bo')).toBeTruthy();
    expect(screen.queryByText(FAILED_TEXT)).toBeNull();
    // the warning comes before the table
    expect(warning.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no warning while the rows are fresh, nor while a retry loads', () => {
    const { rerender } = render(<Harness rows={[{ id: 1, name: 'Ann' }]} count={1} />);
    expect(screen.queryByText(STALE_TEXT)).toBeNull();
    rerender(<Harness rows={[{ id: 1, name: 'Ann' }]} count={1} failed loading />);
    expect(screen.queryByText(STALE_TEXT)).toBeNull();
  });
});

describe('SimpleTable when its figures could not be loaded', () => {
  it('keeps figures that only failed to refresh, with the warning', () => {
    render(<SimpleTable<Row> caption="Figures" columns={[{ key: 'name', label: 'Name' }]} rows={[{ id: 1, name: 'Ann' }]} rowKey={(r) => r.id} failed />);
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(STALE_TEXT);
    expect(screen.queryByText(FAILED_TEXT)).toBeNull();
  });


  it('says so instead of the empty text', () => {
    const { rerender } = render(<SimpleTable<Row> caption="Figures" columns={[{ key: 'name', label: 'Name' }]} rows={[]} rowKey={(r) => r.id} failed />);
    expect(screen.getByText(FAILED_TEXT)).toBeTruthy();
    expect(screen.queryByText('No records found.')).toBeNull();
    rerender(<SimpleTable<Row> caption="Figures" columns={[{ key: 'name', label: 'Name' }]} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No records found.')).toBeTruthy();
  });
});

describe('DataTable pinLastColumn (row actions stay reachable on a narrow window)', () => {
  const table = (pin?: boolean) => render(
    <DataTable<Row> caption="People" columns={[{ key: 'name', label: 'Name' }, { key: 'action', label: 'Action', render: () => <button>Open</button> }]}
      rows={[{ id: 1, name: 'Ann' }]} count={1} state={{ page: 1, pageSize: 10, orderDir: 'ASC' }} onStateChange={() => undefined}
      rowKey={(r) => r.id} pinLastColumn={pin} />,
  );

  it('keeps the last column at the right edge of the scrolling box, on a background, the others scroll beneath it', () => {
    table(true);
    const last = [screen.getByRole('columnheader', { name: 'Action' }), screen.getByRole('button', { name: 'Open' }).closest('td') as HTMLElement];
    for (const c of last) {
      const style = getComputedStyle(c);
      expect(style.position).toBe('sticky');
      expect(style.right).toBe('0px');
      expect(style.backgroundColor).not.toBe('');
    }
    expect(getComputedStyle(screen.getByRole('columnheader', { name: 'Name' })).position).not.toBe('sticky');
  });

  it('leaves every column in place without it', () => {
    table();
    expect(getComputedStyle(screen.getByRole('columnheader', { name: 'Action' })).position).not.toBe('sticky');
  });
});
