import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRoutes as routes, type AppVideoListReply, type FeedReply } from '@streamdesk/contract/videos';
import { buildApp } from '../../app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The lists' totals are counted once after a write, not for every page read (videos.counts.ts). A row
// written behind the server's back (no invalidation) shows whether a read counted again: its page
// rows show it at once, the total only after a write of videos or categories, this process's or a peer's.

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
const feed = async (page: number, on: FastifyInstance = t.app) =>
  ok<FeedReply>(
    await on.inject({
      method: 'GET',
      url: routes.feed.path,
      query: { page: String(page), limit: '2' },
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
const toggle = async (id: string) =>
  expect((await t.request({ method: 'PUT', url: `/api/App/video/category/status/${id}` })).statusCode).toBe(
    200,
  );
const ids = (reply: { data: { _id: string }[] }) => reply.data.map((v) => v._id);

describe('the public feed', () => {
  let cat: string;
  beforeAll(async () => {
    cat = await storedId(t, addCall.category('Feed'));
  });

  it('counts once after a write, not for each page read since; a video write counts again', async () => {
    const [a, b, c] = await behindItsBack(cat, 3);
    await setWeb([a!], true);
    expect(await feed(1)).toMatchObject({ totalPage: 2, data: [{ _id: c }, { _id: b }] });

    const [d, e] = await behindItsBack(cat, 2);
    // Page 2's rows are read (it was not cached), its total is the one counted for page 1.
    const second = await feed(2);
    expect(ids(second)).toEqual([c, b]);
    expect(second.totalPage).toBe(2);

    // A web video added: counted again, so the feed has a third page.
    const [hidden] = await behindItsBack(cat, 1, 0);
    await setWeb([hidden!], true);
    expect(await feed(1)).toMatchObject({ totalPage: 3, data: [{ _id: hidden }, { _id: e }] });
    expect(ids(await feed(3))).toEqual([b, a]);
    expect(ids(await feed(2))).toEqual([d, c]);
  });

  it("counts again after a category's status change", async () => {
    const other = await storedId(t, addCall.category('Switched'));
    const before = (await feed(1)).totalPage;
    await behindItsBack(cat, 2);
    expect((await feed(2)).totalPage).toBe(before);
    // Off and on again: the same active categories, so only the writes' invalidation counts again.
    await toggle(other);
    await toggle(other);
    expect((await feed(2)).totalPage).toBe(before + 1);
  });

  it("counts again after a peer process's write", async () => {
    // A second server process on the same database: its writes reach this one through cache sync.
    const peer = await buildApp(t.config, { logger: false });
    try {
      const before = (await feed(1)).totalPage;
      const [quiet] = await behindItsBack(cat, 1, 0);
      await behindItsBack(cat, 1);
      expect((await feed(2)).totalPage).toBe(before);
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

describe("the app's list and the admin library", () => {
  it('count once per filter after a write; an upload counts again', async () => {
    const cat = await storedId(t, addCall.category('Library'));
    const [a, b, c] = await behindItsBack(cat, 3, 0);
    await setWeb([a!], true);
    expect(await appList(cat, 1)).toMatchObject({ totalPage: 2, data: [{ _id: c }, { _id: b }] });

    const [d] = await behindItsBack(cat, 1, 1);
    expect(await appList(cat, 2)).toMatchObject({ totalPage: 2, data: [{ _id: b }, { _id: a }] });
    // The admin list of the same category uses the same count; its web filters are counted on their own.
    expect(await adminList(cat, { page: '2', limit: '2' })).toMatchObject({ totalRecord: 3, totalPage: 2 });
    expect(ids(await adminList(cat, {}))).toEqual([d, c, b, a]);
    expect((await adminList(cat, { web: 'true' })).totalRecord).toBe(2);
    await behindItsBack(cat, 1, 1);
    expect((await adminList(cat, { web: 'true', page: '2', limit: '1' })).totalRecord).toBe(2);

    const uploaded = await storedId(t, addCall.video(cat));
    expect(await adminList(cat, { limit: '2' })).toMatchObject({ totalRecord: 6, totalPage: 3 });
    expect((await adminList(cat, { web: 'true' })).totalRecord).toBe(3);
    // The upload is the oldest (the rows above are dated 2030), so it ends the last page.
    expect(await appList(cat, 3)).toMatchObject({ totalPage: 3, data: [{ _id: a }, { _id: uploaded }] });
  });
});
