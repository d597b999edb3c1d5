import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import {
  notificationMessages as msg,
  type ChannelDelivery,
  type Notification,
  type NotificationFields,
  type PushChannel,
  type ScheduledEdit,
  type SendFields,
  type SubscribeBody,
} from '@streamdesk/contract/notifications';
import { currentActor } from '../../platform/activity/activity-recorder.js';
import type { PushConfig } from '../../platform/config.js';
import type { AppDb, DialectName } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import { whenCommitted } from '../../platform/db/write-scope.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import { itemLabel } from '../../platform/activity/item-label.js';
import type { TrashBin } from '../../platform/trash/trash-bin.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import { DeliveryQueue } from './delivery-queue.js';
import { createFcmSender } from './fcm-sender.js';
import * as repo from './notifications.repository.js';
import type { NotificationRow } from './notifications.repository.js';
import { defaultRetryPolicy, type PushSender, type RetryPolicy } from './push-sender.js';
import { createWebPushSender } from './web-push-sender.js';

export const ICON_FOLDER = 'notifications';
/** The scheduler's job kind of a send later. */
export const SEND_JOB = 'notification:send';
const ICON_NAME = /^[0-9a-f]{24}\.(png|jpg)$/;

const columns: Record<
  PushChannel,
  { status: 'fcm_status' | 'web_status'; detail: 'fcm_detail' | 'web_detail' }
> = {
  fcm: { status: 'fcm_status', detail: 'fcm_detail' },
  webPush: { status: 'web_status', detail: 'web_detail' },
};

/** Why a send later restored from the trash after its time was not sent. */
export const MISSED_IN_TRASH =
  'Missed: it was in the trash at its time, so it was not sent. Resend sends it now if still wanted.';

/** The columns of a send later that will not go: both channels say why. */
const unsent = (status: 'cancelled' | 'missed', why: string) =>
  ({
    status,
    fcm_status: 'failed',
    fcm_detail: why,
    web_status: 'failed',
    web_detail: why,
  }) as const;

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    n_title: row.title,
    n_message: row.message,
    n_url: row.url,
    n_icon: row.icon,
    createdAt: row.created_at,
    delivery: {
      fcm: { status: row.fcm_status, detail: row.fcm_detail },
      webPush: { status: row.web_status, detail: row.web_detail },
    },
    deliveredAt: row.delivered_at,
    status: row.status,
    scheduledAt: row.scheduled_at,
  };
}

export interface NotificationsOptions {
  db: AppDb;
  /** For the list's read (off the event loop on SQLite: FeatureContext.readDb). */
  readDb: AppDb;
  dialect: DialectName;
  media: MediaStore;
  push: PushConfig;
  /** Sends later (issue 34). */
  jobs: Scheduler;
  /** Where deletes go (docs/decisions/0037-trash.md). */
  trash: TrashBin;
  /** Absolute base of this server's URLs, for icons shown outside the browser (the mobile app). */
  publicBaseUrl: string;
  retry?: RetryPolicy;
  /** Replaces the real channels (tests). */
  senders?: PushSender[];
  onError?: (error: unknown) => void;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(opts: NotificationsOptions) {
  const db = opts.db;
  // The history is read from the database each time: no cache to invalidate after a restore.
  opts.trash.register('notifications', {
    feature: 'notifications',
    changed: () => undefined,
    // A send later whose time passed in the trash was not sent (its job found no row): it comes back
    // missed, saying why, and is never sent by the restore (docs/decisions/0053-last-deletes-to-trash.md).
    restoring: (snapshot) => ({
      tables: snapshot.tables.map(([table, rows]) => [
        table,
        rows.map((row) =>
          row.status === 'scheduled' && Date.parse(String(row.scheduled_at)) <= opts.jobs.now().getTime()
            ? { ...row, ...unsent('missed', MISSED_IN_TRASH) }
            : row,
        ),
      ]),
    }),
  });
  const retry = opts.retry ?? defaultRetryPolicy;
  const senders = opts.senders ?? [
    createFcmSender(opts.push.fcm, retry),
    createWebPushSender(
      opts.push.vapid,
      {
        page: (after, limit) => repo.subscriptionsAfter(db, after, limit),
        remove: async (id) => void (await repo.deleteSubscription(db, id)),
      },
      retry,
    ),
  ];
  const queue = new DeliveryQueue(
    senders,
    {
      async channelDone(id: string, channel: PushChannel, result: ChannelDelivery) {
        const c = columns[channel];
        await repo.updateNotification(db, id, { [c.status]: result.status, [c.detail]: result.detail });
      },
      async allDone(id: string) {
        await repo.updateNotification(db, id, { delivered_at: nowIso() });
      },
    },
    opts.onError ?? (() => {}),
  );

  /** Each channel pending, or not configured (then nothing will be tried on it). */
  function initialDelivery() {
    const initial = (channel: PushChannel): ChannelDelivery => {
      const sender = senders.find((s) => s.channel === channel);
      if (!sender || sender.notConfigured) {
        return { status: 'not configured', detail: sender?.notConfigured ?? 'Not configured' };
      }
      return { status: 'pending', detail: null };
    };
    const fcm = initial('fcm');
    const web = initial('webPush');
    return {
      fcm_status: fcm.status,
      fcm_detail: fcm.detail,
      web_status: web.status,
      web_detail: web.detail,
      delivered_at: queue.active.length === 0 ? nowIso() : null,
    };
  }

  const enqueue = (row: NotificationRow) =>
    queue.enqueue({
      id: row.id,
      title: row.title,
      body: row.message,
      url: row.url,
      icon: row.icon,
      iconUrl: row.icon ? opts.publicBaseUrl + row.icon : null,
    });

  /** Stores the row with each channel pending (or not configured), then queues the delivery. */
  async function create(fields: NotificationFields, icon: string | null): Promise<Notification> {
    const row: NotificationRow = {
      id: newId(),
      title: fields.title,
      message: fields.message,
      url: fields.url,
      icon,
      created_at: nowIso(),
      ...initialDelivery(),
      status: 'sent',
      scheduled_at: null,
      send_job: null,
    };
    await repo.insertNotification(db, row);
    // Once committed: on PostgreSQL a delivery result written sooner, on another connection, could
    // find no row yet and be lost (the row then stayed pending).
    await whenCommitted(async () => enqueue(row));
    return toNotification(row);
  }

  function checkSendAt(sendAt: string): void {
    if (Date.parse(sendAt) <= opts.jobs.now().getTime()) throw badRequest(msg.sendAtPast);
  }

  /**
   * Stores a send later with its job, in the write's transaction. Its createdAt is the time it goes, so
   * the history (newest first) shows it where it will stand once sent.
   */
  async function schedule(fields: NotificationFields, icon: string | null, sendAt: string) {
    checkSendAt(sendAt);
    const id = newId();
    const sendJob = await opts.jobs.add({
      kind: SEND_JOB,
      runAt: new Date(sendAt),
      payload: { id },
      personId: currentActor()?.personId ?? null,
    });
    const row: NotificationRow = {
      id,
      title: fields.title,
      message: fields.message,
      url: fields.url,
      icon,
      created_at: sendAt,
      fcm_status: 'pending',
      fcm_detail: null,
      web_status: 'pending',
      web_detail: null,
      delivered_at: null,
      status: 'scheduled',
      scheduled_at: sendAt,
      send_job: sendJob,
    };
    await repo.insertNotification(db, row);
    return toNotification(row);
  }

  /** A send later that has not gone yet, or why not (404, 409). */
  async function scheduled(id: string): Promise<NotificationRow> {
    const row = await repo.findNotification(db, id);
    if (!row) throw notFound(msg.notFound);
    if (row.status !== 'scheduled' || !row.send_job) throw conflict(msg.notScheduled);
    return row;
  }

  /** Ends a send later that will not go: both channels say why. */
  async function closeUnsent(row: NotificationRow, status: 'cancelled' | 'missed', why: string) {
    const set = unsent(status, why);
    await repo.updateNotification(db, row.id, set);
    return toNotification({ ...row, ...set });
  }

  /**
   * A copy of the stored icon a resend names (its n_icon URL, store key or bare file name), for the new
   * row to own. Sharing the file raced a delete of the original: the delete saw no other row using it
   * and removed it while the resend, which had found it, stored its row. A copy (a reflink where the
   * file system has them) belongs to one row, so deleting either row never takes the other's icon.
   */
  async function copiedIcon(fileName: string | null): Promise<string | null> {
    if (!fileName) return null;
    const name = fileName.split('/').pop() ?? '';
    const match = ICON_NAME.exec(name);
    if (!match) throw badRequest(msg.iconMissing);
    const copy = await opts.media.copy(`${ICON_FOLDER}/${name}`, ICON_FOLDER);
    if (!copy) throw badRequest(msg.iconMissing);
    return copy.url;
  }

  return {
    /** Waits until every queued delivery has finished (tests, shutdown). */
    idle: () => queue.idle(),
    close: () => queue.close(),

    send: ({ sendAt, ...fields }: SendFields, icon: string | null) =>
      sendAt ? schedule(fields, icon, sendAt) : create(fields, icon),

    async editScheduled(id: string, body: ScheduledEdit) {
      const row = await scheduled(id);
      checkSendAt(body.sendAt);
      if (!(await opts.jobs.move(row.send_job!, new Date(body.sendAt)))) throw conflict(msg.notScheduled);
      const set = {
        title: body.title,
        message: body.message,
        url: body.url,
        scheduled_at: body.sendAt,
        created_at: body.sendAt,
      };
      await repo.updateNotification(db, id, set);
      return toNotification({ ...row, ...set });
    },

    async cancelScheduled(id: string) {
      const row = await scheduled(id);
      if (!(await opts.jobs.cancel(row.send_job!))) throw conflict(msg.notScheduled);
      return closeUnsent(row, 'cancelled', 'Cancelled before it was sent');
    },

    /**
     * Sends the send-laters of `ids` still scheduled as sends made now (their jobs' work; those due at one
     * time in one write, 0033): each row turns `sent` at this time and its delivery is queued once the
     * write has committed. Answers each one sent by its id; one no longer scheduled is left out.
     */
    async sendScheduled(ids: string[]): Promise<Map<string, Notification>> {
      const rows = (await repo.findNotifications(db, ids)).filter((row) => row.status === 'scheduled');
      if (rows.length === 0) return new Map();
      const set = {
        ...initialDelivery(),
        status: 'sent',
        created_at: opts.jobs.now().toISOString(),
      } as const;
      await repo.updateNotifications(
        db,
        rows.map((row) => row.id),
        set,
      );
      const sent = rows.map((row) => ({ ...row, ...set }));
      await whenCommitted(async () => sent.forEach(enqueue));
      return new Map(sent.map((row) => [row.id, toNotification(row)]));
    },

    /** A send later whose time passed while no server ran, too long ago to send now. */
    async missScheduled(id: string): Promise<void> {
      const row = await repo.findNotification(db, id);
      if (row?.status !== 'scheduled') return;
      await closeUnsent(
        row,
        'missed',
        'Missed: no server was running at its time, and it came due too long ago to send',
      );
    },

    async resend(fields: NotificationFields & { fileName: string | null }) {
      const icon = await copiedIcon(fields.fileName);
      try {
        return await create(fields, icon);
      } catch (error) {
        // The icon's copy is this send's own: it goes with the send that failed.
        await opts.media.remove(icon);
        throw error;
      }
    },

    async history(query: Parameters<typeof repo.listNotifications>[2]) {
      const { rows, total, capped } = await repo.listNotifications(
        opts.readDb,
        opts.dialect,
        query,
        SEARCH_COUNT_MAX,
      );
      return {
        data: rows.map(toNotification),
        total,
        totalCapped: capped,
        totalPage: Math.ceil(total / query.limit),
      };
    },

    /**
     * Moves all the ids or none to the trash, icons kept: a purge removes an icon once no row names it
     * (each row owns its icon's file: copiedIcon).
     */
    async remove(ids: string[]) {
      const deleted = await deleteAllOrNone(db, ids, {
        find: repo.findNotifications,
        remove: repo.deleteNotifications,
        trash: opts.trash.rowsTo('notifications', 'notifications', (row) => ({
          label: itemLabel('notifications', row, row.id),
          thumbnail: row.icon ?? '',
        })),
        missing: () => notFound(msg.notFound),
      });
      return deleted.length;
    },

    async subscribe(body: SubscribeBody) {
      if (!isAllowedEndpoint(new URL(body.endpoint), opts.push.webPushAllowedHosts))
        throw badRequest(`endpoint: ${msg.endpointNotAllowed}`);
      const now = nowIso();
      await repo.upsertSubscription(db, {
        id: newId(),
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: now,
        updated_at: now,
      });
    },

    vapidPublicKey: () => opts.push.vapid?.publicKey ?? null,

    /** Deliveries a previous run left pending cannot finish now: say so on their rows. */
    async failInterrupted() {
      for (const c of Object.values(columns)) {
        await repo.failPending(db, c.status, c.detail, 'Interrupted: the server restarted during delivery');
      }
    },
  };
}

/**
 * Whether a subscription endpoint is on an allowed push service: its host or a subdomain of it, on https's
 * own port unless the entry names one (`127.0.0.1:8443`, a test's fake service), with no user name. The
 * server later POSTs to this URL, so another port or a `user:password@` on an allowed host is refused
 * rather than probed.
 */
export function isAllowedEndpoint(url: URL, allowedHosts: readonly string[]): boolean {
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((entry) => {
    const [name, port = ''] = entry.split(/:(?=\d+$)/);
    // URL leaves https's default port out: 'push.example:443' names the same service as 'push.example'.
    return (port === '443' ? '' : port) === url.port && (host === name || host.endsWith(`.${name}`));
  });
}
