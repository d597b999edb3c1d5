import { afterAll, beforeAll, describe, it } from 'vitest';
import { sql } from 'kysely';
import { notificationRoutes as routes, type HistoryReply } from '@streamdesk/contract/notifications';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  expectCappedPages,
  expectExactCounts,
  cappedRows,
  CAPPED_COUNT,
  CAPPED_LIMIT,
  rowDate,
  withNames,
} from '../../test/capped-search-rows.js';
import type { NotificationRow } from './notifications.repository.js';

/**
 * The notification history's search counts at most SEARCH_COUNT_MAX notifications, as the library's (0063):
 * past it the reply says `totalCapped` and each page stays the matches' slice, newest or oldest first (a
 * walk of the date index); under it and without a search the count is exact and `totalCapped` false.
 */
let t: TestApp;
const sent = cappedRows('7c');

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.app.streamdesk.context;
  const rows = sent.map((n, i): NotificationRow => ({
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
  }));
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto('notifications')
      .values(rows.slice(at, at + 200))
      .execute();
  // A search's lead and narrowness come from the table's statistics (search-lead.ts).
  if (dialect === 'postgres') await sql`ANALYZE notifications`.execute(db);
});
afterAll(() => t.close());

const read = withNames(
  async (query: Record<string, string>) =>
    t.json<HistoryReply>(
      await t.request({
        method: 'GET',
        url: routes.history.path,
        query: { limit: String(CAPPED_LIMIT), ...query },
      }),
    ),
  (n) => n.n_title,
);

describe('the notification history search count, bounded', () => {
  it('stops at the cap for a search most notifications match, and each page is its slice', async () => {
    await expectCappedPages(read, { rows: sent, limit: CAPPED_LIMIT, sort: { oldest: 'date' } });
  });

  it('is exact under the cap and without a search', async () => {
    await expectExactCounts(read, { rows: sent, all: CAPPED_COUNT });
  });
});
