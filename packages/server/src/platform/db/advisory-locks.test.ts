import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { advisoryLocks, type SharedLocks } from './advisory-locks.js';

const tick = () => new Promise((r) => setTimeout(r, 20));

describe.runIf(process.env.TEST_DATABASE_URL)('advisory locks (PostgreSQL)', () => {
  let t: TestApp;
  const pools: pg.Pool[] = [];
  /** The locks of one server process: a pool of its own. */
  const processLocks = (): SharedLocks => {
    const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    pools.push(pool);
    return advisoryLocks(pool);
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  /** Until `n` advisory lock requests of this test's database are waiting for a holder. */
  const waitingForAdvisoryLocks = async (n: number) => {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    try {
      for (let waited = 0; ; waited += 20) {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
           WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
        );
        if (rows[0]!.n >= n) return;
        if (waited > 10_000) throw new Error(`${rows[0]!.n} advisory locks waited for, not ${n}`);
        await tick();
      }
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await t.close();
  });

  it('holds a key against another process, and lets other keys through', async () => {
    const one = processLocks();
    const two = processLocks();
    const log: string[] = [];
    let release!: () => void;
    let entered!: () => void;
    const holding = new Promise<void>((r) => (entered = r));
    const held = one.hold(['t:1'], () => {
      entered();
      return new Promise<void>((r) => (release = r)).then(() => log.push('one'));
    });
    // Until its write has begun, `one` may not hold the key yet: a fixed wait was too short under load
    // (a new pool's first connection), and `two` then found the key free.
    await holding;
    const same = two.hold(['t:1'], async () => log.push('two on t:1'));
    await two.hold(['t:2'], async () => log.push('two on t:2'));
    await waitingForAdvisoryLocks(1);
    expect(log).toEqual(['two on t:2']);
    release();
    await Promise.all([held, same]);
    expect(log).toEqual(['two on t:2', 'one', 'two on t:1']);
  });

  it('takes overlapping keys in one order, so two processes never wait for each other', async () => {
    const one = processLocks();
    const two = processLocks();
    const done = await Promise.all(
      [0, 1, 2].flatMap(() => [
        one.hold(['t:a', 't:b'], async () => tick().then(() => 'one')),
        two.hold(['t:b', 't:a'], async () => tick().then(() => 'two')),
      ]),
    );
    expect(done).toEqual(['one', 'two', 'one', 'two', 'one', 'two']);
  });

  it('lets the keys go when the write fails, and returns the connection', async () => {
    const one = processLocks();
    await expect(one.hold(['t:f'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await processLocks().hold(['t:f'], async () => 'next')).toBe('next');
    expect(pools[pools.length - 2]!.idleCount).toBe(1);
  });

  it('tells the caller when another process holds a key, before waiting for it, and only then', async () => {
    const one = processLocks();
    const two = processLocks();
    const busy: string[] = [];
    await two.hold(
      ['t:b1', 't:b2'],
      async () => {},
      () => busy.push('free'),
    );
    expect(busy).toEqual([]);
    let release!: () => void;
    let entered!: () => void;
    const holding = new Promise<void>((r) => (entered = r));
    const held = one.hold(['t:b2'], () => {
      entered();
      return new Promise<void>((r) => (release = r));
    });
    await holding;
    let ran = false;
    const waiting = two.hold(
      ['t:b1', 't:b2'],
      async () => void (ran = true),
      () => busy.push('held'),
    );
    await waitingForAdvisoryLocks(1);
    expect([busy, ran]).toEqual([['held'], false]);
    release();
    await Promise.all([held, waiting]);
    expect(ran).toBe(true);
  });
});
