import { deletedMessage } from './messages.js';
import { z } from 'zod';
import {
  defineRoute,
  idList,
  idSchema,
  isoTime,
  optionalIsoTime,
  pageQuery,
  replyBase,
  requiredField,
  searchText,
  sortQuery,
} from './http.js';
import { mediaLimits, mediaMessages } from './media.js';

/** Push notifications (doc 1 sections 2, 3, 5, 7, 8; ARCHITECTURE.md "push delivery"). */
export const notificationMessages = {
  sent: 'Notification sent successfully!',
  /** Said instead of `sent` when no push channel is configured: the notification is only stored. */
  noChannel:
    'No push service is configured, so no app or browser received it: it is saved in the history only.',
  deleted: 'Notification deleted successfully',
  found: 'Notification history',
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  urlInvalid: 'Please enter a valid URL (http:// or https://)',
  iconMissing: 'The icon file was not found. Send the notification again with a new icon.',
  notFound: 'Notification not found',
  subscribed: 'Subscribed to notifications',
  endpointInvalid: 'endpoint must be an https URL of a push service',
  endpointNotAllowed: 'endpoint is not a known push service',
  keysInvalid: 'keys must hold the p256dh and auth keys of the subscription',
  vapidKey: 'Web push public key',
  icon: mediaMessages.image,
  iconSize: mediaMessages.imageSize,
  scheduled: 'Notification scheduled',
  scheduledUpdated: 'Scheduled notification updated',
  scheduledCancelled: 'Scheduled notification cancelled',
  sendAtPast: 'sendAt must be in the future',
  notScheduled: 'Only a notification that has not been sent yet can be edited or cancelled',
} as const;

/** The delete's message: the singular for one notification, the count for more ('2 notifications deleted successfully'). */
export const notificationsDeletedMessage = deletedMessage(notificationMessages.deleted, 'notifications');

/** Field limits: a push payload must stay under 4 KB, so the text fields are bounded. */
export const notificationLimits = {
  title: 100,
  message: 500,
  url: 1000,
  icon: mediaLimits.image,
  iconKinds: ['png', 'jpeg'] as const,
} as const;

/** An optional http(s) URL: empty, null or missing means none. */
export const optionalUrl = z
  .string()
  .trim()
  .max(notificationLimits.url, `URL must be at most ${notificationLimits.url} characters`)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isHttpUrl(v), notificationMessages.urlInvalid);

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The text fields of the send form (the icon arrives as the file field `image`). */
export const notificationFields = z.object({
  title: requiredField(notificationMessages.titleRequired, notificationLimits.title, 'Title'),
  message: requiredField(notificationMessages.messageRequired, notificationLimits.message, 'Message'),
  url: optionalUrl,
});
export type NotificationFields = z.output<typeof notificationFields>;

/** Send later (issue 34): an optional ISO time on the send form; empty means now. */
export const sendFields = notificationFields.extend({
  sendAt: optionalIsoTime('sendAt'),
});
export type SendFields = z.output<typeof sendFields>;

/** The edit of a scheduled send: its text and its time (the icon stays). */
export const scheduledEditBody = notificationFields.extend({ sendAt: isoTime('sendAt') });
export type ScheduledEditBody = z.input<typeof scheduledEditBody>;
export type ScheduledEdit = z.output<typeof scheduledEditBody>;

export const resendBody = notificationFields.extend({
  /** The icon of the notification being resent (its n_icon URL or its file name). */
  fileName: z
    .string()
    .trim()
    .max(200, 'fileName is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ResendBody = z.input<typeof resendBody>;

export const deleteBody = z.object({ id: idList });

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'not configured'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The outcome of one channel: `detail` holds the failure reason or a short summary. */
export const channelDelivery = z.object({
  status: z.enum(DELIVERY_STATUSES),
  detail: z.string().nullable(),
});
export type ChannelDelivery = z.infer<typeof channelDelivery>;

export const PUSH_CHANNELS = ['fcm', 'webPush'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];
export const pushChannelLabels: Record<PushChannel, string> = { fcm: 'App (FCM)', webPush: 'Web push' };

/** `sent` for every send made now; a send later is `scheduled` until it goes. */
export const NOTIFICATION_STATUSES = ['sent', 'scheduled', 'cancelled', 'missed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const notification = z.object({
  _id: z.string(),
  n_title: z.string(),
  n_message: z.string(),
  n_url: z.string().nullable(),
  n_icon: z.string().nullable(),
  createdAt: z.string(),
  delivery: z.object({ fcm: channelDelivery, webPush: channelDelivery }),
  deliveredAt: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** The time a send later was set for (null for a send made now). */
  scheduledAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Whether a send reached no channel at all because none is configured (ARCHITECTURE.md "push delivery"). */
export const noChannelConfigured = (delivery: Notification['delivery']) =>
  PUSH_CHANNELS.every((channel) => delivery[channel].status === 'not configured');

/**
 * The history's query: `q` finds notifications by title or message (any case), scheduled ones too;
 * `sort` orders by a column header (issue 36). The date is createdAt: a send later's is the time it goes.
 */
export const HISTORY_SORT = '-date';
export const historyQuery = pageQuery.pick({ page: true, limit: true }).extend({
  q: searchText,
  sort: sortQuery(['date', 'title'], HISTORY_SORT),
});
export type HistoryQuery = z.input<typeof historyQuery>;
export type HistorySort = z.output<typeof historyQuery>['sort'];

export const historyReply = replyBase.extend({
  data: z.array(notification),
  totalPage: z.number().int(),
  /** The notifications the history holds; with `q`, counted up to SEARCH_COUNT_MAX (0063). */
  total: z.number().int(),
  /** Ours (0063): more notifications match the search than `total` says; false without `q`. */
  totalCapped: z.boolean(),
});
export type HistoryReply = z.infer<typeof historyReply>;

export const sendReply = replyBase.extend({ data: notification });
export type SendReply = z.infer<typeof sendReply>;

const base64url = (bytes: number, message: string) =>
  z
    .string(message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), message);

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const subscribeBody = z.object({
  endpoint: z
    .string(notificationMessages.endpointInvalid)
    .max(2000, notificationMessages.endpointInvalid)
    .refine((v) => v.startsWith('https://') && isHttpUrl(v), notificationMessages.endpointInvalid),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64url(65, notificationMessages.keysInvalid),
      auth: base64url(16, notificationMessages.keysInvalid),
    },
    notificationMessages.keysInvalid,
  ),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const vapidKeyReply = replyBase.extend({ publicKey: z.string().nullable() });

/** What the service worker receives in a web push message. */
export const webPushPayload = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  icon: z.string().nullable(),
});
export type WebPushPayload = z.infer<typeof webPushPayload>;

export const notificationRoutes = {
  send: defineRoute({
    method: 'POST',
    path: '/api/App/notification/send',
    auth: 'admin',
    feature: 'notifications',
    access: 'write',
    multipart: {
      files: {
        image: {
          kinds: notificationLimits.iconKinds,
          maxBytes: notificationLimits.icon,
          typeMessage: notificationMessages.icon,
          sizeMessage: notificationMessages.iconSize,
        },
      },
      nameFields: true,
    },
    summary:
      'Send a notification (form: title, message, url, optional image, optional sendAt ISO time to send later); delivery runs after the reply',
    body: sendFields,
    reply: sendReply,
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/App/notification/resend',
    auth: 'admin',
    feature: 'notifications',
    access: 'write',
    summary: 'Send a notification again (title, message, url, optional fileName of its icon)',
    body: resendBody,
    reply: sendReply,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/App/notification/delete',
    auth: 'admin',
    feature: 'notifications',
    access: 'write',
    summary: 'Delete notifications from the history by id list',
    body: deleteBody,
    reply: replyBase.extend({ deleted: z.number().int() }),
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/App/notification/history',
    auth: 'admin',
    feature: 'notifications',
    access: 'read',
    summary:
      'Notifications newest first or by sort (date, title) (a scheduled one at its time, status scheduled until it goes), with the delivery result per channel; q finds them by title or message',
    querystring: historyQuery,
    reply: historyReply,
  }),
  editScheduled: defineRoute({
    method: 'PUT',
    path: '/api/App/notification/scheduled/:id',
    auth: 'admin',
    feature: 'notifications',
    access: 'write',
    summary: 'Change the text or the time of a notification scheduled for later (before it goes)',
    params: z.object({ id: idSchema }),
    body: scheduledEditBody,
    reply: sendReply,
  }),
  cancelScheduled: defineRoute({
    method: 'POST',
    path: '/api/App/notification/scheduled/:id/cancel',
    auth: 'admin',
    feature: 'notifications',
    access: 'write',
    summary:
      'Cancel a notification scheduled for later (before it goes); it stays in the history as cancelled',
    params: z.object({ id: idSchema }),
    reply: sendReply,
  }),
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/App/push/subscribe',
    auth: 'app',
    summary: 'Store a browser push subscription of a /site/ visitor',
    body: subscribeBody,
    reply: replyBase,
  }),
  vapidKey: defineRoute({
    method: 'GET',
    path: '/api/App/push/vapidPublicKey',
    auth: 'app',
    summary: 'The VAPID public key browsers subscribe with (null when web push is not configured)',
    reply: vapidKeyReply,
  }),
} as const;
