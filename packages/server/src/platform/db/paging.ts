import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered table, newest first (ties broken by id, which is time-ordered too), with the
 * number of rows the filter matches. `base` is the filtered `selectFrom` the two queries share.
 */
export async function newestFirstPage<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: number,
  limit: number,
) {
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: unknown }).n ?? 0) };
}
