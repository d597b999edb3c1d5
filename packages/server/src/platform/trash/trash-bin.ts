import type { Feature } from '@streamdesk/contract/roles';
import type { AppDb } from '../db/database.js';
import { nowIso } from '../db/values.js';
import { currentActor } from '../activity/activity-recorder.js';
import type { ForgetCounts } from '../item-counter.js';
import { findTrash, insertTrash, type Snapshot, type TrashRow } from './trash.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A record lock: its table and ids (platform/record-locks.ts). */
export type TrashLock = readonly [table: string, ids: readonly string[]];

/** What a feature tells the trash about the items its deletes move there. */
export interface TrashKind {
  /** The contract's feature the items belong to (who may restore them, the Trash screen's filter). */
  feature: Feature;
  /** Invalidates what the feature's writes invalidate (its lists and app reads), after a restore or purge. */
  changed(): void;
  /**
   * Refuses (409) a restore that would clash with what exists now, on the restore's transaction, before
   * any row goes back; `restoring` is every entry of the same restore (a category restored with its video).
   */
  check?(db: AppDb, snapshot: Snapshot, restoring: readonly TrashRow[]): Promise<void>;
  /**
   * The snapshot's rows as they go back, on the restore's transaction after `check`: what changed while
   * they were in the trash (a send later whose time passed comes back missed). The rows as they are when absent.
   */
  restoring?(snapshot: Snapshot): Snapshot;
  /**
   * The record lock (platform/record-locks.ts: a table and ids) that the feature's own writes take around
   * the same check, held by a restore of this kind around its transaction (a category's names).
   */
  lock?: TrashLock;
  /** Restored before the other kinds of the same restore (lower first): parents before children. */
  rank?: number;
  /** Removes the counted days of the snapshot's items, on the purge's transaction. */
  forget?(db: AppDb, snapshot: Snapshot): Promise<void>;
}

/** One deleted item: its id (the entry's id too), a label and picture for the Trash screen, and its rows. */
export interface TrashedItem {
  id: string;
  label: string;
  thumbnail?: string;
  tables: Snapshot['tables'];
}

/** The ids of a snapshot's first table's rows: the items themselves. */
export const itemIdsOf = (snapshot: Snapshot): string[] =>
  (snapshot.tables[0]?.[1] ?? []).map((row) => String(row.id));

/** A `forget` that removes the counted days of the items of the snapshot's first table. */
export const forgetItems =
  (forgetCounts: ForgetCounts): TrashKind['forget'] =>
  (db, snapshot) =>
    forgetCounts(db, itemIdsOf(snapshot));

/**
 * The trash's side that features use: each registers its kind, and its delete calls `move` in the delete's
 * transaction, beside removing its rows (docs/decisions/0037-trash.md). The trash feature does the rest.
 */
export class TrashBin {
  readonly kinds = new Map<string, TrashKind>();

  constructor(private readonly retentionDays: number) {}

  /** `name` is the kind's, unique across features (`stories`, `live-matches`, `web-live-ads`). */
  register(name: string, kind: TrashKind): void {
    this.kinds.set(name, kind);
  }

  /** The day an item deleted at `at` is purged. */
  purgeAt(at: string): string {
    return new Date(Date.parse(at) + this.retentionDays * DAY_MS).toISOString();
  }

  /**
   * `move` for items that are one row each of `table`: `describe` gives each one's label and picture.
   */
  moveRows<Row extends { id: string }>(
    db: AppDb,
    kind: string,
    table: string,
    rows: readonly Row[],
    describe: (row: Row) => { label: string; thumbnail?: string },
  ): Promise<void> {
    return this.move(
      db,
      kind,
      rows.map((row) => ({ id: row.id, ...describe(row), tables: [[table, [{ ...row }]]] })),
    );
  }

  /** `moveRows` as the `trash` step of `deleteAllOrNone` (db/delete-all-or-none.ts): the rows it removed. */
  rowsTo<Row extends { id: string }>(
    kind: string,
    table: string,
    describe: (row: Row) => { label: string; thumbnail?: string },
  ): (db: AppDb, rows: Row[]) => Promise<void> {
    return (db, rows) => this.moveRows(db, kind, table, rows, describe);
  }

  /** Stores the items' rows in the trash, on `db` (the delete's transaction): the caller deletes them. */
  move(db: AppDb, kind: string, items: readonly TrashedItem[]): Promise<void> {
    const registered = this.kinds.get(kind);
    if (!registered) throw new Error(`no trash kind registered as ${kind}`);
    const at = nowIso();
    const personId = currentActor()?.personId ?? null;
    return insertTrash(
      db,
      items.map((item) => ({
        id: item.id,
        feature: registered.feature,
        kind,
        label: item.label,
        thumbnail: item.thumbnail ?? '',
        created_at: at,
        person_id: personId,
        purge_at: this.purgeAt(at),
        snapshot: JSON.stringify({ tables: item.tables } satisfies Snapshot),
      })),
    );
  }

  /** The row of the item `id` as its delete left it, when it is in the trash (a restore's message names it). */
  async trashedRow(db: AppDb, id: string): Promise<Record<string, unknown> | undefined> {
    const [entry] = await findTrash(db, [id]);
    return entry && (JSON.parse(entry.snapshot) as Snapshot).tables[0]?.[1][0];
  }
}
