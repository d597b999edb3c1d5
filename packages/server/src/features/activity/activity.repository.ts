import {
  ACTIVITY_COUNT_MAX,
  type ActivityAction,
  type ActivityEntry,
  type ActivityQuery,
} from '@streamdesk/contract/activity';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppDb, AppTables, DialectName } from '../../platform/db/database.js';
import { containsInsensitive } from '../../platform/db/dialect.js';
import { newestFirstRows } from '../../platform/db/paging.js';
import type { ActivityRow } from '../../platform/activity/activity-log.repository.js';

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
    label: row.label,
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

/** One page of the log, newest first, with the filters of the Activity screen. */
export async function listEntries(db: Db, dialect: DialectName, q: ActivityQuery) {
  const base = db
    .selectFrom('activity_log')
    .$if(q.person !== undefined, (b) => b.where('person_id', '=', q.person!))
    .$if(q.feature !== undefined, (b) => b.where('feature', '=', q.feature!))
    .$if(q.action !== undefined, (b) => b.where('action', '=', q.action!))
    .$if(q.item !== undefined, (b) => b.where('item_id', '=', q.item!))
    .$if(q.from !== undefined, (b) => b.where('created_at', '>=', bound(q.from!, false)))
    .$if(q.to !== undefined, (b) => b.where('created_at', '<=', bound(q.to!, true)))
    .$if(!!q.q, (b) =>
      b.where((eb) =>
        eb.or([
          containsInsensitive(dialect, 'label', q.q!),
          containsInsensitive(dialect, 'person_name', q.q!),
          containsInsensitive(dialect, 'changes', q.q!),
          eb('item_id', '=', q.q!),
        ]),
      ),
    );
  const [rows, matched] = await Promise.all([
    newestFirstRows(base, q.page, q.limit),
    countUpTo(db, base, ACTIVITY_COUNT_MAX + 1),
  ]);
  return { rows, total: Math.min(matched, ACTIVITY_COUNT_MAX), totalCapped: matched > ACTIVITY_COUNT_MAX };
}

/**
 * The rows `base` matches, counted up to `cap`: an index walk of at most `cap` entries, where count(*) of
 * the whole log (a million entries) walks all of it (0041).
 */
async function countUpTo(db: Db, base: SelectQueryBuilder<AppTables, 'activity_log', object>, cap: number) {
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
