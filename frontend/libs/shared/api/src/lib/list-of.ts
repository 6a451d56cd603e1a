// What a list screen may show of a query's answer. RTK Query keeps `data` of the last arguments that loaded:
// while the next page or filter loads, those rows stay on screen (the table does not jump), but once the
// current arguments failed they are another filter's rows, not the answer: then there are none, and `failed`
// lets the table say that the records could not be loaded (the alert says why). When the current arguments
// themselves had loaded and only a refetch of them failed (after a save, on window focus), their rows are still
// the answer, only not refreshed: they stay (`currentData`, RTK Query's answer of the current arguments), and
// `stale` lets the table say that they could not be refreshed.

/** The part of a query hook's result these helpers read. */
export interface QueryState<T> {
  data?: T;
  /** The last answer of the current arguments (RTK Query keeps it when their refetch fails). */
  currentData?: T;
  isError?: boolean;
  isFetching?: boolean;
}

/** The answer for the current arguments, or the last one while they load; once they failed, their own last
 * answer if they had one (a failed refetch), else undefined. */
export function answerOf<T>(result: QueryState<T>): T | undefined {
  return result.isError ? result.currentData : result.data;
}

/** The rows' array type of a list answer (a union of answers gives a union of arrays). */
export type RowsOf<T> = T extends { rows?: infer R } ? NonNullable<R> : never;

export interface ListOf<Rows> {
  rows: Rows;
  count: number;
  loading: boolean;
  failed: boolean;
  /** The current arguments' refetch failed: `rows` are their last loaded ones (the table warns, not empties). */
  stale: boolean;
}

/** A paged list answer (`{ rows, count }`) as a table shows it: see answerOf. */
export function listOf<T extends { rows?: readonly unknown[] | null; count?: number }>(result: QueryState<T>): ListOf<RowsOf<T>> {
  const answer = answerOf(result);
  const failed = Boolean(result.isError);
  return {
    rows: (answer?.rows ?? []) as RowsOf<T>,
    count: answer?.count ?? 0,
    loading: Boolean(result.isFetching),
    failed,
    stale: failed && answer !== undefined,
  };
}
