import type { SharedLocks } from './db/advisory-locks.js';
import { currentWriteScope, writeScopeEnd } from './db/write-scope.js';

/**
 * Runs the writes that touch one record's files one after another. An edit that swaps a file reads the
 * row, stores the new file, updates the row and removes the old file; a delete reads the rows, deletes
 * them and removes their files. Interleaved, two admins at the same moment could leave a file no row
 * points to (an edit's new image after the row was deleted; the first of two edits' images) or a row
 * pointing at a removed file. Each such write runs under the locks of its records (a table and ids),
 * so writes of the same record wait for each other; others run side by side.
 *
 * On PostgreSQL, where several server processes may share the database (ARCHITECTURE.md), a write also
 * holds the records' advisory locks (db/advisory-locks.ts) once its turn in this process has come, so
 * writes of the same record through different processes wait for each other too.
 */
export class RecordLocks {
  /** For each locked record (`table:id`), the settling of the last write queued on it. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly shared?: SharedLocks) {}

  /**
   * Runs `work` once every write queued before it on any of these records has settled. `busy` is called
   * when, once this process's turn has come, another process holds one of them (PostgreSQL), before waiting for it.
   */
  async run<T>(table: string, ids: readonly string[], work: () => Promise<T>, busy?: () => void): Promise<T> {
    const scope = currentWriteScope();
    const held = scope ? this.heldByScope.get(scope) : undefined;
    // Records this write scope already holds (a service calling another on the same record) are its own.
    const unique = [...new Set(ids.map((id) => `${table}:${id}`))].filter((k) => !held?.has(k));
    const scopeEnd = this.shared ? writeScopeEnd() : undefined;
    if (scope && scopeEnd) return this.runToScopeEnd(scope, scopeEnd, unique, work, busy);
    const before = unique.map((k) => this.tails.get(k)).filter((p): p is Promise<void> => p !== undefined);
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // Queued on every key at once, synchronously: a write waits only for writes queued before it, so
    // two writes over overlapping keys cannot wait for each other.
    for (const k of unique) this.tails.set(k, done);
    try {
      await Promise.all(before);
      // This process's own queue first: its writes of one record then hold one database lock at a time.
      return await (this.shared ? this.shared.hold(unique, work, busy) : work());
    } finally {
      release();
      for (const k of unique) if (this.tails.get(k) === done) this.tails.delete(k);
    }
  }

  /** Records each write scope holds until it ends (on PostgreSQL). */
  private readonly heldByScope = new WeakMap<object, Set<string>>();

  /**
   * On PostgreSQL a back-office write commits when its write scope ends (db/write-scope.ts), after the
   * service has returned: its records stay locked until then, so the next write of one of them reads what
   * this one committed (an edit version checked against the old row would let a lost update through).
   */
  private async runToScopeEnd<T>(
    scope: object,
    scopeEnd: Promise<void>,
    keys: string[],
    work: () => Promise<T>,
    busy: (() => void) | undefined,
  ): Promise<T> {
    const held = this.heldByScope.get(scope) ?? new Set<string>();
    this.heldByScope.set(scope, held);
    const before = keys.map((k) => this.tails.get(k)).filter((p): p is Promise<void> => p !== undefined);
    const done = scopeEnd;
    for (const k of keys) {
      this.tails.set(k, done);
      held.add(k);
    }
    void done.then(() => {
      for (const k of keys) if (this.tails.get(k) === done) this.tails.delete(k);
    });
    await Promise.all(before);
    return new Promise<T>((resolve, reject) => {
      this.shared!.hold(
        keys,
        async () => {
          await work().then(resolve, reject);
          await scopeEnd;
        },
        busy,
      ).catch(reject);
    });
  }

  /** Records held or waited for (tests). */
  get size(): number {
    return this.tails.size;
  }
}
