import { sql, type Expression, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered table, newest first (ties broken by id, which is time-ordered too). `base` is
 * the filtered `selectFrom`.
 */
export const newestFirstRows = <DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: number,
  limit: number,
) =>
  base
    .selectAll()
    .orderBy(sql.ref('created_at'), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();

/** The number of rows `base` matches. */
export const countRows = async <DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>) => {
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number((count as { n: unknown }).n ?? 0);
};

/** One page newest first with the number of rows the filter matches, read in parallel. */
export async function newestFirstPage<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: number,
  limit: number,
) {
  const [rows, total] = await Promise.all([newestFirstRows(base, page, limit), countRows(base)]);
  return { rows, total };
}

/** A list's order: an expression (a column, or one lower-cased to order names as people read them) and its way. */
export interface ListOrder {
  by: Expression<unknown>;
  desc: boolean;
}

/**
 * One page in `order`, ties broken by id the same way (ids are time-ordered: equal counts or names keep
 * the newest-first order when descending), with the number of rows the filter matches, read in parallel.
 */
export async function orderedPage<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  order: ListOrder,
  page: number,
  limit: number,
) {
  const way = order.desc ? 'desc' : 'asc';
  const rows = base
    .selectAll()
    .orderBy(order.by, way)
    .orderBy(sql.ref('id'), way)
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const [found, total] = await Promise.all([rows, countRows(base)]);
  return { rows: found, total };
}
