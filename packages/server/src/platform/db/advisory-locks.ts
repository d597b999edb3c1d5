import type pg from 'pg';

/** Locks that hold across every server process of one database (record-locks.ts takes them). */
export interface SharedLocks {
  /**
   * Runs `work` while holding the locks of `keys`, waiting for any other process holding one; `busy` is
   * called first when one is held elsewhere (the caller may ask its holder to let go).
   */
  hold<T>(keys: readonly string[], work: () => Promise<T>, busy?: () => void): Promise<T>;
}

/**
 * PostgreSQL advisory locks, one per key (a 64-bit hash of it), scoped to a transaction on a connection
 * of their own pool that holds nothing else: the write itself runs on the main pool, so a lock never
 * waits for a connection that a lock-holder needs. Keys are taken in sorted order, so two processes
 * locking overlapping sets cannot wait for each other. If the lock's connection is lost meanwhile, the
 * server lets the locks go and the write finishes unguarded, as a single process would without them.
 */
export function advisoryLocks(pool: pg.Pool): SharedLocks {
  return {
    async hold(keys, work, busy) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const sorted = [...keys].sort();
        // Tried one by one in order, without waiting, up to the first held elsewhere: the order that
        // keeps two processes from waiting for each other holds, and the caller learns it must wait.
        let free = 0;
        if (busy) while (free < sorted.length && (await tryLock(client, sorted[free]!))) free += 1;
        if (busy && free < sorted.length) busy();
        // One statement for all: unnest yields the sorted keys in order, each locked in turn (a group of
        // 200 scheduled matches took 200 round trips one by one).
        if (free < sorted.length)
          await client.query(
            'SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) AS k',
            [sorted.slice(free)],
          );
        return await work();
      } finally {
        // The transaction holds only the locks: ending it releases them.
        await client.query('ROLLBACK').catch((error: Error) => (broken = error));
        client.release(broken);
      }
    },
  };
}

async function tryLock(client: pg.PoolClient, key: string): Promise<boolean> {
  const { rows } = await client.query<{ got: boolean }>(
    'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS got',
    [key],
  );
  return rows[0]!.got;
}
