import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { addCall, storedId, STORY_DATA } from '../../test/api-calls.js';
import { expectSlicesInAnyOrder } from '../../test/list-pages.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The admin story lists' newest-first pages start from a page read before (page-boundaries.ts): read in
// any order, each is its slice of the whole list, ties on the date included, before and after a write.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = 4;
const STORIES = 23;

/** Story videos written straight into the table, three to a second; answers their ids newest first. */
async function seed() {
  const rows = Array.from({ length: STORIES }, (_, i) => ({
    id: `page${String((i * 7919) % 100_000).padStart(20, '0')}`,
    created_at: new Date(Date.UTC(2021, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
  }));
  for (const r of rows)
    await sql`INSERT INTO stories (id, status, ads_story, image, created_at)
      VALUES (${r.id}, 1, 0, 'stories/x.png', ${r.created_at})`.execute(t.app.streamdesk.context.db);
  const newestFirst = (a: (typeof rows)[0], b: (typeof rows)[0]) =>
    b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
  return rows.sort(newestFirst).map((r) => r.id);
}

const read = (sort: string) => async (page: number) => {
  const res = await t.request({
    method: 'GET',
    url: '/api/App/all/only/story/video',
    query: { page: String(page), limit: String(LIMIT), sort },
  });
  return (await t.json<{ data: { _id: string }[] }>(res)).data.map((s) => s._id);
};

describe('the admin story pages', () => {
  it('are slices of the whole list read in any order, and again after a story is added', async () => {
    const whole = await seed();
    await expectSlicesInAnyOrder(read('-date'), whole, LIMIT);
    await expectSlicesInAnyOrder(read('date'), [...whole].reverse(), LIMIT);
    // A new story is the newest: every page moves by one.
    const added = await storedId(t, addCall.story(JSON.stringify(STORY_DATA)));
    await expectSlicesInAnyOrder(read('-date'), [added, ...whole], LIMIT);
  });
});
