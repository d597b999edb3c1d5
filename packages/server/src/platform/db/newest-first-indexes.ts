import type { Kysely, Migration } from 'kysely';

/** An index serving `newestFirstPage` (paging.ts) over rows filtered by `leading` columns first. */
export interface NewestFirstIndex {
  name: string;
  table: string;
  leading?: string[];
  /** Columns after (created_at, id) that a filter reads, so its walk needs no table row (a covering index). */
  covering?: string[];
}

/**
 * A migration that (re)creates indexes ending in (created_at, id), the order of every newest-first page.
 * Without id the database sorts each filtered set again for the tie-break ("TEMP B-TREE FOR LAST TERM"),
 * which grows with the table; an index of the same name made before is replaced.
 */
export const newestFirstIndexes = (indexes: NewestFirstIndex[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const { name, table, leading = [], covering = [] } of indexes) {
      await db.schema.dropIndex(name).ifExists().execute();
      await db.schema
        .createIndex(name)
        .on(table)
        .columns([...leading, 'created_at', 'id', ...covering])
        .execute();
    }
  },
});
