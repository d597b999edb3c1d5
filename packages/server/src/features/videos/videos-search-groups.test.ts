import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { writeVideoRows } from '../../test/library-videos.js';
import { countWay } from '../../platform/db/search-count.js';
import { countSearch } from '../../platform/db/search-page.js';
import { groupGrams } from '../../platform/db/search-groups.js';
import { videosSearch } from './videos.migrations.js';

/**
 * A search within one category goes through the group index (search-groups.ts, 0067): its keys follow
 * every insert, move between categories, rename and delete, a row holding the text's runs but not the text
 * is left out, case and accents fold as the other searches fold them, on both databases.
 */
let t: TestApp;
let home: string;
let away: string;
const ROWS = 2_100;

/** `home`'s videos: none of their file names ends in `1.mp4`; `away`'s all do. */
const homeTitles = Array.from({ length: ROWS }, (_, i) => `Home ${i}`);
const awayTitles = Array.from({ length: ROWS }, (_, i) => `Away ${i}`);

beforeAll(async () => {
  t = await createTestApp();
  home = await storedId(t, addCall.category('Home'));
  away = await storedId(t, addCall.category('Away'));
  const from = Date.UTC(2035, 0, 1);
  await writeVideoRows(t, {
    prefix: 'awy',
    category: away,
    titles: awayTitles,
    from,
    file: (i) => `a${i}1.mp4`,
  });
  await writeVideoRows(t, {
    prefix: 'hom',
    category: home,
    titles: homeTitles,
    from,
    file: (i) => `h${i}x.mp4`,
  });
  const { db, dialect } = t.app.streamdesk.context;
  if (dialect === 'postgres') await sql`ANALYZE videos`.execute(db);
}, 60_000);
afterAll(() => t.close());

const search = async (category: string, q: string) => {
  const res = await t.request({
    method: 'GET',
    url: videoRoutes.adminList.path.replace(':category', category),
    query: { limit: '20', q },
  });
  expect(res.statusCode, res.body).toBe(200);
  const reply = await t.json<{ data: Video[]; totalRecord: number }>(res);
  return { titles: reply.data.map((v) => v.title), total: reply.totalRecord };
};

const db = () => t.app.streamdesk.context.db;
const idOf = async (title: string) =>
  (await db().selectFrom('videos').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

describe('a search within one category', () => {
  it('asks the group index', async () => {
    const { dialect } = t.app.streamdesk.context;
    const list = {
      db: db(),
      dialect,
      base: db().selectFrom('videos').where('category_id', '=', home),
      index: videosSearch,
      search: { text: '1.mp4' },
      rows: ROWS,
      group: home,
    };
    if (dialect === 'sqlite') expect(await countWay(list as never, SEARCH_COUNT_MAX)).toBe('group');
    else
      expect(await countSearch(list as never, SEARCH_COUNT_MAX)).toEqual({
        total: 0,
        capped: false,
        inGroup: true,
      });
    // A row's keys: its category and each run of three characters of each column, apart.
    expect(groupGrams('c', 'AbcD', 'xy').split(' ')).toEqual(['63x616263', '63x626364']);
  });

  it("finds none of another category's matches, and its own", async () => {
    expect(await search(home, '1.mp4')).toEqual({ titles: [], total: 0 });
    expect((await search(away, '1.mp4')).total).toBe(SEARCH_COUNT_MAX);
    expect(await search(home, 'Home 2099')).toEqual({ titles: ['Home 2099'], total: 1 });
    expect(await search(away, 'Home 2099')).toEqual({ titles: [], total: 0 });
  });

  it('follows a move to another category, a rename and a delete', async () => {
    // Its file name, h17x.mp4, is its own.
    expect(await search(home, 'h17x.mp4')).toEqual({ titles: ['Home 17'], total: 1 });
    const moved = await idOf('Home 17');
    await db().updateTable('videos').set({ category_id: away }).where('id', '=', moved).execute();
    expect(await search(home, 'h17x.mp4')).toEqual({ titles: [], total: 0 });
    expect(await search(away, 'h17x.mp4')).toEqual({ titles: ['Home 17'], total: 1 });
    await db().updateTable('videos').set({ title: 'Équipe première' }).where('id', '=', moved).execute();
    expect(await search(away, 'Home 17')).toEqual({ titles: [], total: 0 });
    // Case and accents fold as the other searches fold them.
    expect(await search(away, 'ÉQUIPE PREM')).toEqual({ titles: ['Équipe première'], total: 1 });
    await db().deleteFrom('videos').where('id', '=', moved).execute();
    expect(await search(away, 'équipe')).toEqual({ titles: [], total: 0 });
  });

  it("leaves out a row that holds the text's runs but not the text", async () => {
    const decoy = await idOf('Home 5');
    await db().updateTable('videos').set({ title: 'aba bab' }).where('id', '=', decoy).execute();
    const real = await idOf('Home 6');
    await db().updateTable('videos').set({ title: 'xababx' }).where('id', '=', real).execute();
    expect(await search(home, 'abab')).toEqual({ titles: ['xababx'], total: 1 });
  });
});
