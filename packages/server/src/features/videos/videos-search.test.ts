import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCategoryRoutes, type VideoCategory } from '@streamdesk/contract/video-categories';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { everyPage } from '../../test/list-pages.js';
import { form, mp4, PNG } from '../../test/media-fixtures.js';
import { uploadVideo } from '../../test/library-videos.js';
import { addCall, storedId } from '../../test/api-calls.js';
import { searchOfVideos } from './videos.repository.js';

/** The library's search through its index (0048) follows uploads and title edits. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const titles = async (q: string) => {
  const res = await t.request({ method: 'GET', url: '/api/App/video/category/admin/all', query: { q } });
  return (await t.json<{ data: Video[] }>(res)).data.map((v) => v.title);
};

describe('library search', () => {
  it('finds a new upload by its file name and follows a title edit', async () => {
    const res = await t.request({
      method: 'POST',
      url: videoCategoryRoutes.add.path,
      payload: form({ name: 'Searched' }, [{ field: 'image', name: 'c.png', data: PNG }]),
    });
    const category = (await t.json<{ data: VideoCategory }>(res)).data;
    const video = await uploadVideo(t, category._id, 'Penalty Shootout.mp4', mp4(1));
    expect(await titles('SHOOTOUT.MP4')).toEqual(['Penalty Shootout']);
    const renamed = await t.request({
      method: 'PUT',
      url: videoRoutes.rename.path,
      payload: { id: video._id, title: 'Éxtra time' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles('éXTRA')).toEqual(['Éxtra time']);
    expect(await titles('extra')).toEqual([]);
    // The file name keeps its own place in the index.
    expect(await titles('penalty')).toEqual(['Éxtra time']);
  });
});

/**
 * A text of several words on PostgreSQL is led by one of them in the index and each row checked for the
 * whole text (searchOfVideos): the page, its total and its folding must stay the scan's.
 */
describe('a search of a word every video holds and a rarer one', () => {
  const LIMIT = 4;
  let rows: { id: string; title: string; file_name: string; created_at: string }[];
  let category: string;
  beforeAll(async () => {
    category = await storedId(t, addCall.category('Lead'));
    const named = [
      ...Array.from({ length: 40 }, (_, i) => [`Reel ${995 + i}`, `r${995 + i}.mp4`]),
      ['Reel 7 (100 cuts)', 'cuts.mp4'],
      ['Other', 'reel 100 final.mp4'],
      ['RÉEL 100 b', 'accent.mp4'],
      ['Reel 100%', 'percent.mp4'],
      ['reel_100 raw', 'underscore.mp4'],
      ['reelX100', 'x.mp4'],
    ];
    rows = named.map(([title, file], i) => ({
      id: `lead${String(i).padStart(20, '0')}`,
      title: title!,
      file_name: file!,
      created_at: new Date(Date.UTC(2032, 0, 1) + i * 1000).toISOString(),
    }));
    await t.app.streamdesk.context.db
      .insertInto('videos')
      .values(
        rows.map((r) => ({
          ...r,
          category_id: category,
          video: `videos/${r.id}.mp4`,
          thumbnail: `videos/${r.id}.jpg`,
        })) as never,
      )
      .execute();
  });

  const page = async (q: string, n: number) => {
    const res = await t.request({
      method: 'GET',
      url: videoRoutes.adminList.path.replace(':category', category),
      query: { q, page: String(n), limit: String(LIMIT) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return t.json<{ data: Video[]; totalRecord: number; totalPage: number }>(res);
  };

  /** Every page's titles, with the totals each page gave. */
  const pages = (q: string) =>
    everyPage(async (n) => {
      const reply = await page(q, n);
      return { items: reply.data.map((v) => v.title), totals: [reply.totalRecord, reply.totalPage] };
    });

  /** The rows holding `q` in their title or file name, counted by hand, newest first. */
  const byHand = (q: string) =>
    rows
      .filter((r) => [r.title, r.file_name].some((s) => s.toLowerCase().includes(q.toLowerCase())))
      .reverse()
      .map((r) => r.title);

  it('answers every page and the same total on each as a count made by hand', async () => {
    const expected = byHand('Reel 100');
    expect(expected.length).toBeGreaterThan(LIMIT * 2);
    const { found, totals } = await pages('Reel 100');
    expect(found).toEqual(expected);
    const total = [expected.length, Math.ceil(expected.length / LIMIT)];
    expect(totals).toEqual(totals.map(() => total));
  });

  it('keeps the words together and in order, folds case and keeps accents, and takes % and _ as themselves', async () => {
    expect((await pages('reel 100')).found).not.toContain('Reel 7 (100 cuts)');
    expect((await pages('100 REEL')).found).toEqual([]);
    expect((await pages('réel 100')).found).toEqual(['RÉEL 100 b']);
    expect((await pages('reel 100%')).found).toEqual(['Reel 100%']);
    expect((await pages('reel_100')).found).toEqual(['reel_100 raw']);
    expect((await pages('REEL 100 FINAL')).found).toEqual(['Other']);
  });

  it('leads with one of the words on PostgreSQL once the table is analyzed, and with none on SQLite', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    // The lead is chosen from the table's statistics, as the planner's estimates are (search-lead.ts).
    if (dialect === 'postgres') await sql`ANALYZE videos`.execute(db);
    const led = await searchOfVideos(db, dialect, 'Reel 100');
    if (dialect === 'postgres') expect(['Reel ', ' 100']).toContain(led.lead);
    else expect(led.lead).toBeUndefined();
    // Its one long word is in nearly every row: leading with it would find them all.
    expect((await searchOfVideos(db, dialect, 'Reel 9')).lead).toBeUndefined();
    // Led, the pages and their total stay the hand count's.
    const { found, totals } = await pages('Reel 100');
    expect(found).toEqual(byHand('Reel 100'));
    expect(new Set(totals.map(String)).size).toBe(1);
  });
});
