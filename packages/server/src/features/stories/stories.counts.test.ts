import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCall, storedId, STORY_DATA } from '../../test/api-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectKeptExact } from '../../test/kept-counts.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { storyCounts } from './stories.migrations.js';

// The stories per kind and status kept by triggers (platform/db/kept-counts.ts) equal a count of the
// rows after every kind of write, through the API and by hand, on SQLite and PostgreSQL; the lists'
// totals are them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.streamdesk.context.db;
const adsList = async () =>
  t.json<{ total: number; data: { _id: string }[] }>(
    await t.request({ method: 'GET', url: '/api/App/all/only/story/ads', query: { page: '1', limit: '5' } }),
  );

describe('the kept story counts', () => {
  it('follow stories added, switched off, counted, written and deleted by hand', async () => {
    const first = await storedId(t, addCall.story(JSON.stringify(STORY_DATA)));
    await storedId(t, addCall.story(JSON.stringify(STORY_DATA)));
    await expectKeptExact(db(), storyCounts);
    await sql`UPDATE stories SET status = 0 WHERE id = ${first}`.execute(db());
    // A view counted moves no story between counts.
    await sql`UPDATE stories SET view = view + 1`.execute(db());
    await sql`INSERT INTO stories (id, status, ads_story, image, created_at)
      VALUES ('kept00000000000000000001', 1, 1, 'stories/x.png', '2031-01-01T00:00:00.000Z')`.execute(db());
    await expectKeptExact(db(), storyCounts);
    expect(await keptCount(db(), storyCounts, { ads_story: 1 })).toBe(1);
    await sql`DELETE FROM stories WHERE id = 'kept00000000000000000001'`.execute(db());
    await expectKeptExact(db(), storyCounts);
  });

  it("are the list's total at once, for a row written behind the server's back", async () => {
    const before = await adsList();
    await sql`INSERT INTO stories (id, status, ads_story, image, created_at)
      VALUES ('kept00000000000000000002', 1, 1, 'stories/y.png', '2031-01-01T00:00:00.000Z')`.execute(db());
    const after = await adsList();
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]!._id).toBe('kept00000000000000000002');
  });
});
