import { sql } from 'kysely';
import { parseSort } from '@streamdesk/contract/http';
import type { AppDb, AppTables, DialectName } from '../../platform/db/database.js';
import { lowered } from '../../platform/db/dialect.js';
import { pageWithTotal } from '../../platform/db/paging.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { boundedSearch } from '../../platform/db/bounded-search.js';
import { notificationCounts, notificationsSearch } from './notifications.migrations.js';
import type { DeliveryStatus, HistorySort, NotificationStatus } from '@streamdesk/contract/notifications';

export interface NotificationRow {
  id: string;
  title: string;
  message: string;
  url: string | null;
  icon: string | null;
  created_at: string;
  fcm_status: DeliveryStatus;
  fcm_detail: string | null;
  web_status: DeliveryStatus;
  web_detail: string | null;
  delivered_at: string | null;
  status: NotificationStatus;
  /** A send later's time (ISO UTC); null for a send made now. */
  scheduled_at: string | null;
  /** The scheduler's job that sends it. */
  send_job: string | null;
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

export interface NotificationTables {
  notifications: NotificationRow;
  /** The history, counted whole by triggers (notifications.migrations.ts). */
  notifications_count: { whole: number; n: number };
  push_subscriptions: PushSubscriptionRow;
}

declare module '../../platform/db/database.js' {
  interface AppTables extends NotificationTables {}
}

type Db = AppDb;

export const insertNotification = (db: Db, row: NotificationRow) =>
  db.insertInto('notifications').values(row).execute();

export const findNotification = (db: Db, id: string) =>
  db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();

export const findNotifications = (db: Db, ids: readonly string[]) =>
  db.selectFrom('notifications').selectAll().where('id', 'in', ids).execute();

/**
 * A page of the history in the order asked, with the number `q` finds (every notification without it):
 * newest first by default (a send later at the time it goes), titles as people read them; the id breaks
 * ties (rows of the same millisecond, equal titles). `q` finds the title or the message, any case; its
 * count stops at `countMax` (`capped` when more match, 0063), and a broad one walks the (created_at, id)
 * index in the date orders.
 */
export async function listNotifications(
  db: Db,
  dialect: DialectName,
  { page, limit, q, sort }: { page: number; limit: number; q?: string | undefined; sort: HistorySort },
  countMax: number,
): Promise<{ rows: NotificationRow[]; total: number; capped: boolean }> {
  const text = q?.trim();
  const base = db.selectFrom('notifications');
  const { column, desc } = parseSort(sort);
  const order = { by: { date: sql.ref('created_at'), title: lowered(dialect, 'title') }[column], desc };
  if (!text)
    return {
      ...(await pageWithTotal(base, order, { page, limit }, keptCount(db, notificationCounts))),
      capped: false,
    };
  return boundedSearch<AppTables, 'notifications', NotificationRow>(
    { db, dialect, base, index: notificationsSearch, text },
    order,
    { page, limit, walkable: column === 'date', countMax },
  );
}

export const updateNotification = (db: Db, id: string, set: Partial<Omit<NotificationRow, 'id'>>) =>
  db.updateTable('notifications').set(set).where('id', '=', id).execute();

export const updateNotifications = (
  db: Db,
  ids: readonly string[],
  set: Partial<Omit<NotificationRow, 'id'>>,
) => db.updateTable('notifications').set(set).where('id', 'in', ids).execute();

/** Marks every delivery of a send under way still pending on one channel as failed (not the scheduled). */
export const failPending = (
  db: Db,
  status: 'fcm_status' | 'web_status',
  detail: 'fcm_detail' | 'web_detail',
  reason: string,
) =>
  db
    .updateTable('notifications')
    .set({ [status]: 'failed', [detail]: reason })
    .where(status, '=', 'pending')
    .where('status', '=', 'sent')
    .execute();

/** Deletes the rows and answers those it deleted (none of those another delete took first). */
export const deleteNotifications = (db: Db, ids: readonly string[]) =>
  db.deleteFrom('notifications').where('id', 'in', ids).returningAll().execute();

export const upsertSubscription = (db: Db, row: PushSubscriptionRow) =>
  db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ p256dh: row.p256dh, auth: row.auth, updated_at: row.updated_at }),
    )
    .execute();

/** One page of subscriptions in id order, after `afterId` (keyset paging for large audiences). */
export const subscriptionsAfter = (db: Db, afterId: string, limit: number) =>
  db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

export const countSubscriptions = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const deleteSubscription = (db: Db, id: string) =>
  db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
