import type { Kysely } from 'kysely';

/**
 * Deletes every one of `ids` or none (the bulk deletes of doc 1 and doc 2 section 5), in one transaction:
 * finds the rows, refuses with `missing()` when an id has none (a repeated id counts once) or with what
 * `check` throws, then deletes them. With `some`, the ids that have a row are deleted and `missing()`
 * answers only when none has (the shortcut and reel deletes). Returns the deleted rows: their media files
 * are the caller's to remove, once the rows are gone (or to keep, when `trash` moved them to the trash).
 *
 * `remove` answers the rows the delete itself removed (`DELETE ... RETURNING`), and only those go to
 * `trash`: of two deletes of the same id at once, the second (on PostgreSQL, waiting on the rows' locks)
 * finds them gone and answers `missing()`, where trashing the rows it had found put the same id in the
 * trash twice (a 500).
 */
export function deleteAllOrNone<DB, Row>(
  db: Kysely<DB>,
  ids: readonly string[],
  steps: {
    find: (trx: Kysely<DB>, ids: readonly string[]) => Promise<Row[]>;
    /** Deletes the found rows and answers those it deleted. */
    remove: (trx: Kysely<DB>, ids: readonly string[], rows: Row[]) => Promise<Row[]>;
    /** Moves the rows `remove` deleted to the trash, on the same transaction. */
    trash?: (trx: Kysely<DB>, removed: Row[]) => Promise<void>;
    missing: () => Error;
    check?: (rows: Row[]) => void;
    /** Deletes the ids that have a row; `missing()` only when none has. */
    some?: boolean;
  },
): Promise<Row[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await steps.find(trx, unique);
    if (steps.some ? rows.length === 0 : rows.length !== unique.length) throw steps.missing();
    steps.check?.(rows);
    const removed = await steps.remove(trx, unique, rows);
    if (removed.length === 0 || (!steps.some && removed.length !== unique.length)) throw steps.missing();
    await steps.trash?.(trx, removed);
    return removed;
  });
}
