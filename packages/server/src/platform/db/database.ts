import path from 'node:path';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { SQLite } from './sqlite-driver.js';
import { UNICODE_LOWER } from './dialect.js';
import { GROUP_GRAMS, groupGrams } from './search-groups.js';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { advisoryLocks, type SharedLocks } from './advisory-locks.js';
import { pgNotices, type ProcessNotices } from './process-notices.js';
import { WriteScopes } from './write-scope.js';
import { SqliteReaders, SqliteReadersDialect, defaultSqliteReaders } from './sqlite-readers.js';
import { withStatementCache } from './statement-cache.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Every table of the app. The platform knows none of them: each feature (and platform piece) adds its
 * own from its repository, as Fastify plugins add decorators:
 * `declare module '…/platform/db/database.js' { interface AppTables extends StoriesTables {} }`.
 * So every repository takes the one typed `AppDb`, with no cast, and table-types.test.ts checks every
 * table and column of it against the migrated schema on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppTables {}
export type AppDb = Kysely<AppTables>;

export interface Database {
  db: AppDb;
  /**
   * For the reads that can take more than a millisecond at scale (deep pages, searches, the exports, the
   * dashboard). On SQLite the reader threads (sqlite-readers.ts):
   * the query runs off the event loop on a read-only connection and sees every commit made before it
   * began; after a write in the same write scope, the scope's transaction (so a service sees its own
   * write). On PostgreSQL `db` itself: its queries never ran on the event loop.
   */
  readDb: AppDb;
  dialect: DialectName;
  /** Record locks across server processes (PostgreSQL only; SQLite serves one process). */
  sharedLocks?: SharedLocks;
  /** Messages to the other server processes of the database (PostgreSQL only). */
  notices?: ProcessNotices;
  /** Each back-office write as one transaction with its activity entry (write-scope.ts). */
  writeScopes: WriteScopes;
  /**
   * Opens ahead what the first reads would otherwise wait for: the SQLite reader threads, PostgreSQL's
   * kept connections.
   */
  warm(): Promise<void>;
  destroy(): Promise<void>;
}

// COUNT and SUM come back from PostgreSQL as int8 strings; every count here fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
// NUMERIC too (SUM over integers in PostgreSQL).
pg.types.setTypeParser(1700, (v) => Number(v));

/** unicode_lower: JavaScript's Unicode lower case, on every SQLite connection (the readers' too). */
const unicodeLower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text);

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'streamdesk.db');
}

/** How long a query waits for a PostgreSQL connection (a free one in the pool, or a new one). */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connections the PostgreSQL pool opens before the server listens and keeps open while idle. pg closes
 * every idle connection after 10 s, so the first read after each quiet spell (a match's first minutes,
 * every night) paid for a new one: 45-160 ms under load (0047). Two: a sign-in and the first screen's
 * reads arrive together.
 */
export const PG_KEPT_CONNECTIONS = 2;

export function createDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  connectTimeoutMs?: number;
  /** How long a PostgreSQL connection above the kept ones stays open idle (pg's 10 s when not given). */
  idleTimeoutMs?: number;
  /** SQLite's reader threads (`SQLITE_READERS`); `defaultSqliteReaders()` when not given. */
  sqliteReaders?: number;
  /** Their priority (`SQLITE_READERS_NICE`); READERS_NICE when not given. */
  sqliteReadersNice?: number;
}): Database {
  if (opts.databaseUrl) {
    // pg waits for ever by default: a database host that stops answering (a network partition, a
    // failover) would hold every request and the event flush without end. With a deadline they fail
    // with a 503 the screens can show (see db/unavailable.ts), and TCP keep-alive finds dead connections.
    const connection = {
      connectionString: opts.databaseUrl,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    };
    const newPool = (max: number, min = 0) => {
      const pool = new pg.Pool({ ...connection, max, min, idleTimeoutMillis: opts.idleTimeoutMs });
      // An idle connection dropped by the server (restart, failover) must not crash the process: the
      // pool replaces it on the next query.
      pool.on('error', () => {});
      // On each new connection, queued before its first query (a startup option would be refused by a pooler
      // such as PgBouncer), 0069:
      // - No JIT compiling: PostgreSQL compiles a query whose estimated cost passes jit_above_cost, and the
      //   estimates of the searches' index loops (search-spans.ts) passed it for a 6 ms read, which then
      //   spent 44 ms compiling. No read of this server runs long enough to gain it back.
      // - Every sequential scan from the table's start: a search's count under a LIMIT (search-page.ts) is
      //   planned as a scan that stops at the cap, and a synchronized scan starts where the last one of that
      //   table stopped, far from where the matches are (`Video 1`'s count 1 -> 112 ms, the bench's 266-477
      //   ms reads).
      pool.on(
        'connect',
        (client) => void client.query('SET jit = off; SET synchronize_seqscans = off').catch(() => {}),
      );
      return pool;
    };
    const pool = newPool(10, PG_KEPT_CONNECTIONS);
    const writeScopes = new WriteScopes();
    const db = new Kysely<AppTables>({ dialect: writeScopes.wrap(new PostgresDialect({ pool })) });
    // Admins' writes of distinct records at the same moment: a handful at most.
    const lockPool = newPool(5);
    const notices = pgNotices(pool, connection);
    return {
      db,
      readDb: db,
      dialect: 'postgres',
      writeScopes,
      sharedLocks: advisoryLocks(lockPool),
      notices,
      warm: () => openKept(pool),
      destroy: async () => {
        await notices.close();
        await db.destroy();
        await lockPool.end();
      },
    };
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  // Created readable by the server's user only, as secrets.json is; SQLite gives its -wal and -shm
  // files the database file's mode.
  closeSync(openSync(sqliteFile(opts.dataDir), 'a', 0o600));
  const sqlite = new SQLite(sqliteFile(opts.dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() and LIKE fold ASCII only, so 'ÉQUIPE' would not find 'équipe' as it does on
  // PostgreSQL: searches fold both sides with JavaScript's Unicode lower case (dialect.ts).
  sqlite.function(UNICODE_LOWER, { deterministic: true }, unicodeLower);
  // The group search index's triggers write each row's keys through it (search-groups.ts).
  sqlite.function(GROUP_GRAMS, { deterministic: true, varargs: true }, groupGrams);
  const writeScopes = new WriteScopes();
  const db = new Kysely<AppTables>({
    dialect: writeScopes.wrap(new SqliteDialect({ database: withStatementCache(sqlite) })),
  });
  // Every test database is a file too (no ':memory:' here), so readDb is always the readers on SQLite.
  const readers = new SqliteReaders(
    sqliteFile(opts.dataDir),
    opts.sqliteReaders ?? defaultSqliteReaders(),
    { [UNICODE_LOWER]: String(unicodeLower) },
    opts.sqliteReadersNice,
  );
  // After a write in the same request, reads go through its transaction (the readers would not see it).
  const readDb = new Kysely<AppTables>({
    dialect: new SqliteReadersDialect(readers, {
      writing: () => writeScopes.writing(),
      executeQuery: (query) => db.executeQuery(query),
    }),
  });
  return {
    db,
    readDb,
    dialect: 'sqlite',
    writeScopes,
    warm: () => readers.warm(),
    destroy: async () => {
      await readDb.destroy();
      await db.destroy();
    },
  };
}

/** Opens the pool's kept connections at once (each `connect` while the others are out opens another). */
async function openKept(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: PG_KEPT_CONNECTIONS }, () => pool.connect()));
  for (const client of clients) client.release();
}
