import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import {
  notificationMessages as msg,
  type ChannelDelivery,
  type Notification,
  type NotificationFields,
  type PushChannel,
  type SubscribeBody,
} from '@streamdesk/contract/notifications';
import type { PushConfig } from '../../platform/config.js';
import type { AppDb } from '../../platform/db/database.js';
import { newId, nowIso } from '../../platform/db/values.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { deleteAllOrNone } from '../../platform/db/delete-all-or-none.js';
import type { MediaStore } from '../../platform/media/media-store.js';
import { DeliveryQueue } from './delivery-queue.js';
import { createFcmSender } from './fcm-sender.js';
import * as repo from './notifications.repository.js';
import type { NotificationRow } from './notifications.repository.js';
import { defaultRetryPolicy, type PushSender, type RetryPolicy } from './push-sender.js';
import { createWebPushSender } from './web-push-sender.js';

export const ICON_FOLDER = 'notifications';
const ICON_NAME = /^[0-9a-f]{24}\.(png|jpg)$/;

const columns: Record<
  PushChannel,
  { status: 'fcm_status' | 'web_status'; detail: 'fcm_detail' | 'web_detail' }
> = {
  fcm: { status: 'fcm_status', detail: 'fcm_detail' },
  webPush: { status: 'web_status', detail: 'web_detail' },
};

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
  };
}

export interface NotificationsOptions {
  db: AppDb;
  media: MediaStore;
  push: PushConfig;
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
        await repo.updateDelivery(db, id, { [c.status]: result.status, [c.detail]: result.detail });
      },
      async allDone(id: string) {
        await repo.updateDelivery(db, id, { delivered_at: nowIso() });
      },
    },
    opts.onError ?? (() => {}),
  );

  /** Stores the row with each channel pending (or not configured), then queues the delivery. */
  async function create(fields: NotificationFields, icon: string | null): Promise<Notification> {
    const initial = (channel: PushChannel): ChannelDelivery => {
      const sender = senders.find((s) => s.channel === channel);
      if (!sender || sender.notConfigured) {
        return { status: 'not configured', detail: sender?.notConfigured ?? 'Not configured' };
      }
      return { status: 'pending', detail: null };
    };
    const fcm = initial('fcm');
    const web = initial('webPush');
    const row: NotificationRow = {
      id: newId(),
      title: fields.title,
      message: fields.message,
      url: fields.url,
      icon,
      created_at: nowIso(),
      fcm_status: fcm.status,
      fcm_detail: fcm.detail,
      web_status: web.status,
      web_detail: web.detail,
      delivered_at: queue.active.length === 0 ? nowIso() : null,
    };
    await repo.insertNotification(db, row);
    queue.enqueue({
      id: row.id,
      title: row.title,
      body: row.message,
      url: row.url,
      icon: row.icon,
      iconUrl: row.icon ? opts.publicBaseUrl + row.icon : null,
    });
    return toNotification(row);
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
    const copy = opts.media.adopt(ICON_FOLDER, match[1]!);
    try {
      await copyFile(
        opts.media.pathOf(`${ICON_FOLDER}/${name}`),
        copy.path,
        constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE,
      );
    } catch (error) {
      await opts.media.remove(copy.key);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw badRequest(msg.iconMissing);
      throw error;
    }
    return copy.url;
  }

  return {
    /** Waits until every queued delivery has finished (tests, shutdown). */
    idle: () => queue.idle(),
    close: () => queue.close(),

    send: (fields: NotificationFields, icon: string | null) => create(fields, icon),

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

    async history(page: number, limit: number) {
      const total = await repo.countNotifications(db);
      const rows = await repo.listNotifications(db, (page - 1) * limit, limit);
      return { data: rows.map(toNotification), total, totalPage: Math.ceil(total / limit) };
    },

    /** Deletes all the ids or none; an icon no remaining row uses is removed from the store. */
    async remove(ids: string[]) {
      const deleted = await deleteAllOrNone(db, ids, {
        find: repo.findNotifications,
        remove: repo.deleteNotifications,
        missing: () => notFound(msg.notFound),
      });
      const icons = [...new Set(deleted.map((r) => r.icon).filter((i): i is string => !!i))];
      for (const icon of icons) {
        if ((await repo.countWithIcon(db, icon)) === 0) await opts.media.remove(icon);
      }
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
