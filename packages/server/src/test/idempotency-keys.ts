import { tablesOf } from '../platform/db/database.js';
import type { IdempotencyKeysTables } from '../platform/idempotency/idempotency-keys.repository.js';
import type { TestApp } from './test-app.js';

/** The row an Idempotency-Key holds in the test app's database, if any. */
export const keyRow = (t: TestApp, key: string) =>
  tablesOf<IdempotencyKeysTables>(t.app.streamdesk.context.db)
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
