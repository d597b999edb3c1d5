import { sql, type Kysely, type Migration } from 'kysely';

export const authMigrations: Record<string, Migration> = {
  '0100_auth_admins_and_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_sessions_admin_id')
        .on('admin_sessions')
        .column('admin_id')
        .execute();
    },
  },
  '0101_auth_login_failures': {
    async up(db: Kysely<unknown>) {
      // Failed sign-ins per email (ms since 1970), shared by every server process (login-limiter.ts).
      await db.schema
        .createTable('login_failures')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email')
        .on('login_failures')
        .columns(['email', 'failed_at'])
        .execute();
    },
  },
  '0102_auth_people': {
    async up(db: Kysely<unknown>) {
      // The one admin becomes a team of people: a name, a role and a status each. The table keeps its
      // name, so the sessions' and idempotency keys' references to it stay as they are on both databases.
      const people = db as Kysely<{ admins: { id: string; email: string; name: string; role: string } }>;
      await db.schema
        .alterTable('admins')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('admins')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
        .execute();
      await db.schema
        .alterTable('admins')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      // Whoever signs in today (ADMIN_EMAIL's admin or the generated one) may do everything: the owner.
      for (const { id, email } of await people.selectFrom('admins').select(['id', 'email']).execute())
        await people
          .updateTable('admins')
          .set({ role: 'owner', name: email.split('@')[0] ?? email })
          .where('id', '=', id)
          .execute();
      await db.schema
        .createIndex('admins_email_folded')
        .on('admins')
        .unique()
        .expression(sql`lower(email)`)
        .execute();
    },
  },
  '0103_auth_session_device': {
    async up(db: Kysely<unknown>) {
      // What My account shows of each session: the browser it signed in from and its address.
      await db.schema
        .alterTable('admin_sessions')
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('admin_sessions')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
  '0104_auth_sign_in_policy': {
    async up(db: Kysely<unknown>) {
      // Failures are counted per email and client address together (0034-sign-in-policy.md); rows
      // from before have no address and count for the email's ceiling only.
      await db.schema
        .alterTable('login_failures')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('login_failures_email_ip')
        .on('login_failures')
        .columns(['email', 'ip', 'failed_at'])
        .execute();
      // The addresses a person signed in from: a sign-in from one of them skips the email's ceiling.
      await db.schema
        .createTable('known_sign_in_ips')
        .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_sign_in_ips_pk', ['admin_id', 'ip'])
        .execute();
    },
  },
  '0105_auth_two_step': {
    async up(db: Kysely<unknown>) {
      // TOTP two-step sign-in: the secret in use, one waiting for its first code, and recovery codes.
      await db.schema.alterTable('admins').addColumn('totp_secret', 'text').execute();
      await db.schema.alterTable('admins').addColumn('totp_pending', 'text').execute();
      await db.schema
        .createTable('admin_recovery_codes')
        .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('admin_recovery_codes_pk', ['admin_id', 'code_hash'])
        .execute();
    },
  },
  '0106_auth_totp_last_step': {
    async up(db: Kysely<unknown>) {
      // The time step of the last TOTP code that signed each person in: that code, and any older one,
      // is refused from then on (a code seen over someone's shoulder cannot be used again).
      await db.schema.alterTable('admins').addColumn('totp_last_step', 'integer').execute();
    },
  },
};
