import type { Kysely } from 'kysely';

/**
 * Deletes every one of `ids` or none (the bulk deletes of doc 1 and doc 2 section 5), in one transaction:
 * finds the rows, refuses with `missing()` when an id has none (a repeated id counts once) or with what
 * `check` throws, then deletes them. Returns the deleted rows: their media files are the caller's to
 * remove, once the rows are gone (or to keep, when `remove` moved them to the trash).
 */
export function deleteAllOrNone<DB, Row>(
  db: Kysely<DB>,
  ids: readonly string[],
  steps: {
    find: (trx: Kysely<DB>, ids: readonly string[]) => Promise<Row[]>;
    /** Deletes (or moves to the trash) the found rows. */
    remove: (trx: Kysely<DB>, ids: readonly string[], rows: Row[]) => Promise<unknown>;
    missing: () => Error;
    check?: (rows: Row[]) => void;
  },
): Promise<Row[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await steps.find(trx, unique);
    if (rows.length !== unique.length) throw steps.missing();
    steps.check?.(rows);
    await steps.remove(trx, unique, rows);
    return rows;
  });
}
