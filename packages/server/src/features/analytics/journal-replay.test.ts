import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../platform/config.js';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { TEST_PAYLOAD_KEY } from '../../test/test-app.js';
import type { JournalRecord } from './event-journal.js';

/** Journals of crashed processes: no process has a pid above 2^22 (Linux's pid_max default). */
const CRASHED = `${2 ** 22 + 1}-deadbeef`;
const CRASHED_EARLIER = `${2 ** 22 + 2}-0ldcrash`;
const record: JournalRecord = {
  batchId: 'b-replayed',
  receivedAt: Date.now(),
  rows: [{ entity: 'reel', entity_id: 'r-replayed', day: '2026-12-01', kind: 'view', count: 7 }],
};

let fresh: FreshDatabase;
let database: Database;
let app: FastifyInstance;
let journalDir: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = createDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.dataDir });
  // A crash's acknowledged batch still on disk, and the row an earlier crash's replay left behind.
  journalDir = path.join(fresh.dataDir, 'event-journal');
  mkdirSync(journalDir, { recursive: true });
  writeFileSync(path.join(journalDir, `${CRASHED}.0.jsonl`), `${JSON.stringify(record)}\n`);
  await database.db
    .insertInto('event_journals')
    .values({ journal: CRASHED_EARLIER, applied_seq: 3 })
    .execute();
  const config = loadConfig({ DATA_DIR: fresh.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...fresh.env });
  app = await buildApp(
    { ...config, apiKey: 'journal-replay', payloadKey: TEST_PAYLOAD_KEY },
    { logger: false },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database.destroy();
  await fresh.remove();
});

describe('start-up replay of the event journal', () => {
  it("takes a crashed process's files, and forgets its journal and an earlier crash's", async () => {
    expect(readdirSync(journalDir).filter((f) => f.startsWith(CRASHED))).toEqual([]);
    const journals = await database.db.selectFrom('event_journals').select('journal').execute();
    expect(journals.map((r) => r.journal)).not.toContain(CRASHED);
    expect(journals.map((r) => r.journal)).not.toContain(CRASHED_EARLIER);
  });
});
