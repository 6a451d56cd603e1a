// A plain read-only table with an optional totals row (no paging or sorting): figures tables such as call stats.
import type { ReactNode } from 'react';
import { FAILED_TEXT, StaleRowsNotice } from './data-table';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface SimpleColumn<T> {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

export interface SimpleTableProps<T> {
  columns: SimpleColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  totals?: Record<string, ReactNode>;
  caption?: string;
  emptyText?: string;
  /** The figures could not be loaded: say so instead of the empty text (pass no rows); with rows (answerOf keeps
   * them only when the same arguments had loaded and their refetch failed) they stay, under a warning. */
  failed?: boolean;
}

export function SimpleTable<T>({ columns, rows, rowKey, totals, caption, emptyText = 'No records found.', failed = false }: SimpleTableProps<T>) {
  return (
    <>
      <StaleRowsNotice show={failed && rows.length > 0} />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {columns.map((c) => <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600 }}>{c.label}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow><TableCell colSpan={columns.length} align="center" sx={failed ? { color: 'error.main' } : undefined}>{failed ? FAILED_TEXT : emptyText}</TableCell></TableRow>
            )}
            {rows.map((r, i) => (
              <TableRow key={rowKey(r, i)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>{c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? '')}</TableCell>
                ))}
              </TableRow>
            ))}
            {totals && rows.length > 0 && (
              <TableRow aria-label="Totals">
                {columns.map((c) => <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600 }}>{totals[c.key] ?? ''}</TableCell>)}
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
