import { describe } from 'vitest';
import { notificationRoutes as routes, type HistoryReply } from '@streamdesk/contract/notifications';
import { cappedSearchTests, rowDate } from '../../test/capped-search-rows.js';
import type { NotificationRow } from './notifications.repository.js';

/**
 * The notification history's search counts at most SEARCH_COUNT_MAX notifications, as the library's (0063):
 * past it the reply says `totalCapped` and each page stays the matches' slice, newest or oldest first (a
 * walk of the date index); under it and without a search the count is exact and `totalCapped` false.
 */
describe('the notification history search count, bounded', () => {
  cappedSearchTests<HistoryReply>({
    table: 'notifications',
    path: routes.history.path,
    prefix: '7c',
    nameOf: (n) => n.n_title,
    sort: { oldest: 'date' },
    rowOf: (n, i): NotificationRow => ({
      id: n.id,
      title: n.name,
      message: 'Tonight at 7',
      url: null,
      icon: null,
      created_at: rowDate(i),
      fcm_status: 'not configured',
      fcm_detail: null,
      web_status: 'not configured',
      web_detail: null,
      delivered_at: null,
      status: 'sent',
      scheduled_at: null,
      send_job: null,
    }),
  });
});
