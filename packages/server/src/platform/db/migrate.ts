import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { AppDb } from './database.js';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * One migration set for SQLite and PostgreSQL. Names start with the feature's number block
 * (see src/migrations.ts) so they sort in the order they must run.
 */
export async function migrateToLatest(db: AppDb, migrations: Record<string, Migration>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  // A database that cannot be reached is not a failed migration: its own error says what happened.
  if (isDatabaseUnavailable(error)) throw error;
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? '');
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Migration${name} failed: ${detail}`, { cause: error });
  }
}
