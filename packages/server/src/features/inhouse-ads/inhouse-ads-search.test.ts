import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inHouseRoutes, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form } from '../../test/media-fixtures.js';
import { createInHouseAd } from '../../test/inhouse-ads.js';
import { trashCalls } from '../../test/trash-calls.js';
import { matchesSearch } from '../../platform/db/search.js';
import { inHouseAdsSearch } from './inhouse-ads.migrations.js';

/** The list's search through its index (0048): what it finds, and that the index follows every write. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const trash = trashCalls(() => t);

const PATH = inHouseRoutes.list.path;
const create = (mainTitle: string, over: Record<string, string> = {}) =>
  createInHouseAd(t, { mainTitle, ...over });
const found = async (q: string) => {
  const res = await t.request({ method: 'GET', url: `${PATH}?a=true&limit=100&q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: InHouseAd[] }).data.map((a) => a.mainTitle).sort();
};

describe('in-house ad search', () => {
  it('finds substrings of any searched column, folding case in every script but keeping accents', async () => {
    await create('Équipe Ωmega Кубок', { description: 'Grand "Prix" finale' });
    await create('Equipe plain', { subTitle: 'ΣΊΓΜΑ' });
    expect(await found('éQUIPE')).toEqual(['Équipe Ωmega Кубок']);
    expect(await found('equipe')).toEqual(['Equipe plain']);
    expect(await found('quipe')).toEqual(['Equipe plain', 'Équipe Ωmega Кубок']);
    expect(await found('ωmeGA кУБ')).toEqual(['Équipe Ωmega Кубок']);
    expect(await found('"prix" fin')).toEqual(['Équipe Ωmega Кубок']);
    expect(await found('σίγ')).toEqual(['Equipe plain']);
    // A match never spans two columns.
    expect(await found('кубок sub')).toEqual([]);
  });

  it('finds text of one or two characters, where there is no trigram, as before', async () => {
    await create('Zq short one');
    await create('Other with ZQ');
    expect(await found('zq')).toEqual(['Other with ZQ', 'Zq short one']);
    expect(await found('Ω')).toEqual(['Équipe Ωmega Кубок']);
  });

  it('follows adds, edits, deletes and restores from the trash', async () => {
    const ad = await create('Lighthouse keeper');
    expect(await found('thouse')).toEqual(['Lighthouse keeper']);
    const edit = await t.request({
      method: 'PUT',
      url: PATH,
      payload: form({ id: ad._id, mainTitle: 'Windmill', callToAction: 'https://example.com/app' }, []),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('thouse')).toEqual([]);
    expect(await found('indmil')).toEqual(['Windmill']);
    const removed = await t.request({ method: 'DELETE', url: PATH, payload: { id: [ad._id] } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await found('indmil')).toEqual([]);
    expect((await trash.restore(ad._id)).statusCode).toBe(200);
    expect(await found('indmil')).toEqual(['Windmill']);
  });

  it('reads the index, not every row, for three characters or more', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const plan = (q: string) =>
      db.transaction().execute(async (trx) => {
        // A few rows cost less to scan than to look up: PostgreSQL is told to use an index if it can.
        if (dialect === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const query = trx
          .selectFrom('inhouse_ads')
          .select('id')
          .where(matchesSearch(dialect, inHouseAdsSearch, q));
        const { sql: text, parameters } = query.compile();
        const explained = await trx.executeQuery(
          CompiledQuery.raw(`EXPLAIN ${dialect === 'sqlite' ? 'QUERY PLAN ' : ''}${text}`, [...parameters]),
        );
        return explained.rows.map((r) => Object.values(r as object).join(' ')).join('\n');
      });
    // PostgreSQL: the folded column's one trigram index (search-folded.ts).
    const indexed =
      dialect === 'sqlite'
        ? /VIRTUAL TABLE INDEX \d+:M/
        : /Bitmap Index Scan on inhouse_ads_search_folded_trgm/;
    expect(await plan('lighthouse')).toMatch(indexed);
    if (dialect === 'sqlite') expect(await plan('li')).not.toMatch(/VIRTUAL TABLE/);
  });
});
