import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type QueryExecutorProvider } from 'kysely';
import { ACTIVITY_COUNT_MAX, type ActivityListReply } from '@streamdesk/contract/activity';
import { SEARCH_COUNT_MAX } from '@streamdesk/contract/http';
import type { ActivityRow } from '../../platform/activity/activity-log.repository.js';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';
import { addCall, send, storedId } from '../../test/api-calls.js';
import { storyData } from '../../test/walk-records.js';
import { countWay } from '../../platform/db/search-count.js';
import { ACTIVITY_PENDING, activitySearch } from './activity.migrations.js';
import { createActivityService } from './activity.service.js';
import { INDEX_BATCH, indexPendingEntries } from './activity.repository.js';
import { storyEdit } from './activity-test-helpers.js';

/**
 * The Activity list's search through its index (docs/decisions/0065-activity-search-index.md): the same
 * entries as the scan it replaced (label, person's name or changes holding the text, case folded, accents
 * kept; or the item id equal to it), with the other filters, newest first, counted up to SEARCH_COUNT_MAX as
 * every list's search is (0072; the unsearched list to ACTIVITY_COUNT_MAX).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.streamdesk.context.db;
const dialect = () => t.app.streamdesk.context.dialect;

let n = 0;
const entry = (over: Partial<ActivityRow>): ActivityRow => ({
  id: `search-${String(++n).padStart(8, '0')}`,
  created_at: new Date(Date.UTC(2030, 0, 1) + n * 1000).toISOString(),
  person_id: 'person-a',
  person_name: 'Anna',
  role: 'admin',
  action: 'update',
  feature: 'stories',
  item_id: `item-${n}`,
  label: `entry ${n}`,
  changes: '[]',
  ip: '',
  user_agent: '',
  ...over,
});

const write = (rows: ActivityRow[]) => db().insertInto('activity_log').values(rows).execute();

const list = async (query: Record<string, string>) => {
  const res = await t.request({
    method: 'GET',
    url: '/api/admin/activity',
    query: { limit: '100', ...query },
  });
  expect(res.statusCode).toBe(200);
  return t.json<ActivityListReply>(res);
};
const labels = async (query: Record<string, string>) => (await list(query)).data.map((e) => e.label);

/** The rows of the index holding `text` (SQLite: its FTS5 table; PostgreSQL: the folded column). */
const indexHolds = async (text: string, on: QueryExecutorProvider = db()): Promise<number> => {
  const found =
    dialect() === 'sqlite'
      ? sql<{ n: number }>`SELECT count(*) AS n FROM activity_log_search(${`"${text}"`})`
      : sql<{ n: number }>`SELECT count(*) AS n FROM activity_log WHERE search_folded LIKE ${`%${text}%`}`;
  return Number((await found.execute(on)).rows[0]!.n);
};

const pendingCount = async () =>
  Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(ACTIVITY_PENDING)}`.execute(db()))
      .rows[0]!.n,
  );

describe('the Activity search through its index', () => {
  beforeAll(async () => {
    await write([
      entry({ label: 'story "Équipe été"', person_name: 'Zoë Kraft', item_id: 'folded-1' }),
      entry({
        label: 'video',
        item_id: 'folded-2',
        changes: JSON.stringify([{ field: 'fileName', before: 'clip-1.mp4', after: 'Clip-2.MP4' }]),
      }),
      entry({
        label: 'video',
        item_id: 'folded-3',
        changes: '[{"field":"fileName","before":null,"after":"clip-1-mp4"}]',
      }),
      entry({ label: 'story #7', person_id: 'person-b', person_name: 'Björn', feature: 'reels' }),
      entry({ label: 'story #70', action: 'create', item_id: 'item-seventy' }),
      entry({ label: 'story #700', created_at: '2031-06-01T12:00:00.000Z', item_id: 'item-seventy' }),
    ]);
  });

  it('finds the label, the name and the changes, case folded, accents kept', async () => {
    expect(await labels({ q: 'ÉQUIPE ÉTÉ' })).toEqual(['story "Équipe été"']);
    expect(await labels({ q: 'equipe' })).toEqual([]);
    expect(await labels({ q: 'zoË kr' })).toEqual(['story "Équipe été"']);
    expect(await labels({ q: 'clip-2.mp4' })).toEqual(['video']);
    // Punctuation is taken as it is: `1.mp4` is not `1-mp4`; `%` and `_` are no wildcards.
    expect((await list({ q: '1.mp4' })).data.map((e) => e.itemId)).toEqual(['folded-2']);
    expect((await list({ q: 'clip%mp4' })).data).toEqual([]);
    expect(await labels({ q: '"fileName":"clip-1' })).toEqual([]);
    expect((await list({ q: '"after":"clip-1-mp4"' })).data.map((e) => e.itemId)).toEqual(['folded-3']);
  });

  it('refuses a text shorter than a trigram, naming the least it takes (0072); three characters are found', async () => {
    for (const q of ['#7', 'ë', ' é ']) {
      const res = await t.request({ method: 'GET', url: '/api/admin/activity', query: { q } });
      expect([res.statusCode, await t.json(res)]).toEqual([
        400,
        errorBody('querystring q: q must be at least 3 characters'),
      ]);
    }
    expect(await labels({ q: '#70' })).toEqual(['story #700', 'story #70']);
    // Counted in characters, not bytes: `été` is three.
    expect(await labels({ q: 'été' })).toEqual(['story "Équipe été"']);
    // Spaces alone are no search.
    expect((await list({ q: '   ' })).total).toBeGreaterThan(3);
  });

  it('finds an entry whose item id is the text, and not one whose id only holds it', async () => {
    expect((await list({ q: 'folded-3' })).data.map((e) => e.itemId)).toEqual(['folded-3']);
    expect(await labels({ q: 'item-seventy' })).toEqual(['story #700', 'story #70']);
    expect(await labels({ q: 'seventy' })).toEqual([]);
    // The id and the text together: the item's entries and the entries holding it.
    await write([entry({ label: 'renamed folded-3', item_id: 'elsewhere' })]);
    expect((await list({ q: 'folded-3' })).data.map((e) => e.itemId)).toEqual(['elsewhere', 'folded-3']);
  });

  it('combines the text with the person, feature, action, item and dates', async () => {
    expect(await labels({ q: 'story #7', person: 'person-b' })).toEqual(['story #7']);
    expect(await labels({ q: 'story #7', feature: 'reels' })).toEqual(['story #7']);
    expect(await labels({ q: 'story #7', action: 'create' })).toEqual(['story #70']);
    expect(await labels({ q: 'story #7', item: 'item-seventy' })).toEqual(['story #700', 'story #70']);
    expect(await labels({ q: 'story #7', from: '2031-01-01' })).toEqual(['story #700']);
    expect(await labels({ q: 'story #7', to: '2030-12-31' })).toEqual(['story #70', 'story #7']);
    expect(await labels({ q: 'story #7', person: 'nobody' })).toEqual([]);
  });

  it('reads the index: an entry taken out of it is not found by a text of three or more', async () => {
    await write([entry({ label: 'only in the index', item_id: 'indexed-1' })]);
    expect(await labels({ q: 'in the index' })).toEqual(['only in the index']);
    if (dialect() === 'sqlite')
      await sql`DELETE FROM activity_log_search WHERE rowid = (SELECT rowid FROM activity_log
        WHERE item_id = 'indexed-1')`.execute(db());
    else await sql`UPDATE activity_log SET search_folded = '' WHERE item_id = 'indexed-1'`.execute(db());
    expect(await labels({ q: 'in the index' })).toEqual([]);
  });

  it('finds an entry as soon as its write has answered', async () => {
    const story = await storedId(t, addCall.story(storyData({ btnName: 'Before' })));
    const res = await send(t, storyEdit(story, { btnName: 'Quokka button' }));
    expect(res.statusCode).toBe(200);
    // SQLite: the search indexes what waits first (the server's batch may have run already).
    expect((await list({ q: 'QUOKKA' })).data.map((e) => [e.itemId, e.action])).toEqual([[story, 'update']]);
    if (dialect() === 'sqlite') expect(await pendingCount()).toBe(0);
    expect(await indexHolds('quokka')).toBe(1);
  });

  it('follows the retention purge: the removed entries leave the index, indexed or waiting', async () => {
    await write([
      entry({ label: 'Purged indexed', created_at: '2001-01-01T00:00:00.000Z' }),
      entry({ label: 'kept after purge', item_id: 'kept-1' }),
    ]);
    expect(await labels({ q: 'purge' })).toEqual(['kept after purge', 'Purged indexed']);
    // Waiting for the index unless the server's batch (every few seconds) took it already.
    await write([entry({ label: 'Purged waiting', created_at: '2001-01-02T00:00:00.000Z' })]);
    expect(await createActivityService(t.app.streamdesk.context).purge()).toBe(2);
    expect(await indexHolds('purged')).toBe(0);
    if (dialect() === 'sqlite') expect(await pendingCount()).toBe(0);
    expect(await labels({ q: 'purge' })).toEqual(['kept after purge']);
  });

  it('keeps a new entry waiting, in its own transaction, until a batch indexes it (SQLite)', async () => {
    const waiting = sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(ACTIVITY_PENDING)}
      WHERE entry = (SELECT rowid FROM activity_log WHERE label = 'batched one')`;
    if (dialect() === 'sqlite')
      // The transaction holds SQLite's one connection: the server's batch cannot run inside it.
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('activity_log')
            .values([entry({ label: 'batched one' })])
            .execute();
          expect(Number((await waiting.execute(trx)).rows[0]!.n)).toBe(1);
          expect(await indexHolds('batched', trx)).toBe(0);
        });
    else await write([entry({ label: 'batched one' })]);
    // In the same transaction as its entry on PostgreSQL.
    await write([entry({ label: 'batched two' })]);
    const service = createActivityService(t.app.streamdesk.context);
    await service.indexPending();
    expect(await service.indexPending()).toBe(0);
    expect(await indexHolds('batched')).toBe(2);
    if (dialect() === 'sqlite') expect(await pendingCount()).toBe(0);
  });
});

describe('the Activity search index batches (SQLite)', () => {
  it('give the event loop back between batches, so requests are read while many entries wait (0079)', async () => {
    if (dialect() !== 'sqlite') return;
    const rows = Array.from({ length: 2 * INDEX_BATCH + 1 }, (_, i) => entry({ label: `bulk ${i}` }));
    // From the write's end to the batches' start only promises run: no timer (the server's own batch
    // every few seconds) can take the entries in between.
    const { finishedAtFirstTurn, indexed } = await write(rows).then(async () => {
      let finished = false;
      const indexing = indexPendingEntries(db()).then((n) => ((finished = true), n));
      const firstTurn = new Promise<boolean>((resolve) => setImmediate(() => resolve(finished)));
      return { finishedAtFirstTurn: await firstTurn, indexed: await indexing };
    });
    expect(finishedAtFirstTurn).toBe(false);
    // Its first batch at least (the server's own batch may take later ones while this one waits).
    expect(indexed).toBeGreaterThanOrEqual(INDEX_BATCH);
    await indexPendingEntries(db());
    expect(await pendingCount()).toBe(0);
    expect(await indexHolds(`bulk ${2 * INDEX_BATCH}`)).toBe(1);
  });
});

describe('the Activity search count', () => {
  beforeAll(async () => {
    const rows = Array.from({ length: ACTIVITY_COUNT_MAX + 1 }, (_, i) =>
      entry({
        label: `Capped ${i}`,
        created_at: new Date(Date.UTC(2032, 0, 1) + i * 1000).toISOString(),
        // An item whose id is a text 1,111 labels hold (`Capped 5`, 50-59, 500-599, 5000-5999).
        ...(i === 7 ? { item_id: 'capped 5' } : {}),
      }),
    );
    for (let at = 0; at < rows.length; at += 500) await write(rows.slice(at, at + 500));
    if (dialect() === 'postgres') await sql`ANALYZE activity_log`.execute(db());
  });

  it(`stops at ${SEARCH_COUNT_MAX} and says more match; each page is the newest matches' slice, none past the cap`, async () => {
    const first = await list({ q: 'CAPPED', limit: '50' });
    expect([first.total, first.totalCapped, first.totalPage]).toEqual([
      SEARCH_COUNT_MAX,
      true,
      SEARCH_COUNT_MAX / 50,
    ]);
    expect(first.data.map((e) => e.label)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Capped ${ACTIVITY_COUNT_MAX - i}`),
    );
    const third = await list({ q: 'capped', limit: '50', page: '3' });
    expect(third.data[0]!.label).toBe(`Capped ${ACTIVITY_COUNT_MAX - 100}`);
    const last = await list({ q: 'capped', limit: '50', page: String(SEARCH_COUNT_MAX / 50) });
    expect(last.data.at(-1)!.label).toBe(`Capped ${ACTIVITY_COUNT_MAX - SEARCH_COUNT_MAX + 1}`);
    const past = await list({ q: 'capped', limit: '50', page: String(SEARCH_COUNT_MAX / 50 + 1) });
    expect(past.data).toEqual([]);
  });

  it("ends the pages at the cap where the text is also an item's id", async () => {
    // The id's way: that item's entries beside the text's matches, read as the unsearched list is.
    const first = await list({ q: 'capped 5', limit: '50' });
    expect([first.total, first.totalCapped]).toEqual([SEARCH_COUNT_MAX, true]);
    expect((await list({ q: 'capped 5', limit: '50', page: '20' })).data).toHaveLength(50);
    expect((await list({ q: 'capped 5', limit: '50', page: '21' })).data).toEqual([]);
    // A page across the cap ends at it: 975-1,049 of the newest first, the first 25 served.
    const across = await list({ q: 'capped 5', limit: '75', page: '14' });
    expect(across.data.map((e) => e.label)).toEqual(
      (await list({ q: 'capped 5', limit: '25', page: '40' })).data.map((e) => e.label),
    );
    expect(across.data).toHaveLength(25);
  });

  it(`counts the same entries unsearched up to ${ACTIVITY_COUNT_MAX}`, async () => {
    const all = await list({ from: '2032-01-01', limit: '50' });
    expect([all.total, all.totalCapped, all.data[0]!.label]).toEqual([
      ACTIVITY_COUNT_MAX,
      true,
      `Capped ${ACTIVITY_COUNT_MAX}`,
    ]);
    // Its pages go on past that count (only a search's end at its cap), and spaces alone are no search.
    const pastCount = { from: '2032-01-01', limit: '50', page: String(ACTIVITY_COUNT_MAX / 50 + 1) };
    expect((await list(pastCount)).data.map((e) => e.label)).toEqual(['Capped 0']);
    expect((await list({ ...pastCount, q: '   ' })).data.map((e) => e.label)).toEqual(['Capped 0']);
  });

  it('is exact under the cap', async () => {
    const few = await list({ q: 'capped 100' });
    // 100, 1000-1009 and 10000 of the 10,001.
    expect([few.total, few.totalCapped]).toEqual([12, false]);
    expect(few.data.map((e) => e.label)).toEqual(
      ['10000', ...Array.from({ length: 10 }, (_, i) => String(1009 - i)), '100'].map((i) => `Capped ${i}`),
    );
  });
});

describe('the Activity search count within a person (SQLite, search-count.ts)', () => {
  it("checks the person's own entries where the index's matches are mostly others'", async () => {
    if (dialect() !== 'sqlite') return;
    // 10,500 entries holding `widget`, every fifth one person's: 2,100 of theirs.
    const rows = Array.from({ length: 10_500 }, (_, i) =>
      entry({ label: `widget ${i}`, person_id: i % 5 === 0 ? 'person-w' : 'person-x' }),
    );
    for (let at = 0; at < rows.length; at += 500) await write(rows.slice(at, at + 500));
    await createActivityService(t.app.streamdesk.context).indexPending();
    const way = (countMax: number) =>
      countWay(
        {
          db: db(),
          dialect: 'sqlite',
          base: db().selectFrom('activity_log').where('person_id', '=', 'person-w'),
          index: activitySearch,
          search: { text: 'widget' },
          rows: 2_100,
        } as never,
        countMax,
      );
    // A cap of 10: the person's first ~11 entries hold it, where probing reads ~55 of the index's matches
    // (it probed them while the person was expected to keep more than twice the cap).
    expect(await way(10)).toBe('scan');
    const found = await list({ q: 'widget', person: 'person-w', limit: '10' });
    // Their 2,100 counted up to the search's cap.
    expect([found.total, found.totalCapped, found.data[0]!.label]).toEqual([
      SEARCH_COUNT_MAX,
      true,
      'widget 10495',
    ]);
  });
});
