import { configureStore } from '@reduxjs/toolkit';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { baseApi } from './base-api';
import { answerOf, listOf } from './list-of';

type Page = { rows: string[]; count: number };
// filter "B" fails until `bUp` is set: the network down, then back; `aDown` makes filter "A" fail from then on
const server = { bUp: false, aDown: false };
const api = baseApi.injectEndpoints({
  endpoints: (b) => ({
    people: b.query<Page, string>({
      queryFn: async (filter) => {
        await new Promise((r) => setTimeout(r, 5));
        if ((filter === 'B' && !server.bUp) || (filter === 'A' && server.aDown)) {
          return { error: { status: 503, message: 'Service Unavailable' } };
        }
        return { data: { rows: [`${filter}1`, `${filter}2`], count: 2 } };
      },
    }),
  }),
  overrideExisting: true,
});

function setup() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (d) => d({ serializableCheck: false }).concat(baseApi.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(({ filter }: { filter: string }) => {
    const result = api.endpoints.people.useQuery(filter);
    return { result, list: listOf(result), answer: answerOf(result) };
  }, { wrapper, initialProps: { filter: 'A' } });
}

describe('listOf: the rows a list shows of a query', () => {
  beforeEach(() => { server.bUp = false; server.aDown = false; });

  it("keeps filter A's rows while B loads, shows none once B failed, and B's rows once B loads", async () => {
    const hook = setup();
    expect(hook.result.current.list).toEqual({ rows: [], count: 0, loading: true, failed: false, stale: false });
    await waitFor(() => expect(hook.result.current.list.rows).toEqual(['A1', 'A2']));
    expect(hook.result.current.list).toMatchObject({ count: 2, loading: false, failed: false });

    hook.rerender({ filter: 'B' });
    // loading B: the table keeps A's rows (no jump) and shows that it is loading
    expect(hook.result.current.list).toMatchObject({ rows: ['A1', 'A2'], count: 2, loading: true, failed: false });
    await waitFor(() => expect(hook.result.current.list.failed).toBe(true));
    // RTK Query still offers A's answer as `data`: that is what a list must not show as B's
    expect(hook.result.current.result.data?.rows).toEqual(['A1', 'A2']);
    expect(hook.result.current.list).toEqual({ rows: [], count: 0, loading: false, failed: true, stale: false });
    expect(hook.result.current.answer).toBeUndefined();

    server.bUp = true;
    await act(async () => { await hook.result.current.result.refetch(); });
    await waitFor(() => expect(hook.result.current.list.rows).toEqual(['B1', 'B2']));
    expect(hook.result.current.list).toMatchObject({ count: 2, loading: false, failed: false });
  });

  it('keeps the rows of the same filter when only its refetch failed (after a save, on window focus), and says so', async () => {
    const hook = setup();
    await waitFor(() => expect(hook.result.current.list.rows).toEqual(['A1', 'A2']));
    server.aDown = true;
    await act(async () => { await hook.result.current.result.refetch(); });
    await waitFor(() => expect(hook.result.current.list.failed).toBe(true));
    expect(hook.result.current.list).toEqual({ rows: ['A1', 'A2'], count: 2, loading: false, failed: true, stale: true });
    expect(hook.result.current.answer?.rows).toEqual(['A1', 'A2']);

    // another filter that never loaded still shows none: A's rows are not B's answer
    hook.rerender({ filter: 'B' });
    await waitFor(() => expect(hook.result.current.list.failed).toBe(true));
    expect(hook.result.current.list).toEqual({ rows: [], count: 0, loading: false, failed: true, stale: false });
    expect(hook.result.current.answer).toBeUndefined();

    // back to A, which loads again: fresh rows, no notice
    server.aDown = false;
    hook.rerender({ filter: 'A' });
    await act(async () => { await hook.result.current.result.refetch(); });
    await waitFor(() => expect(hook.result.current.list).toEqual({ rows: ['A1', 'A2'], count: 2, loading: false, failed: false, stale: false }));
  });

  it('gives no rows for a skipped query', () => {
    expect(listOf({ data: undefined, isError: false, isFetching: false })).toEqual({ rows: [], count: 0, loading: false, failed: false, stale: false });
  });
});
