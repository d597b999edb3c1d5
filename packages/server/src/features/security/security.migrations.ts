import type { Kysely, Migration } from 'kysely';

export const securityMigrations: Record<string, Migration> = {
  '1950_security_settings': {
    async up(db: Kysely<unknown>) {
      // The team's security settings: one row (id 'team'), read with each admin request's session.
      await db.schema
        .createTable('security_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('require_two_step', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await (db as Kysely<{ security_settings: { id: string; require_two_step: number } }>)
        .insertInto('security_settings')
        .values({ id: 'team', require_two_step: 0 })
        .execute();
    },
  },
};
