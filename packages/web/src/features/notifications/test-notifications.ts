import type { Notification } from '@streamdesk/contract/notifications';

/** Notification `n` as the history lists it, sent and waiting for its push services; `over` on top. */
export const notificationRow = (n: number, over: Partial<Notification> = {}): Notification => ({
  _id: `n${n}`,
  n_title: 'Match tonight',
  n_message: 'Starts 19:30',
  n_url: null,
  n_icon: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  deliveredAt: null,
  status: 'sent',
  scheduledAt: null,
  delivery: { fcm: { status: 'pending', detail: null }, webPush: { status: 'pending', detail: null } },
  ...over,
});

/** The history's reply listing `data`, one page. */
export const historyOf = (data: Notification[]) => ({
  status: true,
  message: 'ok',
  data,
  totalPage: data.length ? 1 : 0,
  total: data.length,
});
