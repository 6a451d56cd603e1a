// The shared table (spec §2.7): sortable columns, First / Previous / Next / Last, page-size picker and a
// go-to-page picker when there are more than 3 pages. Paging and sorting happen on the server: the owner
// turns the state into skip/limit/orderBy/orderDir with toServerQuery().
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@frontend/shared-util';

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

export interface TableState {
  page: number; // 1-based
  pageSize: number;
  orderBy?: string;
  orderDir: 'ASC' | 'DESC';
}

export function useTableState(initial: Partial<TableState> = {}) {
  return useState<TableState>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, orderDir: 'ASC', ...initial });
}

/** Page offset = (page - 1) x size (spec §9). */
export function toServerQuery(s: TableState) {
  return { skip: (s.page - 1) * s.pageSize, limit: s.pageSize, ...(s.orderBy ? { orderBy: s.orderBy, orderDir: s.orderDir } : {}) };
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  count: number;
  state: TableState;
  onStateChange: (s: TableState) => void;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  emptyText?: string;
  caption?: string;
  /** Show the paging bar only when there is more than one page at this fixed page size (the sampling tables: 50). */
  fixedPageSize?: boolean;
  /** Narrower cell padding, for tables of many number columns that must fit the page without scrolling sideways. */
  dense?: boolean;
  /** Keep the last column (the row actions) in view at the right edge of the table's box: when the window is too
   * narrow for every column the table scrolls sideways beneath it, and the actions stay reachable. */
  pinLastColumn?: boolean;
  /** False when the server stopped counting (`count` is then a lower bound): "of at least N", no Last. */
  countIsExact?: boolean;
  /** The current query failed (listOf's `failed`): say so instead of the empty text; the alert says why. With
   * rows (listOf's `stale`: only a refetch of the same arguments failed) they stay, under a warning. */
  failed?: boolean;
}

/** What a table shows when its records could not be loaded (not "no records": nobody knows). */
export const FAILED_TEXT = 'The records could not be loaded.';

/** What a table says above rows it keeps when only their refetch failed (after a save, on window focus). */
export const STALE_TEXT = 'The records could not be refreshed; showing the last loaded rows.';

/** The warning above a table whose rows are the last loaded ones: its query failed, yet it has rows (listOf keeps
 * them only when the same arguments had loaded). Not while a retry loads. */
export function StaleRowsNotice({ show }: { show: boolean }) {
  return show ? <Alert severity="warning" sx={{ mb: 1 }}>{STALE_TEXT}</Alert> : null;
}

/** The pinned last column: sticky at the right, on the paper (with the row's hover shade over it) and a divider line
 * on its left, so the columns scrolling beneath it do not show through. */
const PINNED = (t: Theme) => ({
  position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: `inset 1px 0 0 ${t.palette.divider}`,
  '.MuiTableRow-hover:hover > &': { backgroundImage: `linear-gradient(${t.palette.action.hover}, ${t.palette.action.hover})` },
} as const);

export function DataTable<T>({ columns, rows, count, state, onStateChange, rowKey, loading, emptyText = 'No records found.', caption, fixedPageSize, dense, pinLastColumn, countIsExact = true, failed = false }: DataTableProps<T>) {
  const pinned = (i: number) => !!pinLastColumn && i === columns.length - 1;
  const pages = Math.max(1, Math.ceil(count / state.pageSize));
  const page = Math.min(state.page, pages);
  const id = useId(); // two tables on one screen: each picker is labelled by its own label
  // When the row count shrinks (a delete, a filter) below the current page, move the owner's state to the
  // last page that exists, so that the server is asked for rows that are there. Not while loading: the count
  // may still be the old one; nor when the page failed to load (its count of 0 says nothing).
  useEffect(() => {
    if (!loading && !failed && state.page > pages) onStateChange({ ...state, page: pages });
  }, [loading, failed, state, pages, onStateChange]);
  const go = (p: number) => onStateChange({ ...state, page: Math.min(Math.max(1, p), pages) });
  const sortBy = (key: string) =>
    onStateChange({ ...state, page: 1, orderBy: key, orderDir: state.orderBy === key && state.orderDir === 'ASC' ? 'DESC' : 'ASC' });

  return (
    <>
      <StaleRowsNotice show={failed && !loading && rows.length > 0} />
      <Paper variant="outlined">
        {loading ? <LinearProgress aria-label="Loading" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={caption} sx={dense ? { '& .MuiTableCell-root': { px: 0.5 } } : undefined}>
            <TableHead>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell key={c.key} align={c.align} sortDirection={state.orderBy === c.key ? (state.orderDir === 'ASC' ? 'asc' : 'desc') : false}
                    sx={[{ fontWeight: 600 }, pinned(i) && PINNED]}>
                    {c.sortable ? (
                      <TableSortLabel active={state.orderBy === c.key} direction={state.orderBy === c.key && state.orderDir === 'DESC' ? 'desc' : 'asc'} onClick={() => sortBy(c.key)}>
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center">
                    <Typography color={failed && !loading ? 'error' : 'text.secondary'} sx={{ py: 2 }}>
                      {loading ? 'Loading…' : failed ? FAILED_TEXT : emptyText}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={rowKey(row)} hover>
                    {columns.map((c, i) => (
                      <TableCell key={c.key} align={c.align} sx={pinned(i) ? PINNED : undefined}>
                        {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {(!fixedPageSize || count > state.pageSize) && <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
          {!fixedPageSize && (
            <FormControl size="small" sx={{ minWidth: 150 }}>
              <InputLabel id={`${id}-page-size`}>Rows per page</InputLabel>
              <Select labelId={`${id}-page-size`} label="Rows per page" value={state.pageSize} onChange={(e) => onStateChange({ ...state, page: 1, pageSize: Number(e.target.value) })}>
                {PAGE_SIZES.map((n) => (
                  <MenuItem key={n} value={n}>
                    {n}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          <Typography variant="body2" sx={{ mx: 1 }}>
            {count === 0 ? '0 of 0'
              : `${(page - 1) * state.pageSize + 1}–${Math.min(page * state.pageSize, count)} of ${countIsExact ? count : `at least ${count.toLocaleString('en-US')}`}`}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Button size="small" onClick={() => go(1)} disabled={page <= 1}>First</Button>
          <Button size="small" onClick={() => go(page - 1)} disabled={page <= 1}>Previous</Button>
          <Typography variant="body2">Page {page} of {countIsExact ? pages : `${pages}+`}</Typography>
          <Button size="small" onClick={() => go(page + 1)} disabled={page >= pages}>Next</Button>
          <Button size="small" onClick={() => go(pages)} disabled={page >= pages || !countIsExact}>Last</Button>
          {pages > 3 && (
            <FormControl size="small" sx={{ minWidth: 130 }}>
              <InputLabel id={`${id}-go-to-page`}>Go to page</InputLabel>
              <Select labelId={`${id}-go-to-page`} label="Go to page" value={page} onChange={(e) => go(Number(e.target.value))}>
                {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                  <MenuItem key={p} value={p}>
                    {p}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
        </Box>}
      </Paper>
    </>
  );
}
