import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageSeek, RowKey } from './page-boundaries.js';

/** A list's order: an expression (a column, or one lower-cased to order names as people read them) and its way. */
export interface ListOrder {
  by: Expression<unknown>;
  desc: boolean;
}

/**
 * One page of a filtered table in `order`, ties broken by id the same way (ids are time-ordered: equal
 * counts or names keep the newest-first order when descending). `base` is the filtered `selectFrom`.
 */
const orderedRows = <DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  order: ListOrder,
  page: number,
  limit: number,
) => {
  const way = order.desc ? 'desc' : 'asc';
  return base
    .selectAll()
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
};

export const NEWEST_FIRST: ListOrder = { by: sql.ref('created_at'), desc: true };

/** One page of a filtered table, newest first (ties broken by id, which is time-ordered too). */
export const newestFirstRows = <DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: number,
  limit: number,
) => orderedRows(base, NEWEST_FIRST, page, limit);

/** The number of rows `base` matches. */
export const countRows = async <DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>) => {
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number((count as { n: unknown }).n ?? 0);
};

/** One page in `order` with its total from `total` (a kept count: kept-counts.ts), read in parallel. */
export async function pageWithTotal<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  order: ListOrder,
  { page, limit }: { page: number; limit: number },
  total: Promise<number>,
) {
  const [rows, n] = await Promise.all([orderedRows(base, order, page, limit), total]);
  return { rows, total: n };
}

/** One page in `order` with the number of rows the filter matches, read in parallel. */
export const orderedPage = <DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  order: ListOrder,
  page: number,
  limit: number,
) => pageWithTotal(base, order, { page, limit }, countRows(base));

/** One page newest first with the number of rows the filter matches, read in parallel. */
export const newestFirstPage = <DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: number,
  limit: number,
) => orderedPage(base, NEWEST_FIRST, page, limit);

/**
 * `base` narrowed to one page's rows as `seek` says (page-boundaries.ts), ordered the way they are read:
 * from the end and before a known row, in `order` reversed. Ties by id; a known row is compared on the
 * pair (order, id), its order bounded on its own, so that the seek uses the index the order uses (a plan
 * test reads it: newest-first-indexes.test.ts).
 */
export const seekRows = <DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder,
  seek: PageSeek,
) => {
  const reversed = seek.from === 'end' || seek.from === 'before';
  const way = order.desc !== reversed ? 'desc' : 'asc';
  const past = way === 'desc' ? '<' : '>';
  const idPast = past + (seek.from === 'at' ? '=' : '');
  // (order, id) beyond the key, written out: SQLite seeks a row value of columns in their index, but not one
  // holding an expression (a lower-cased title), which it scanned the index from its start for (page 5000 by
  // title 96 ms at a million videos); the order's own bound it seeks either way.
  return base
    .$if('key' in seek, (qb) => {
      const { value, id } = (seek as Extract<PageSeek, { key: unknown }>).key;
      return qb.where(
        sql<SqlBool>`${order.by} ${sql.raw(past)}= ${value} AND (${order.by} ${sql.raw(past)} ${value} OR ${sql.ref('id')} ${sql.raw(idPast)} ${id})`,
      );
    })
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(seek.take)
    .offset(seek.skip);
};

/** The rows of one page with the first and last one's place in the order, for PageBoundaries. */
export interface SeekPage<R> {
  rows: R[];
  first: RowKey | undefined;
  last: RowKey | undefined;
}

/**
 * One page of `base` (a filtered `selectFrom` of a table with an `id`) as `seek` says, in `order`. The
 * page's ids are found first on their own (a deferred join): a walk then reads only the entries of an
 * index holding the filter columns, the order and the id, and the table for the page's rows alone. Read
 * whole, each skipped row was read from the table too (page 5000 of the video library: 52 ms at 100,000
 * videos on SQLite, 264 ms on PostgreSQL).
 */
export async function seekPage<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  order: ListOrder,
  seek: PageSeek,
): Promise<SeekPage<R>> {
  if (!seek.take) return { rows: [], first: undefined, last: undefined };
  const way = order.desc ? 'desc' : 'asc';
  const ids = seekRows(base.select(sql.ref('id').as('id')), order, seek);
  // The page's rows by their ids alone: the filter (a search's index too) was applied in finding them.
  const found = (await base
    .clearWhere()
    .selectAll()
    .select(sql<string | number>`${order.by}`.as('sort_key'))
    .where(sql<SqlBool>`${sql.ref('id')} in (${ids})`)
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .execute()) as (R & { id: string; sort_key: string | number })[];
  const keyOf = (row?: { id: string; sort_key: string | number }) =>
    row && { value: row.sort_key, id: row.id };
  return {
    rows: found.map(({ sort_key: _key, ...row }) => row as unknown as R),
    first: keyOf(found[0]),
    last: keyOf(found.at(-1)),
  };
}
