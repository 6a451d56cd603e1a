import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { BarChart, chartConfig, wholeTickAmount } from './bar-chart';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, toServerQuery, type TableState } from './data-table';
import { DROP_TEXT, FileDropZone } from './file-drop-zone';
import { PhoneDisplay } from './phone-display';

// jsdom has no SVG layout (getBBox): the chart library itself is replaced by a probe.
vi.mock('react-apexcharts', () => ({
  default: (props: { series: { name: string; type: string }[] }) => (
    <div data-testid="apex">{props.series.map((s) => `${s.type}:${s.name}`).join(',')}</div>
  ),
}));

type Row = { id: number; name: string };
/** The latest table state the harness reported (fails the test when there is none). */
function last(seen: TableState[]): TableState {
  const s = seen.at(-1);
  if (!s) throw new Error('no table state reported');
  return s;
}

function Harness({ count, rows, onState, loading, fixedPageSize, countIsExact }: { count: number; rows: Row[]; onState?: (s: TableState) => void; loading?: boolean; fixedPageSize?: number; countIsExact?: boolean }) {
  const [state, setState] = useState<TableState>({ page: 1, pageSize: fixedPageSize ?? 10, orderDir: 'ASC' });
  return (
    <DataTable<Row>
      columns={[{ key: 'name', label: 'Name', sortable: true }]}
      rows={rows}
      count={count}
      state={state}
      onStateChange={(s) => { setState(s); onState?.(s); }}
      rowKey={(r) => r.id}
      loading={loading}
      fixedPageSize={fixedPageSize !== undefined}
      countIsExact={countIsExact}
    />
  );
}

describe('DataTable', () => {
  it('says No records found. when empty and hides the go-to-page picker', () => {
    render(<Harness count={0} rows={[]} />);
    expect(screen.getByText('No records found.')).toBeTruthy();
    expect(screen.queryByLabelText('Go to page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('with a fixed page size (the sampling tables: 50) shows paging only above one page, without a size picker', () => {
    const { unmount } = render(<Harness count={50} rows={[{ id: 1, name: 'a' }]} fixedPageSize={50} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    unmount();
    render(<Harness count={51} rows={[{ id: 1, name: 'a' }]} fixedPageSize={50} />);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });

  it('pages with First / Previous / Next / Last and offers go-to-page beyond 3 pages', () => {
    const seen: TableState[] = [];
    render(<Harness count={45} rows={[{ id: 1, name: 'a' }]} onState={(s) => seen.push(s)} />);
    expect(screen.getByText('Page 1 of 5')).toBeTruthy();
    expect(screen.getAllByLabelText('Go to page').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Page 5 of 5')).toBeTruthy();
    expect(toServerQuery(last(seen))).toEqual({ skip: 40, limit: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByText('Page 1 of 5')).toBeTruthy();
  });

  it('with a count that is only a lower bound says "at least" and offers no Last', () => {
    render(<Harness count={10011} rows={[{ id: 1, name: 'a' }]} countIsExact={false} />);
    expect(screen.getByText('1–10 of at least 10,011')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1002+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('moves to the last page that exists when the row count shrinks', () => {
    const seen: TableState[] = [];
    const rows = [{ id: 1, name: 'a' }];
    const { rerender } = render(<Harness count={45} rows={rows} onState={(s) => seen.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(toServerQuery(last(seen))).toMatchObject({ skip: 40 });
    rerender(<Harness count={12} rows={rows} onState={(s) => seen.push(s)} loading />);
    expect(seen).toHaveLength(1); // not while loading
    rerender(<Harness count={12} rows={rows} onState={(s) => seen.push(s)} />);
    expect(seen.at(-1)).toMatchObject({ page: 2 });
    expect(toServerQuery(last(seen))).toMatchObject({ skip: 10, limit: 10 });
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    rerender(<Harness count={0} rows={[]} onState={(s) => seen.push(s)} />);
    expect(seen.at(-1)).toMatchObject({ page: 1 });
  });

  it('sorts by a column, toggling the direction', () => {
    const seen: TableState[] = [];
    render(<Harness count={3} rows={[{ id: 1, name: 'a' }]} onState={(s) => seen.push(s)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(toServerQuery(last(seen))).toMatchObject({ orderBy: 'name', orderDir: 'ASC' });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(seen.at(-1)).toMatchObject({ orderBy: 'name', orderDir: 'DESC', page: 1 });
  });

  it('offers the page sizes of the spec', () => {
    render(<Harness count={3} rows={[{ id: 1, name: 'a' }]} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['1', '5', '10', '25', '50', '100', '200', '500', '1000', '5000']);
  });

  it('with two tables on a screen, names each table\'s pickers by its own labels (no shared ids)', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `r${i}` }));
    const { container } = render(<><Harness count={100} rows={rows} /><Harness count={100} rows={rows} /></>);
    expect(screen.getAllByRole('combobox', { name: 'Rows per page' })).toHaveLength(2);
    expect(screen.getAllByRole('combobox', { name: 'Go to page' })).toHaveLength(2);
    const ids = [...container.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('PhoneDisplay', () => {
  it('formats ten digits, optionally with +1, and leaves other input alone', () => {
    const { rerender, container } = render(<PhoneDisplay value="512-555-0147" />);
    expect(container.textContent).toBe('(512) 555-0147');
    rerender(<PhoneDisplay value="15125550147" withCountry />);
    expect(container.textContent).toBe('+1 (512) 555-0147');
    rerender(<PhoneDisplay value="(***) ***-1234" />);
    expect(container.textContent).toBe('(***) ***-1234');
    rerender(<PhoneDisplay value={null} />);
    expect(container.textContent).toBe('N/A');
  });
});

describe('FileDropZone', () => {
  it('shows the text and a progress bar while uploading, and passes an accepted file on', async () => {
    const onFile = vi.fn();
    const { rerender, container } = render(<FileDropZone onFile={onFile} />);
    expect(screen.getByText(DROP_TEXT)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('.csv');
    expect(input.accept).toContain('.pdf');
    const file = new File(['a,b'], 'roster.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await vi.waitFor(() => expect(onFile).toHaveBeenCalledWith(file));
    rerender(<FileDropZone onFile={onFile} progress={40} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });
});

describe('BarChart', () => {
  it('builds columns plus an optional line overlay with a legend', async () => {
    const cfg = chartConfig({ categories: ['W1', 'W2'], bars: [{ name: 'Completes', data: [1, 2] }], line: { name: 'Goal', data: [2, 2] } });
    expect(cfg.series.map((s) => s.type)).toEqual(['column', 'line']);
    expect(cfg.options.legend.show).toBe(true);
    // a single legend row in series order, not one column per y-axis
    expect(cfg.options.legend.clusterGroupedSeries).toBe(false);
    expect(cfg.options.stroke.width).toEqual([0, 3]);
    // no y-axis asked for: no `yaxis` key at all (ApexCharts hangs on an update that sets it to undefined)
    expect('yaxis' in cfg.options).toBe(false);
    expect(chartConfig({ categories: ['W1'], bars: [{ name: 'C', data: [1] }], yMax: 10 }).options).toMatchObject({ yaxis: { min: 0, max: 10 } });
    render(<BarChart categories={['W1']} bars={[{ name: 'Completes', data: [1] }]} />);
    expect((await screen.findByTestId('apex')).textContent).toBe('column:Completes');
  });
  it('gives ApexCharts a name a user typed as text in every place it writes HTML (tooltip, legend)', () => {
    // the dispositions chart's categories are project, site, provider and surveyor names: ApexCharts sets the
    // tooltip title with innerHTML, so a site named <img onerror> ran as markup on hover
    const evil = '<img src=x onerror="alert(1)">&Co\'s';
    const shown = '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;Co&#39;s';
    const { options } = chartConfig({ categories: ['Site 7 – Nord 😀', evil], bars: [{ name: evil, data: [1, 2] }] });
    // ApexCharts hands the tooltip's formatter the point's number on this axis, and the point's index
    expect(options.tooltip.x.formatter(2, { dataPointIndex: 1 })).toBe(shown);
    expect(options.tooltip.x.formatter(1, { dataPointIndex: 0 })).toBe('Site 7 – Nord 😀');
    expect(options.tooltip.y.title.formatter(evil)).toBe(shown);
    expect(options.legend.formatter(evil)).toBe(shown);
    // the parsed HTML is the name itself, as text, with no element
    const div = document.createElement('div');
    div.innerHTML = options.tooltip.x.formatter(2, { dataPointIndex: 1 });
    expect(div.children).toHaveLength(0);
    expect(div.textContent).toBe(evil);
  });
  it('sends a chart without a title as an empty title, so that a title drawn before goes away', () => {
    // ApexCharts merges an update into the options it has: without a title in it, a "Loading…" title drawn during
    // a refetch stayed over the chart after the new figures came (Surveyor Call Stats)
    const base = { categories: ['W1'], bars: [{ name: 'C', data: [1] }] };
    expect(chartConfig({ ...base, title: 'Loading…' }).options.title).toEqual({ text: 'Loading…' });
    expect(chartConfig(base).options.title).toEqual({ text: '' });
  });
  it('labels every y axis without decimals when asked (counts, whole percentages)', () => {
    const { options } = chartConfig({ categories: ['Mon', 'Tue'], bars: [{ name: 'Surveys', data: [3, 0] }], yMax: 13,
      line: { name: 'Rate', data: [60, null] }, lineMax: 100, wholeNumbers: true });
    expect((options.yaxis as { decimalsInFloat?: number }[]).map((a) => a.decimalsInFloat)).toEqual([0, 0]);
    // 13 has no whole split into 4-10 ticks (labels are rounded); 100 has ten of 10
    expect((options.yaxis as { tickAmount?: number }[]).map((a) => a.tickAmount)).toEqual([undefined, 10]);
    expect(wholeTickAmount(14)).toBe(7);
    expect(wholeTickAmount(1000)).toBe(10);
    expect(chartConfig({ categories: ['Mon'], bars: [{ name: 'S', data: [1] }], wholeNumbers: true }).options).toMatchObject({ yaxis: { decimalsInFloat: 0 } });
  });
});

describe('ConfirmDialog', () => {
  it('confirms and cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Delete Language" message="Delete Korean?" confirmLabel="Yes, Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Language' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('is labelled by its own title and described by its message, also with a second question open', () => {
    render(<>
      <ConfirmDialog open title="Delete Language" message="Delete Korean?" onConfirm={vi.fn()} onCancel={vi.fn()} />
      <ConfirmDialog open title="Logout" message="Would you like to stay on this page?" onConfirm={vi.fn()} onCancel={vi.fn()} />
    </>);
    // the second modal hides the first from the accessibility tree, so both are looked up with hidden: true
    expect(screen.getByRole('dialog', { hidden: true, name: 'Delete Language', description: 'Delete Korean?' })).toBeTruthy();
    expect(screen.getByRole('dialog', { hidden: true, name: 'Logout', description: 'Would you like to stay on this page?' })).toBeTruthy();
  });

  /** A page with a heading and a table whose rows are deleted through the question; the row goes after the dialog
   * closed (as after a refetch), and with the last row the table itself goes. */
  function DeletePage({ names }: { names: string[] }) {
    const [rows, setRows] = useState(names);
    const [asking, setAsking] = useState<string | null>(null);
    const confirm = () => {
      const gone = asking;
      setAsking(null);
      setTimeout(() => setRows((r) => r.filter((n) => n !== gone)), 0);
    };
    return (
      <main>
        <h1>Rosters</h1>
        {rows.length ? (
          <table aria-label="Rosters"><tbody>
            {rows.map((n) => <tr key={n}><td>{n}</td><td><button onClick={() => setAsking(n)}>Delete {n}</button></td></tr>)}
          </tbody></table>
        ) : <p>No rows</p>}
        <ConfirmDialog open={asking != null} title="Delete Roster" message={`Delete ${asking}?`} onConfirm={confirm} onCancel={() => setAsking(null)} />
      </main>
    );
  }

  const deleteThrough = async (name: string) => {
    const opener = screen.getByRole('button', { name: `Delete ${name}` });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Roster' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${name}` })).toBeNull());
  };

  it("returns the focus to the table when the row whose button opened it is deleted, not to the page body", async () => {
    render(<DeletePage names={['Week 1', 'Week 2']} />);
    await deleteThrough('Week 1');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('table', { name: 'Rosters' })));
  });

  it("returns the focus to the page heading when the table went with the deleted row", async () => {
    render(<DeletePage names={['Week 1']} />);
    await deleteThrough('Week 1');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rosters' })));
  });

  it('leaves the focus on the opener when it is still there (cancelled)', async () => {
    render(<DeletePage names={['Week 1']} />);
    const opener = screen.getByRole('button', { name: 'Delete Week 1' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Roster' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
