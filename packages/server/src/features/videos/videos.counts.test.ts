import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRoutes as routes, type AppVideoListReply, type FeedReply } from '@streamdesk/contract/videos';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The lists' totals are kept by the database in each write's transaction (videos.counts.migration.ts),
// never counted again nor kept in memory: a row written behind the server's back (no invalidation) is in
// the next total at once, and every total equals a count of the matching rows after every kind of write.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
/** Videos inserted without the server knowing, each newer than the last; returns their ids, newest last. */
async function behindItsBack(categoryId: string, n: number, web = 1) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    made++;
    const id = `counted${String(made).padStart(17, '0')}`;
    const createdAt = new Date(Date.UTC(2030, 0, 1) + made * 1000).toISOString();
    await sql`INSERT INTO videos (id, category_id, video, thumbnail, web, views, created_at)
      VALUES (${id}, ${categoryId}, 'videos/none.mp4', 'videos/none.jpg', ${web}, 0, ${createdAt})`.execute(
      t.app.streamdesk.context.db,
    );
    ids.push(id);
  }
  return ids;
}

/** For requests to either process (`t.request` reaches this one only). */
const headers = () => ({ 'api-key': t.config.apiKey, authorization: `Bearer ${t.token}` });
const ok = async <T>(res: Awaited<ReturnType<TestApp['request']>>) => {
  expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
  return t.json<T>(res);
};
/** One video a page, so that totalPage is the number of videos in the feed. */
const feed = async (page: number, on: FastifyInstance = t.app) =>
  ok<FeedReply>(
    await on.inject({
      method: 'GET',
      url: routes.feed.path,
      query: { page: String(page), limit: '1' },
      headers: headers(),
    }),
  );
const appList = async (category: string, page: number) =>
  ok<AppVideoListReply>(
    await t.request({
      method: 'GET',
      url: `/api/App/video/app/category/${category}`,
      query: { page: String(page), limit: '2' },
      admin: false,
    }),
  );
const adminList = async (category: string, query: Record<string, string>) =>
  ok<{ data: { _id: string }[]; totalPage: number; totalRecord: number }>(
    await t.request({ method: 'GET', url: `/api/App/video/category/admin/${category}`, query }),
  );
const setWeb = async (ids: string[], status: boolean, on: FastifyInstance = t.app) =>
  expect(
    (
      await on.inject({
        method: 'PUT',
        url: routes.webStatus.path,
        payload: { id: ids, status },
        headers: headers(),
      })
    ).statusCode,
  ).toBe(200);
const removeVideos = async (id: string[]) =>
  expect((await t.request({ method: 'DELETE', url: routes.remove.path, payload: { id } })).statusCode).toBe(
    200,
  );
const restore = async (id: string[]) =>
  expect(
    (await t.request({ method: 'POST', url: '/api/admin/trash/restore', payload: { id } })).statusCode,
  ).toBe(200);
const toggle = async (id: string) =>
  expect((await t.request({ method: 'PUT', url: `/api/App/video/category/status/${id}` })).statusCode).toBe(
    200,
  );

/** A count of the rows themselves, to compare the kept totals with. */
async function rowsOf(categoryId?: string, web?: number) {
  const row = await t.app.streamdesk.context.db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll().as('n'))
    .$if(categoryId !== undefined, (qb) => qb.where('category_id', '=', categoryId!))
    .$if(web !== undefined, (qb) => qb.where('web', '=', web!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every total the library shows for `cat` (all, web, not web) and for every category, against the rows. */
async function expectExact(cat: string) {
  for (const [query, web] of [
    [{}, undefined],
    [{ web: 'true' }, 1],
    [{ web: 'false' }, 0],
  ] as const)
    expect([query, (await adminList(cat, { ...query, limit: '1' })).totalRecord]).toEqual([
      query,
      await rowsOf(cat, web),
    ]);
  expect((await adminList('all', { limit: '1' })).totalRecord).toBe(await rowsOf());
  const categories = await t.json<{ data: { _id: string; total_products: number }[] }>(
    await t.request({ method: 'GET', url: '/api/App/video/category' }),
  );
  for (const c of categories.data) expect([c._id, c.total_products]).toEqual([c._id, await rowsOf(c._id)]);
  await expectDaysExact();
}

/** The kept day counts (a deep page's landmarks) against the rows per category, web flag and day. */
async function expectDaysExact() {
  const db = t.app.streamdesk.context.db;
  const byKey = (rows: { category_id: string; web: number; day: string; n: unknown }[]) =>
    Object.fromEntries(
      rows.filter((r) => Number(r.n) !== 0).map((r) => [`${r.category_id} ${r.web} ${r.day}`, Number(r.n)]),
    );
  const { rows } = await sql<{ category_id: string; web: number; day: string; n: unknown }>`SELECT
    category_id, web, substr(created_at, 1, 10) AS day, count(*) AS n FROM videos GROUP BY 1, 2, 3`.execute(
    db,
  );
  const kept = await db.selectFrom('video_day_counts').selectAll().execute();
  expect(byKey(kept)).toEqual(byKey(rows));
}

describe('the kept totals', () => {
  it('are exact after every kind of write, a hand-made one included, with no count kept in memory', async () => {
    const cat = await storedId(t, addCall.category('Kept'));
    const other = await storedId(t, addCall.category('Other'));
    await expectExact(cat);
    const [a, b, c] = await behindItsBack(cat, 3, 0);
    await expectExact(cat);
    await setWeb([a!, b!], true);
    await expectExact(cat);
    // Written by hand, bypassing the service and its invalidation.
    await sql`UPDATE videos SET web = 0 WHERE id = ${a!}`.execute(t.app.streamdesk.context.db);
    await sql`UPDATE videos SET category_id = ${other} WHERE id = ${c!}`.execute(t.app.streamdesk.context.db);
    await sql`UPDATE videos SET created_at = '2029-06-01T10:00:00.000Z' WHERE id = ${b!}`.execute(
      t.app.streamdesk.context.db,
    );
    await expectExact(cat);
    await expectExact(other);
    await removeVideos([a!, b!]);
    await expectExact(cat);
    await restore([a!, b!]);
    await expectExact(cat);
    await storedId(t, addCall.video(cat));
    await expectExact(cat);
    // A category's delete takes its videos; its restore brings them back.
    expect((await t.request({ method: 'DELETE', url: `/api/App/video/category/${other}` })).statusCode).toBe(
      200,
    );
    await expectExact(cat);
    await restore([other]);
    await expectExact(other);
  });

  it('answer a filter that matches no category with 0', async () => {
    expect((await adminList('all', { web: 'true', q: 'no such title anywhere' })).totalRecord).toBe(0);
  });
});

describe('the public feed', () => {
  let cat: string;
  beforeAll(async () => {
    cat = await storedId(t, addCall.category('Feed'));
  });

  it("has the right total after a category's status change", async () => {
    const other = await storedId(t, addCall.category('Switched'));
    const [shown] = await behindItsBack(other, 1);
    await setWeb([shown!], true);
    const before = (await feed(1)).totalPage;
    await toggle(other);
    expect((await feed(1)).totalPage).toBe(before - 1);
    await toggle(other);
    expect((await feed(1)).totalPage).toBe(before);
  });

  it("has the right total after a peer process's write", async () => {
    // A second server process on the same database: its writes reach this one's page cache through cache sync.
    const peer = await buildApp(t.config, { logger: false });
    try {
      const before = (await feed(1)).totalPage;
      const [quiet] = await behindItsBack(cat, 1, 0);
      await setWeb([quiet!], true, peer);
      expect((await feed(1, peer)).totalPage).toBe(before + 1);
      await expect
        .poll(async () => (await feed(2)).totalPage, { timeout: 3000, interval: 100 })
        .toBe(before + 1);
    } finally {
      await peer.close();
    }
  });
});

describe("the app's list", () => {
  it('pages with the kept total', async () => {
    const cat = await storedId(t, addCall.category('Library'));
    const [a, b, c] = await behindItsBack(cat, 3, 0);
    expect(await appList(cat, 1)).toMatchObject({ totalPage: 2, data: [{ _id: c }, { _id: b }] });
    expect(await appList(cat, 2)).toMatchObject({ totalPage: 2, data: [{ _id: a }] });
  });
});
