import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DialectName } from './database.js';
import type { ListOrder } from './paging.js';
import { leadSearch } from './search-lead.js';
import type { SearchIndex } from './search-index.js';
import { countedSearchPage } from './search-page.js';

/** A list's search before its lead is read: search-page.ts's SearchedList with the text alone. */
export interface ListSearch<DB, TB extends keyof DB> {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The list before its search: its table, with the list's other filters. */
  base: SelectQueryBuilder<DB, TB, object>;
  index: SearchIndex;
  text: string;
  /** The rows the list's filters keep, where its kept counts say it without counting. */
  rows?: number | undefined;
}

/**
 * One page of a searched list and its count, bounded as the library's and the in-house ads' are (0063):
 * the count stops at `countMax` (`capped` when more match), and a search over it (`broad`) walks the
 * order where an index serves it (`walkable`) instead of reading and sorting every match; under it the
 * page is read from the matches the count found. Every page holds what the whole ordered match set holds.
 */
export async function boundedSearch<DB, TB extends keyof DB, R>(
  { db, dialect, base, index, text, rows }: ListSearch<DB, TB>,
  order: ListOrder,
  { page, limit, walkable, countMax }: { page: number; limit: number; walkable: boolean; countMax: number },
): Promise<{ rows: R[]; total: number; capped: boolean }> {
  const list = {
    db,
    dialect,
    base,
    index,
    search: await leadSearch(db, dialect, index, text),
    ...(rows === undefined ? {} : { rows }),
  };
  const { rows: found, counted } = await countedSearchPage<DB, TB, R>(list, order, {
    page,
    limit,
    walkable,
    countMax,
  });
  return { rows: found, total: counted.total, capped: counted.capped };
}
