import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { pgNotices } from './process-notices.js';

describe.runIf(process.env.TEST_DATABASE_URL)('notices between server processes (PostgreSQL)', () => {
  let t: TestApp;
  /** Each process's notices, then its pool. */
  const ends: Array<() => Promise<void>> = [];
  /** The notices of one server process: a pool of its own. */
  const processNotices = () => {
    const connection = { connectionString: t.config.databaseUrl };
    const pool = new pg.Pool({ ...connection, max: 2 });
    const notices = pgNotices(pool, connection);
    ends.push(() => notices.close().then(() => pool.end()));
    return notices;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => Promise.all(ends.map((end) => end())).then(() => t.close()));

  it('reaches every process listening on the channel, the sender included, and no other channel', async () => {
    const one = processNotices();
    const two = processNotices();
    const heard: string[] = [];
    await one.listen('test_a', (p) => heard.push(`one a ${p}`));
    await two.listen('test_a', (p) => heard.push(`two a ${p}`));
    await two.listen('test_b', (p) => heard.push(`two b ${p}`));
    await one.send('test_a', 'x');
    await vi.waitFor(() => expect(heard.sort()).toEqual(['one a x', 'two a x']));
    await two.send('test_b', 'y');
    await vi.waitFor(() => expect(heard).toContain('two b y'));
    expect(heard).toHaveLength(3);
  });

  it('listens again once its connection is lost', async () => {
    const one = processNotices();
    const two = processNotices();
    const heard: string[] = [];
    await one.listen('test_lost', (p) => heard.push(p));
    // The server ends the listening connection (as a restart or a failover would).
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    const listeners = `SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN "test_lost"'`;
    const ended = await admin.query(`SELECT pg_terminate_backend(pid) FROM (${listeners}) AS l`);
    expect(ended.rowCount).toBe(1);
    await vi.waitFor(
      async () => {
        await two.send('test_lost', 'again');
        expect(heard).toContain('again');
      },
      { timeout: 10_000, interval: 200 },
    );
    await admin.end();
  });
});
