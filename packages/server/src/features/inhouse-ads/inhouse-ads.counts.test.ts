import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCall, storedId } from '../../test/api-calls.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectKeptExact } from '../../test/kept-counts.js';
import { keptCount } from '../../platform/db/kept-counts.js';
import { inHouseAdCounts } from './inhouse-ads.migrations.js';

// The ads per status kept by triggers (platform/db/kept-counts.ts) equal a count of the rows after every
// kind of write, on SQLite and PostgreSQL; the list's total is them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.streamdesk.context.db;
const total = async (query: Record<string, string>) =>
  (await t.json<{ total: number }>(await t.request({ method: 'GET', url: '/api/App/inhouse/ads', query })))
    .total;

describe('the kept in-house ad counts', () => {
  it('follow ads added, switched off by hand, deleted to the trash and restored', async () => {
    const ads = [await storedId(t, addCall.inhouseAd()), await storedId(t, addCall.inhouseAd())];
    await expectKeptExact(db(), inHouseAdCounts);
    await sql`UPDATE inhouse_ads SET status = 0 WHERE id = ${ads[0]}`.execute(db());
    await expectKeptExact(db(), inHouseAdCounts);
    expect(await total({ a: 'true', page: '1' })).toBe(2);
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/App/inhouse/ads',
      payload: { id: [ads[1]] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectKeptExact(db(), inHouseAdCounts);
    expect(await keptCount(db(), inHouseAdCounts, { status: 1 })).toBe(0);
    const restored = await t.request({
      method: 'POST',
      url: '/api/admin/trash/restore',
      payload: { id: [ads[1]] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await expectKeptExact(db(), inHouseAdCounts);
    expect(await total({ a: 'true', page: '1' })).toBe(2);
  });
});
