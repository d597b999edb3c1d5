import {
  ACTIVITY_COUNT_MAX,
  type ActivityAction,
  type ActivityEntry,
  type ActivityQuery,
} from '@streamdesk/contract/activity';
import { withSettingLabels } from '@streamdesk/contract/controller';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { setTimeout } from 'node:timers/promises';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppDb, AppTables, DialectName } from '../../platform/db/database.js';
import { NEWEST_FIRST, newestFirstRows } from '../../platform/db/paging.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import { matchesSearch } from '../../platform/db/search.js';
import { SET_MOST } from '../../platform/db/search-count.js';
import { foldedColumns, searchTable } from '../../platform/db/search-index.js';
import type { ActivityRow } from '../../platform/activity/activity-log.repository.js';
import { ACTIVITY_PENDING, activitySearch } from './activity.migrations.js';

export type Db = AppDb;

export function toEntry(row: ActivityRow): Omit<ActivityEntry, 'revertable'> {
  return {
    _id: row.id,
    at: row.created_at,
    personId: row.person_id,
    personName: row.person_name,
    role: row.role,
    action: row.action as ActivityAction,
    feature: row.feature,
    itemId: row.item_id,
    // Controller entries written before 0094 named their settings by key; read, they name them as the screen does.
    label: row.feature === 'controller' ? withSettingLabels(row.label) : row.label,
    changes: JSON.parse(row.changes) as ActivityEntry['changes'],
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** A date alone (YYYY-MM-DD) bounds its whole day: `from` at its start, `to` at its end (UTC). */
const bound = (value: string, end: boolean) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`
    : new Date(value).toISOString();

type Base = SelectQueryBuilder<AppTables, 'activity_log', object>;

/**
 * One page of the log, newest first, with the filters of the Activity screen. `q` finds the label, the
 * person's name or the changes (any case, accents kept), through the search index (0065), or an entry whose
 * item id is the text. The unsearched list's count stops at ACTIVITY_COUNT_MAX (0041); a search's at
 * SEARCH_COUNT_MAX, as every list's search does (0063), and its pages end there (0066): counting 10,001
 * matches of a broad text read every page they lie on (`open` in one person's entries at a million: 74 ms
 * on PostgreSQL, 7,159 pages), where 1,001 read a tenth of them (docs/decisions/0072).
 */
export async function listEntries(db: Db, dialect: DialectName, q: ActivityQuery) {
  const base = db
    .selectFrom('activity_log')
    .$if(q.person !== undefined, (b) => b.where('person_id', '=', q.person!))
    .$if(q.feature !== undefined, (b) => b.where('feature', '=', q.feature!))
    .$if(q.action !== undefined, (b) => b.where('action', '=', q.action!))
    .$if(q.item !== undefined, (b) => b.where('item_id', '=', q.item!))
    .$if(q.from !== undefined, (b) => b.where('created_at', '>=', bound(q.from!, false)))
    .$if(q.to !== undefined, (b) => b.where('created_at', '<=', bound(q.to!, true)));
  const text = q.q;
  const countMax = text ? SEARCH_COUNT_MAX : ACTIVITY_COUNT_MAX;
  if (text && !(await hasItem(base, text))) {
    const filtered = [q.person, q.feature, q.action, q.item, q.from, q.to].some((v) => v !== undefined);
    const found = await boundedSearch<AppTables, 'activity_log', ActivityRow>(
      {
        db,
        dialect,
        base,
        index: activitySearch,
        text,
        // SQLite: how many entries the filters keep (up to SET_MOST) tells the count whether to check
        // their text or ask the index (search-count.ts); the whole log is left to the index.
        rows: dialect === 'sqlite' && filtered ? await countUpTo(db, base, SET_MOST + 1) : undefined,
      },
      NEWEST_FIRST,
      { page: q.page, limit: q.limit, walkable: true, countMax },
    );
    return { rows: found.rows, total: found.total, totalCapped: found.capped };
  }
  // No text, or an item's id: the entries of that item (few, through its index) beside the text's matches,
  // read as the unsearched list is (an id's text is rare in the index too).
  const listed = text
    ? base.where((eb) => eb.or([matchesSearch(dialect, activitySearch, text), eb('item_id', '=', text)]))
    : base;
  // A search's pages end where its count does, as boundedSearch's (0066): past the cap, none is read.
  const offset = (q.page - 1) * q.limit;
  const past = !!text && offset >= countMax;
  const [rows, matched] = await Promise.all([
    past ? [] : newestFirstRows(listed, q.page, q.limit),
    countUpTo(db, listed, countMax + 1),
  ]);
  const capped = matched > countMax;
  return {
    rows: text && capped ? rows.slice(0, countMax - offset) : rows,
    total: Math.min(matched, countMax),
    totalCapped: capped,
  };
}

/** Whether an entry the filters keep names the item `id` (its index: one lookup). */
const hasItem = async (base: Base, id: string) =>
  (await base
    .select(sql<number>`1`.as('one'))
    .where('item_id', '=', id)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * The rows `base` matches, counted up to `cap`: an index walk of at most `cap` entries, where count(*) of
 * the whole log (a million entries) walks all of it (0041).
 */
async function countUpTo(db: Db, base: Base, cap: number) {
  const matched = base
    .select(sql<number>`1`.as('one'))
    .limit(cap)
    .as('matched');
  const row = await db
    .selectFrom(matched)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findEntry = (db: Db, id: string) =>
  db.selectFrom('activity_log').selectAll().where('id', '=', id).executeTakeFirst();

/** Removes the entries older than `before` (the retention job); returns how many. */
export async function deleteEntriesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('activity_log').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** SQLite: whether entries wait for the search index (ACTIVITY_PENDING). */
export const entriesPending = async (db: Db) =>
  (await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(ACTIVITY_PENDING)} LIMIT 1`.execute(db)).rows
    .length > 0;

/**
 * The most pending entries indexed in one transaction (~21 µs each on this machine: ~5 ms of the event loop
 * and the write lock a batch). Was 5,000, run back to back: 100,000 entries written by another process (a
 * bulk import, bench:scale's seed) held the event loop for 2.1 s in one stretch (0079).
 */
export const INDEX_BATCH = 250;

/**
 * SQLite: writes the pending entries into the search index and forgets them, INDEX_BATCH at a time, each
 * batch one transaction (any process may run it: a batch already taken is gone from the queue when the
 * next begins). SQLite's statements run on the event loop, so after each batch the loop is left to the
 * requests for as long as the batch took: given back for one turn only (setImmediate), the next batch took
 * it again before a request's next step, and a page read meanwhile took 79 ms rather than 3 (0079). One
 * FTS5 segment a batch, where a trigger wrote one an entry (0065). Returns how many.
 */
export async function indexPendingEntries(db: Db): Promise<number> {
  const fts = sql.table(searchTable(activitySearch));
  const pending = sql.table(ACTIVITY_PENDING);
  const columns = sql.join(activitySearch.columns.map((c) => sql.ref(c)));
  const folded = foldedColumns(activitySearch.columns.map((c) => `a.${c}`));
  // The batch's last entry, read in the statements themselves: the insert comes first, so the transaction
  // takes the write lock at once (a read first could not upgrade past another process's write).
  const last = sql`(SELECT max(entry) FROM (SELECT entry FROM ${pending} ORDER BY entry LIMIT ${INDEX_BATCH}))`;
  let indexed = 0;
  for (;;) {
    const started = performance.now();
    const done = await db.transaction().execute(async (trx) => {
      const added = await sql`INSERT INTO ${fts}(rowid, ${columns}) SELECT a.rowid, ${folded}
        FROM ${pending} p JOIN activity_log a ON a.rowid = p.entry WHERE p.entry <= ${last}`.execute(trx);
      await sql`DELETE FROM ${pending} WHERE entry <= ${last}`.execute(trx);
      return Number(added.numAffectedRows ?? 0);
    });
    indexed += done;
    if (done < INDEX_BATCH) return indexed;
    await setTimeout(Math.max(1, performance.now() - started));
  }
}
