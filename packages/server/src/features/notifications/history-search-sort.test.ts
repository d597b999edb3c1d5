import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRoutes as routes, type HistoryReply } from '@streamdesk/contract/notifications';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { insertNotification, type NotificationRow } from './notifications.repository.js';

/** The notification history's search (`q`) and order (`sort`), issue 36 (decision 0052). */

let t: TestApp;

const row = (n: number, title: string, message: string, scheduled = false): NotificationRow => ({
  id: `7f000000000000000000000${n}`,
  title,
  message,
  url: null,
  icon: null,
  created_at: `2026-11-0${n}T10:00:00.000Z`,
  fcm_status: scheduled ? 'pending' : 'not configured',
  fcm_detail: null,
  web_status: scheduled ? 'pending' : 'not configured',
  web_detail: null,
  delivered_at: null,
  status: scheduled ? 'scheduled' : 'sent',
  scheduled_at: scheduled ? `2026-11-0${n}T10:00:00.000Z` : null,
  send_job: null,
});
const N1 = row(1, 'Match starts', 'India v Australia at 7');
const N2 = row(2, 'big news', 'The FINAL is tonight');
// A send later stands at the time it goes (its createdAt), the newest here.
const N3 = row(9, 'Reminder', 'Final starts in India soon', true);

beforeAll(async () => {
  t = await createTestApp();
  for (const n of [N1, N2, N3]) await insertNotification(t.app.streamdesk.context.db, n);
});
afterAll(() => t.close());

const history = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `${routes.history.path}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HistoryReply;
};
const ids = (reply: HistoryReply) => reply.data.map((n) => n._id);

describe('the notification history', () => {
  it('finds notifications by title or message, any case, scheduled ones too, with totals that follow', async () => {
    const india = await history('q=india');
    expect(ids(india)).toEqual([N3.id, N1.id]);
    expect(india).toMatchObject({ total: 2, totalPage: 1 });
    expect(ids(await history('q=final'))).toEqual([N3.id, N2.id]);
    expect(ids(await history('q=BIG'))).toEqual([N2.id]);
    // One letter has no trigram: the scan answers, the same way.
    expect(ids(await history('q=7'))).toEqual([N1.id]);
    const paged = await history('q=india&limit=1&page=2');
    expect(ids(paged)).toEqual([N1.id]);
    expect(paged).toMatchObject({ total: 2, totalPage: 2 });
    expect(await history('q=cricket')).toMatchObject({ data: [], total: 0, totalPage: 0 });
  });

  it('keeps its order without sort, and orders by date and title both ways', async () => {
    expect(ids(await history(''))).toEqual([N3.id, N2.id, N1.id]);
    expect(ids(await history('sort=-date'))).toEqual([N3.id, N2.id, N1.id]);
    expect(ids(await history('sort=date'))).toEqual([N1.id, N2.id, N3.id]);
    // Titles as people read them: 'big news' first, not after the capitals.
    expect(ids(await history('sort=title'))).toEqual([N2.id, N1.id, N3.id]);
    expect(ids(await history('sort=-title'))).toEqual([N3.id, N1.id, N2.id]);
    expect(ids(await history('q=final&sort=title'))).toEqual([N2.id, N3.id]);
  });

  it('refuses an unknown order and an over-long search, naming them', async () => {
    const bad = await t.request({ method: 'GET', url: `${routes.history.path}?sort=status` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject(
      errorBody('querystring sort: sort must be one of date, -date, title, -title'),
    );
    const long = await t.request({ method: 'GET', url: `${routes.history.path}?q=${'x'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject(errorBody(/q must be at most 200 characters/));
  });
});
