/**
 * A page of a list read with one row more than `limit` (so no count is needed): the page's rows and the
 * number of the page after it, or null when this one is the last.
 */
export function withNextPage<T>(rows: readonly T[], page: number, limit: number) {
  return { rows: rows.slice(0, limit), nextPage: rows.length > limit ? page + 1 : null };
}

/** The rows to skip and to read for `withNextPage`. */
export const nextPageWindow = (page: number, limit: number) => ({
  offset: (page - 1) * limit,
  count: limit + 1,
});
