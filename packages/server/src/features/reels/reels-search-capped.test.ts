import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { reelRoutes, type ReelListReply } from '@streamdesk/contract/reels';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { insertReels, reelRow } from '../../test/reel-rows.js';
import {
  DATE_AND_VIEWS,
  expectCappedPages,
  withNames,
  namedRows,
  expectExactCounts,
  rowDate,
} from '../../test/capped-search-rows.js';
import { REELS_TAG } from './reels.service.js';

/**
 * The reels' search counts at most SEARCH_COUNT_MAX reels, as the library's (0063): past it the reply says
 * `totalCapped` and each page stays the matches' slice in the order asked (walked in the date orders, read
 * and sorted by views); under it and without a search the count is exact and `totalCapped` false.
 */
let t: TestApp;
const LIMIT = 20;
const COUNT = SEARCH_COUNT_MAX + 10;
const reels = namedRows(COUNT, '5c', (i) => `Capped ${i}.mp4`);

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect, cache } = t.app.streamdesk.context;
  await insertReels(db, COUNT, (i) =>
    reelRow(i, { id: reels[i]!.id, file_name: reels[i]!.name, view: reels[i]!.view, created_at: rowDate(i) }),
  );
  // A search's lead and narrowness come from the table's statistics (search-lead.ts).
  if (dialect === 'postgres') await sql`ANALYZE reels`.execute(db);
  cache.invalidate(REELS_TAG);
});
afterAll(() => t.close());

/** The app's call and the back office's: api-key only. */
const list = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: reelRoutes.list.path,
    query: { limit: String(LIMIT), ...query },
    admin: false,
    headers: { 'api-key': TEST_API_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.json<ReelListReply>(res);
};
const read = withNames(list, (r) => r.fileName);

describe('the reels search count, bounded', () => {
  it('stops at the cap for a search most reels match, and each page is its slice', async () => {
    await expectCappedPages(read, { rows: reels, limit: LIMIT, sort: DATE_AND_VIEWS });
  });

  it('is exact under the cap and without a search', async () => {
    await expectExactCounts(read, { rows: reels, all: COUNT });
  });
});
