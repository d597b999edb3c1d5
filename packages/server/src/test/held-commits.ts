import { TransactionBuilder, type Transaction } from 'kysely';

/**
 * Makes every transaction in this test process wait, once its statements are done and before its COMMIT,
 * until `before()` settles (at most `maxMs`). What runs meanwhile on other connections sees the data as
 * it was: a test can read the app while a write is done but not yet visible. PostgreSQL only: on SQLite
 * the one connection is the transaction's until the commit, so what the test runs meanwhile waits for it.
 * Returns the function that puts the transactions back as they were.
 */
export function holdCommits(before: () => Promise<unknown>, maxMs: number): () => void {
  const execute = TransactionBuilder.prototype.execute;
  TransactionBuilder.prototype.execute = function <T>(
    this: TransactionBuilder<unknown>,
    callback: (trx: Transaction<unknown>) => Promise<T>,
  ) {
    return execute.call(this, async (trx) => {
      const result = await callback(trx);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([before(), new Promise((done) => (timer = setTimeout(done, maxMs)))]);
      clearTimeout(timer);
      return result;
    }) as Promise<T>;
  };
  return () => {
    TransactionBuilder.prototype.execute = execute;
  };
}
