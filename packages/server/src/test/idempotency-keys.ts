import type { TestApp } from './test-app.js';

/** The row an Idempotency-Key holds in the test app's database, if any. */
export const keyRow = (t: TestApp, key: string) =>
  t.app.streamdesk.context.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
