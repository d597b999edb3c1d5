import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { sqliteFile } from '../platform/db/database.js';
import { withDatabase } from './global-setup.js';

/** A data folder and a database of the suite's kind (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
export interface FreshDatabase {
  dataDir: string;
  /** DATABASE_URL on PostgreSQL; nothing on SQLite, whose file is in `dataDir`. */
  env: Record<string, string>;
  /** Drops the database and deletes the folder. */
  remove(): Promise<void>;
}

/**
 * A copy of the migrated template (global-setup.ts), for an app built in the test or a server process
 * the test starts: both run on the database the suite runs on.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const template = inject('template');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-test-'));
  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (template.kind === 'sqlite') {
    copyFileSync(sqliteFile(template.dataDir), sqliteFile(dataDir));
    return { dataDir, env: {}, remove: async () => removeDir() };
  }
  const name = `sd_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: template.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
  const dropDatabase = async () => {
    // pg-pool's end() resolves before its sockets have closed; a forced drop meanwhile makes the
    // server kill them with FATAL 57P01, an unhandled error in the test run. Wait for them first.
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (!rows[0]?.n) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return {
    dataDir,
    env: { DATABASE_URL: withDatabase(template.url, name) },
    remove: async () => {
      await dropDatabase();
      removeDir();
    },
  };
}
