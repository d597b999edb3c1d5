import { sql } from 'kysely';
import type { AppDb, AppTables } from './db/database.js';

/**
 * What a counted feature (stories, reels, live matches...) gives the analytics feature so that app events
 * can be counted into its items: its own repository functions over its own table. Analytics keeps the
 * per-day counts and calls these; it never names a feature's table. features.ts hands each feature's
 * counter to analytics under its event entity.
 */
export interface ItemCounter {
  /**
   * The tag the feature's writes invalidate when they add or remove items or switch one off: the event
   * counter forgets the entity's known ids on it, and on nothing else (forgetting on every flush re-read
   * every id of the table: 18,700 videos, 28 ms on PostgreSQL, every second under steady traffic).
   */
  itemsTag: string;
  /**
   * The items among `ids` (1 to 500 of them, a primary-key read), each with whether it is active: a
   * heartbeat for an inactive item (a live match switched off) is dropped, as nobody can be watching it;
   * its views and clicks still count. The event counter asks about a batch's ids, the dashboard about its
   * one id, the orphan sweep about the counted ids a step at a time: never every item of a table (0095).
   */
  items(db: AppDb, ids: readonly string[]): Promise<CountedItem[]>;
  /**
   * Adds to the items' totals what a flush counted, or (negative, never below 0) what a clear took off,
   * inside that transaction, after the day rows changed; answers the cache tags to invalidate once it
   * commits (the replies that show the totals, or those a limit reached changes).
   */
  addTotals(db: AppDb, changes: readonly TotalsChange[]): Promise<readonly string[]>;
  /** For a feature that keeps its own per-day counts (web ads): the counted days, in the same transaction. */
  addDays?(db: AppDb, days: readonly DayCount[]): Promise<void>;
  /** Called inside the transaction that clears an item's counts (a day range, or all days without one). */
  clearDays?(
    db: AppDb,
    id: string,
    range: { startDate?: string | undefined; endDate?: string | undefined },
  ): Promise<void>;
}

export interface CountedItem {
  id: string;
  active: boolean;
}

/** What one write added to an item's view and click totals. */
export interface TotalsChange {
  id: string;
  view: number;
  click: number;
}

/** One item's count of one kind on one reporting day. */
export interface DayCount {
  id: string;
  day: string;
  kind: 'view' | 'click';
  count: number;
}

/**
 * A feature's items among `ids` when none takes heartbeats (all active). The feature's repository calls
 * it with its own table, as it calls addToTotalColumns.
 */
export async function activeItems(
  db: AppDb,
  table: keyof AppTables & string,
  ids: readonly string[],
): Promise<CountedItem[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(db);
  return rows.map(({ id }) => ({ id, active: true }));
}

/** Removes the counted days of a feature's items that it deletes, in the delete's transaction (`db`). */
export type ForgetCounts = (db: AppDb, ids: readonly string[]) => Promise<void>;

/** Where a feature keeps its items' view and click totals (a column left out is not counted). */
export interface TotalColumns {
  table: string;
  id: string;
  view?: string;
  click?: string;
}

/**
 * Adds the changes to a feature's total columns, the items that take the same number in one statement per
 * 500 ids: a flush's counts are mostly small numbers, so 10,000 items make a few dozen statements rather
 * than 10,000 (5.3 s on PostgreSQL). A total never goes below 0. The feature's repository calls it with
 * its own table.
 */
export async function addToTotalColumns(
  db: AppDb,
  columns: TotalColumns,
  changes: readonly TotalsChange[],
): Promise<void> {
  for (const kind of ['view', 'click'] as const) {
    const column = columns[kind];
    if (!column) continue;
    const byCount = new Map<number, string[]>();
    for (const change of changes) {
      const n = change[kind];
      if (n === 0) continue;
      const ids = byCount.get(n);
      if (ids) ids.push(change.id);
      else byCount.set(n, [change.id]);
    }
    const col = sql.ref(column);
    for (const [n, ids] of byCount)
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = sql.join(ids.slice(i, i + 500));
        await sql`UPDATE ${sql.table(columns.table)} SET ${col} = CASE WHEN ${col} + ${n} < 0 THEN 0 ELSE ${col} + ${n} END WHERE ${sql.ref(columns.id)} IN (${chunk})`.execute(
          db,
        );
      }
  }
}
