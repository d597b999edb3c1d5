import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrations } from '../migrations.js';
import { createDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { startS3Server } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite data folder to copy, or the name of a migrated PostgreSQL template database. */
    template: { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; database: string };
    /** With TEST_MEDIA_STORE=s3: the loopback S3 server every test app gets a bucket of. */
    s3: { endpoint: string } | undefined;
  }
}

/**
 * Migrates one template database for the whole run; each test file then copies it (STYLE.md: a fresh
 * database per test file from a migrated template, never truncating tables).
 */
export default async function setup(project: TestProject) {
  const s3 = process.env.TEST_MEDIA_STORE === 's3' ? await startS3Server() : undefined;
  project.provide('s3', s3 && { endpoint: s3.endpoint });
  const teardown = await setupDatabase(project);
  return async () => {
    await teardown();
    await s3?.stop();
  };
}

async function setupDatabase(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const database = `sd_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    const url = withDatabase(pgUrl, database);
    const db = createDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
    await migrateToLatest(db.db, migrations);
    await db.destroy();
    project.provide('template', { kind: 'postgres', url: pgUrl, database });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-template-'));
  const db = createDatabase({ dataDir });
  await migrateToLatest(db.db, migrations);
  // Closing the only connection checkpoints the WAL into the file, so copying the file is enough.
  await db.destroy();
  project.provide('template', { kind: 'sqlite', dataDir });
  return () => rmSync(dataDir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
