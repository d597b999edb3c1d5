import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, PG_KEPT_CONNECTIONS, type Database } from './database.js';

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool’s kept connections', () => {
  let database: Database | undefined;
  afterEach(() => database?.destroy());

  /** The server's connections to the database, told apart from every other client by their name. */
  async function openConnections(name: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where application_name = ${name}`.execute(database!.db);
    return rows[0]!.n; // the one asking is one of them
  }

  it('opens them before the first read and keeps them through an idle spell; the rest close', async () => {
    const name = `kept-${randomUUID()}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('application_name', name);
    database = createDatabase({ databaseUrl: String(url), dataDir: '/nonexistent', idleTimeoutMs: 200 });
    await database.warm();
    // Five reads at once open three more connections; once idle past the timeout only the kept ones stay.
    await Promise.all(Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(database!.db)));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await openConnections(name)).toBe(PG_KEPT_CONNECTIONS);
  });

  it('runs every connection without JIT compiling, its sequential scans from the start (0069)', async () => {
    database = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: '/nonexistent' });
    // Several at once: each of the pool's new connections, not only the first.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ jit: string; synced: string }>`select current_setting('jit') as jit,
          current_setting('synchronize_seqscans') as synced, pg_sleep(0.05)`.execute(database!.db),
      ),
    );
    expect(settings.map((s) => [s.rows[0]!.jit, s.rows[0]!.synced])).toEqual(Array(4).fill(['off', 'off']));
  });
});
