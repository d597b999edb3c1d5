import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageSeek, RowKey } from './page-boundaries.js';

/** A list's order: an expression (a column, or one lower-cased to order names as people read them) and its way. */
export interface ListOrder {
  by: Expression<unknown>;
  desc: boolean;
  /**
   * A known row's key is compared on the order and the id apart (seekRows), not as one row value: for
   * SQLite with an expression key (a lower-cased title), whose row value it does not seek in the index.
   */
  apart?: boolean;
}

/**
 * One page of a filtered table in `order`, ties broken by id the same way (ids are time-ordered: equal
 * counts or names keep the newest-first order when descending). `base` is the filtered `selectFrom`.
 */
export const orderedRows = <DB, TB extends keyof DB>(
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
 * from the end and before a known row, in `order` reversed. Ties by id; a known row is compared as the row
 * value (order, id), which both databases seek in the order's index to the row itself, so that the walk
 * skips no tie (a plan test reads it: newest-first-indexes.test.ts). Written as the order's own bound and
 * the id's, PostgreSQL sought the bound alone and filtered every tie: page 5000 by duration at a million
 * videos of one duration walked 906,040 index entries (105 ms), as a list by views would walk every video
 * with none (0077).
 */
export const seekRows = <DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  order: ListOrder,
  seek: PageSeek,
) => {
  const reversed = seek.from === 'end' || seek.from === 'before';
  const way = order.desc !== reversed ? 'desc' : 'asc';
  const past = way === 'desc' ? '<' : '>';
  const orAt = seek.from === 'at' ? '=' : '';
  return base
    .$if('key' in seek, (qb) => {
      const { value, id } = (seek as Extract<PageSeek, { key: unknown }>).key;
      const bound = sql.raw(past);
      // SQLite seeks an expression's bound but not a row value holding one (it scanned the title index from
      // its start: page 5000 by title 96 ms at a million videos); its ties are then walked.
      return qb.where(
        order.apart
          ? sql<SqlBool>`${order.by} ${bound}= ${value} AND (${order.by} ${bound} ${value} OR ${sql.ref('id')} ${sql.raw(past + orAt)} ${id})`
          : sql<SqlBool>`(${order.by}, ${sql.ref('id')}) ${sql.raw(past + orAt)} (${value}, ${id})`,
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
