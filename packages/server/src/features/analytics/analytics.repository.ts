import type { AppDb } from '../../platform/db/database.js';
import { sql } from 'kysely';

export type CountKind = 'view' | 'click';

export interface AnalyticsTables {
  event_rollups: { entity_id: string; day: string; kind: CountKind; entity: string; count: number };
  /** The app's batch ids counted within the window, with when each was received (ms since 1970). */
  event_batches: { batch_id: string; received_at: number };
  /** Per event journal (event-journal.ts), the last of its files whose counts are committed. */
  event_journals: { journal: string; applied_seq: number };
}

declare module '../../platform/db/database.js' {
  interface AppTables extends AnalyticsTables {}
}

type Db = AppDb;

export interface RollupRow {
  entity: string;
  entity_id: string;
  day: string;
  kind: CountKind;
  count: number;
}

export async function addRollups(db: Db, rows: RollupRow[]): Promise<void> {
  // Chunked so a large flush stays under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('event_rollups')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc
          .columns(['entity_id', 'day', 'kind', 'entity'])
          .doUpdateSet({ count: (eb) => eb('event_rollups.count', '+', eb.ref('excluded.count')) }),
      )
      .execute();
  }
}

/** When each of these batch ids that the table has was received (ms); one lookup by key per id. */
export async function batchesReceived(db: Db, batchIds: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  // Chunked so a large lookup stays under SQLite's bound-parameter limit.
  for (let i = 0; i < batchIds.length; i += 500) {
    const rows = await db
      .selectFrom('event_batches')
      .select(['batch_id', 'received_at'])
      .where('batch_id', 'in', batchIds.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.batch_id, Number(row.received_at));
  }
  return found;
}

/**
 * Records batch ids as counted and answers those it recorded: an id already there from within
 * `windowMs` before its new time (another process counted it, or this one did before a crash) is left as
 * it is and not answered; an older one is past the window, so it takes the new time and is answered.
 */
export async function recordBatches(
  db: Db,
  batches: readonly { batch_id: string; received_at: number }[],
  windowMs: number,
): Promise<Set<string>> {
  const recorded = new Set<string>();
  // Chunked so a large flush stays under SQLite's bound-parameter limit.
  for (let i = 0; i < batches.length; i += 500) {
    const rows = await db
      .insertInto('event_batches')
      .values(batches.slice(i, i + 500))
      .onConflict((oc) =>
        oc
          .column('batch_id')
          .doUpdateSet({ received_at: (eb) => eb.ref('excluded.received_at') })
          .where('event_batches.received_at', '<=', sql<number>`excluded.received_at - ${windowMs}`),
      )
      .returning('batch_id')
      .execute();
    for (const row of rows) recorded.add(row.batch_id);
  }
  return recorded;
}

/** Deletes at most `limit` batch ids received before `before`, oldest first; answers how many. */
export async function forgetBatchesBefore(db: Db, before: number, limit: number): Promise<number> {
  const [result] = await db
    .deleteFrom('event_batches')
    .where('batch_id', 'in', (eb) =>
      eb
        .selectFrom('event_batches')
        .select('batch_id')
        .where('received_at', '<', before)
        .orderBy('received_at')
        .limit(limit),
    )
    .execute();
  return Number(result?.numDeletedRows ?? 0);
}

/** Records, in the flush's transaction, the last file of each journal whose counts it commits. */
export async function markJournalsApplied(db: Db, applied: Map<string, number>): Promise<void> {
  for (const [journal, seq] of applied) {
    await db
      .insertInto('event_journals')
      .values({ journal, applied_seq: seq })
      .onConflict((oc) => oc.column('journal').doUpdateSet({ applied_seq: seq }))
      .execute();
  }
}

/** Every journal a flush has recorded and no clean stop has forgotten. */
export async function recordedJournals(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('event_journals').select('journal').execute();
  return rows.map((row) => row.journal);
}

/** The last committed file of each of these journals that has one. */
export async function journalsApplied(db: Db, journals: readonly string[]): Promise<Map<string, number>> {
  if (!journals.length) return new Map();
  const rows = await db
    .selectFrom('event_journals')
    .select(['journal', 'applied_seq'])
    .where('journal', 'in', journals)
    .execute();
  return new Map(rows.map((row) => [row.journal, Number(row.applied_seq)]));
}

/** Forgets journals whose files are all gone (a clean stop, or leftovers counted again). */
export async function forgetJournals(db: Db, journals: readonly string[]): Promise<void> {
  if (journals.length) await db.deleteFrom('event_journals').where('journal', 'in', journals).execute();
}

/**
 * One row per day of an item's range with the day's views and clicks (null when the day has none of that
 * kind), over every entity kind it was counted as. Summed in SQL, a year is 365 rows rather than the
 * table's 730 (one per day and kind): the dashboard's query for a year of one item takes about 0.44 ms
 * instead of 0.9 (SQLite, bench:app's data set), and day order comes from the key, with no sort.
 */
export function dailyTotals(db: Db, entityId: string, from?: string, to?: string) {
  return db
    .selectFrom('event_rollups')
    .select((eb) => [
      'day',
      eb.fn
        .sum<number | string | null>(eb.case().when('kind', '=', 'view').then(eb.ref('count')).end())
        .as('views'),
      eb.fn
        .sum<number | string | null>(eb.case().when('kind', '=', 'click').then(eb.ref('count')).end())
        .as('clicks'),
    ])
    .where('entity_id', '=', entityId)
    .$if(!!from, (q) => q.where('day', '>=', from!))
    .$if(!!to, (q) => q.where('day', '<=', to!))
    .groupBy('day')
    .orderBy('day')
    .execute();
}

/**
 * An item's counts in a range per kind and entity kind, for clearing it (each row's count comes off a
 * total): at most a row per kind, where a row per day made two years of a story 1,460 updates.
 */
export function rangeCounts(db: Db, entityId: string, from?: string, to?: string) {
  return db
    .selectFrom('event_rollups')
    .select(['kind', 'entity', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('entity_id', '=', entityId)
    .$if(!!from, (q) => q.where('day', '>=', from!))
    .$if(!!to, (q) => q.where('day', '<=', to!))
    .groupBy(['kind', 'entity'])
    .execute();
}

/**
 * Deletes every counted day of these items (deleted ones), `perStatement` ids a statement: of `entity`
 * when given, else whatever entity they were counted as.
 */
export async function deleteCountsOf(
  db: Db,
  ids: readonly string[],
  { entity, perStatement = 500 }: { entity?: string; perStatement?: number } = {},
): Promise<void> {
  for (let i = 0; i < ids.length; i += perStatement)
    await db
      .deleteFrom('event_rollups')
      .where('entity_id', 'in', ids.slice(i, i + perStatement))
      .$if(entity !== undefined, (q) => q.where('entity', '=', entity!))
      .execute();
}

/**
 * The item ids the rollups hold counts for, in key order after `after`, at most `limit`: one index seek
 * per id (a loose scan of the key, which starts with the id), not a read of every row. 5,000 counted
 * items are 5,000 seeks where the table may hold two years of days for each.
 */
export async function countedIds(db: Db, after: string, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string | null }>`WITH RECURSIVE counted(id, n) AS (
      SELECT (SELECT min(entity_id) FROM event_rollups WHERE entity_id > ${after}), 1
      UNION ALL
      SELECT (SELECT min(entity_id) FROM event_rollups WHERE entity_id > counted.id), n + 1 FROM counted
      WHERE counted.id IS NOT NULL AND n < ${limit}
    ) SELECT id FROM counted WHERE id IS NOT NULL`.execute(db);
  return rows.map((r) => r.id!);
}

export function deleteRange(db: Db, entityId: string, from?: string, to?: string) {
  return db
    .deleteFrom('event_rollups')
    .where('entity_id', '=', entityId)
    .$if(!!from, (q) => q.where('day', '>=', from!))
    .$if(!!to, (q) => q.where('day', '<=', to!))
    .execute();
}
