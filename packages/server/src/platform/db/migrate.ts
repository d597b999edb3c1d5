import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { AnyDb } from './database.js';

/**
 * One migration set for SQLite and PostgreSQL. Names start with the feature's number block
 * (see src/migrations.ts) so they sort in the order they must run.
 */
export async function migrateToLatest(db: AnyDb, migrations: Record<string, Migration>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
