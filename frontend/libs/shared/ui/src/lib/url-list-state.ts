// A list's page, sort and filters kept in the address's query string, as the Escalations list and the Call Log
// keep theirs: a reload, Back from a detail screen and a link sent to a colleague give the list as it was left.
// Each change replaces the current address (no history entry per keystroke or click, so Back leaves the list);
// a filter change goes back to the first page. Only what differs from the defaults is written, and a value the
// list would not send (an unknown sort key or page size, a page below 1) is read as its default.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@frontend/shared-util';
import type { TableState } from './data-table';

export interface UrlListOptions<F extends Record<string, string>> {
  /** The table's defaults (the sort the list starts with). */
  table?: Partial<TableState>;
  /** The filters by query parameter name, with their defaults ('' for none). */
  filters?: F;
  /** The sort keys the list offers; another orderBy in the address is ignored. */
  sortKeys?: readonly string[];
}

const TABLE_KEYS = ['page', 'pageSize', 'orderBy', 'orderDir'] as const;

export function useUrlListState<F extends Record<string, string> = Record<string, never>>(options: UrlListOptions<F> = {}) {
  const [params, setParams] = useSearchParams();
  const { table: tableDefaults, filters: filterDefaults, sortKeys } = options;
  const defaults: TableState = { page: 1, pageSize: DEFAULT_PAGE_SIZE, orderDir: 'ASC', ...tableDefaults };
  const defaultsKey = JSON.stringify([defaults, filterDefaults ?? {}, sortKeys ?? null]);
  const search = params.toString();

  const table = useMemo<TableState>(() => {
    const [d, , keys] = JSON.parse(defaultsKey) as [TableState, F, string[] | null];
    const p = new URLSearchParams(search);
    const page = Number(p.get('page'));
    const pageSize = Number(p.get('pageSize'));
    const orderBy = p.get('orderBy');
    const orderDir = p.get('orderDir');
    const sortable = orderBy && (!keys || keys.includes(orderBy));
    return {
      page: Number.isInteger(page) && page >= 1 ? page : d.page,
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : d.pageSize,
      ...(sortable ? { orderBy, orderDir: orderDir === 'DESC' ? 'DESC' : 'ASC' } : { orderBy: d.orderBy, orderDir: d.orderDir }),
    };
  }, [search, defaultsKey]);

  const filters = useMemo<F>(() => {
    const [, f] = JSON.parse(defaultsKey) as [TableState, F];
    const p = new URLSearchParams(search);
    return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, p.get(k) ?? v])) as F;
  }, [search, defaultsKey]);

  // Two changes in one handler (a filter, then the page) each build on the one before, not on the address this
  // render read: the router's setter does not see its own pending update.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback((change: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    setParams(next, { replace: true });
  }, [setParams]);

  const setTable = useCallback((t: TableState) => update((p) => {
    const [d] = JSON.parse(defaultsKey) as [TableState];
    for (const k of TABLE_KEYS) p.delete(k);
    if (t.page !== d.page) p.set('page', String(t.page));
    if (t.pageSize !== d.pageSize) p.set('pageSize', String(t.pageSize));
    if (t.orderBy && (t.orderBy !== d.orderBy || t.orderDir !== d.orderDir)) {
      p.set('orderBy', t.orderBy);
      p.set('orderDir', t.orderDir);
    }
  }), [update, defaultsKey]);

  /** Sets filters (by name; their default removes them from the address) and goes back to the first page. */
  const setFilters = useCallback((patch: Partial<F>) => update((p) => {
    const [, f] = JSON.parse(defaultsKey) as [TableState, F];
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === f[k]) p.delete(k);
      else p.set(k, String(v));
    }
    p.delete('page');
  }), [update, defaultsKey]);

  return { table, setTable, filters, setFilters };
}
