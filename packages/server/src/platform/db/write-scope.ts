import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A write scope: one request's back-office write as one transaction, whatever its service and
 * repositories do (docs/decisions/0028-activity-log.md). Inside `WriteScopes.run`, every query of the
 * app's Kysely goes through the scope: reads run as usual until the first statement that is not a plain
 * SELECT, which begins the scope's transaction on a connection of its own; from then on every statement
 * of the scope runs on it, and a `db.transaction()` inside becomes a savepoint. `finish` (the activity
 * entry) runs last in the transaction, then it commits; a failure anywhere rolls all of it back.
 *
 * Uploads and probes run before a service's first write, so the transaction (which holds SQLite's one
 * connection) lasts from the first write to the reply, as the services' own transactions did.
 */
interface Scope {
  owner: ScopedDriver;
  /** The transaction's connection, once a write began it. */
  conn?: DatabaseConnection;
  opening?: Promise<DatabaseConnection>;
  closed: boolean;
  /** Nested transactions (savepoints) run one at a time: interleaved savepoints would release each other. */
  nested: Promise<void>;
  savepoints: number;
  /** Run once the scope has ended, committed or not. */
  ended: Array<() => void>;
  /** Run once the scope has committed, before its result is handed back (`whenCommitted`). */
  committed: Array<() => Promise<void>>;
  endedPromise?: Promise<void>;
}

const storage = new AsyncLocalStorage<Scope>();

/** The error of a query that runs on a write scope's transaction after the scope ended. */
export const WRITE_SCOPE_ENDED = 'A query ran after its write scope had ended';

/** The scope of the running write, if one is open. */
const openScope = (): Scope | undefined => {
  const scope = storage.getStore();
  return scope && !scope.closed ? scope : undefined;
};

/**
 * Runs `fn` once the running write scope has ended (committed or rolled back), or now outside one: what
 * others may read (cache invalidations) must not go out before the data they announce is visible.
 */
export function afterWriteScope(fn: () => void): void {
  const scope = openScope();
  if (scope) scope.ended.push(fn);
  else fn();
}

/**
 * Runs `work` once the running write scope has committed, before the scope hands its result back (so it
 * may still fill in the reply), and not at all if the scope rolls back; outside a scope, now. For what
 * must not hold the write's transaction open, which on SQLite holds every other writer: e-mailing a link
 * waits on a mail server. The promise settles at once inside a scope (awaiting the work there would wait
 * for a commit that waits for the awaiting service), and when the work is done outside one.
 */
export function whenCommitted(work: () => Promise<void>): Promise<void> {
  const scope = openScope();
  if (!scope) return work();
  scope.committed.push(work);
  return Promise.resolve();
}

/** Settles when the running write scope ends; undefined outside one. */
export function writeScopeEnd(): Promise<void> | undefined {
  const scope = openScope();
  if (!scope) return undefined;
  scope.endedPromise ??= new Promise<void>((resolve) => scope.ended.push(resolve));
  return scope.endedPromise;
}

/** An object standing for the running write scope (to key what it holds), or undefined. */
export const currentWriteScope = (): object | undefined => openScope();

/** A connection handed out inside a scope: it runs each query where the scope says. */
class ScopedConnection implements DatabaseConnection {
  savepoint?: string;
  constructor(
    readonly scope: Scope,
    private readonly driver: ScopedDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { scope } = this;
    if (scope.conn || scope.opening || !SelectQueryNode.is(query.query))
      return (await this.driver.open(scope)).executeQuery<R>(query);
    return this.driver.once((conn) => conn.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.driver.open(this.scope)).streamQuery<R>(query, chunkSize);
  }
}

class ScopedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = openScope();
    if (scope?.owner === this) return new ScopedConnection(scope, this);
    return this.inner.acquireConnection();
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    // The scope's connection is released when the scope ends.
    if (!(conn instanceof ScopedConnection)) await this.inner.releaseConnection(conn);
  }

  /** One query on a connection of its own (a read in a scope before its first write). */
  async once<T>(work: (conn: DatabaseConnection) => Promise<T>): Promise<T> {
    const conn = await this.inner.acquireConnection();
    try {
      return await work(conn);
    } finally {
      await this.inner.releaseConnection(conn);
    }
  }

  /**
   * The scope's transaction, begun on the first call. Refused once the scope has ended: work it did not
   * wait for (a transaction begun in it and still running) would otherwise run on its connection, back
   * in the pool by then and perhaps in another write's transaction, whose statements it would break.
   */
  open(scope: Scope): Promise<DatabaseConnection> {
    if (scope.closed) return Promise.reject(new Error(WRITE_SCOPE_ENDED));
    if (scope.conn) return Promise.resolve(scope.conn);
    scope.opening ??= (async () => {
      const conn = await this.inner.acquireConnection();
      try {
        await this.inner.beginTransaction(conn, {});
      } catch (error) {
        await this.inner.releaseConnection(conn);
        scope.opening = undefined;
        throw error;
      }
      scope.conn = conn;
      return conn;
    })();
    return scope.opening;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.beginTransaction(conn, settings);
    const { scope } = conn;
    const turn = scope.nested;
    let done!: () => void;
    scope.nested = new Promise((resolve) => (done = resolve));
    await turn;
    conn.savepoint = `scope_${++scope.savepoints}`;
    (conn as ScopedConnection & { done?: () => void }).done = done;
    await (await this.open(scope)).executeQuery(CompiledQuery.raw(`savepoint ${conn.savepoint}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.commitTransaction(conn);
    await this.endSavepoint(conn, [`release savepoint ${conn.savepoint}`]);
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.rollbackTransaction(conn);
    const name = conn.savepoint;
    await this.endSavepoint(conn, [`rollback to savepoint ${name}`, `release savepoint ${name}`]);
  }

  private async endSavepoint(conn: ScopedConnection, statements: string[]): Promise<void> {
    try {
      const trx = await this.open(conn.scope);
      for (const statement of statements) await trx.executeQuery(CompiledQuery.raw(statement));
    } finally {
      (conn as ScopedConnection & { done?: () => void }).done?.();
    }
  }

  /** Ends the scope: commits (or rolls back) its transaction, if a write began one. */
  async end(scope: Scope, commit: boolean): Promise<void> {
    const conn = scope.opening ? await scope.opening.catch(() => undefined) : undefined;
    scope.closed = true;
    if (!conn) return;
    try {
      if (commit) await this.inner.commitTransaction(conn);
      else await this.inner.rollbackTransaction(conn);
    } catch (error) {
      if (commit) await this.inner.rollbackTransaction(conn).catch(() => {});
      throw error;
    } finally {
      await this.inner.releaseConnection(conn);
    }
  }
}

/** The scopes of one database; `dialect` is the one its Kysely must be built with. */
export class WriteScopes {
  private driver: ScopedDriver | undefined;

  wrap(inner: Dialect): Dialect {
    return {
      createDriver: () => (this.driver = new ScopedDriver(inner.createDriver())),
      createQueryCompiler: () => inner.createQueryCompiler(),
      createAdapter: () => inner.createAdapter(),
      createIntrospector: (db) => inner.createIntrospector(db),
    };
  }

  /**
   * True inside a scope of this database whose transaction has begun (a write ran): its reads must go
   * through the transaction to see the write (the SQLite readers' own connections cannot).
   */
  writing(): boolean {
    const scope = openScope();
    return (
      scope !== undefined &&
      scope.owner === this.driver &&
      (scope.conn !== undefined || scope.opening !== undefined)
    );
  }

  /**
   * Runs `work` in a new write scope, then `finish` in its transaction, then commits; on any failure
   * rolls back and rethrows. Afterwards the scope's `afterWriteScope` work runs, in either case, and
   * once committed its `whenCommitted` work, one after the other.
   */
  async run<T>(work: () => Promise<T>, finish: (result: T) => Promise<void>): Promise<T> {
    const driver = this.driver;
    if (!driver) throw new Error('The database was built without write scopes');
    const scope: Scope = {
      owner: driver,
      closed: false,
      nested: Promise.resolve(),
      savepoints: 0,
      ended: [],
      committed: [],
    };
    let result: T;
    try {
      result = await storage.run(scope, async () => {
        const value = await work();
        await finish(value);
        return value;
      });
      await driver.end(scope, true);
    } catch (error) {
      if (!scope.closed) await driver.end(scope, false).catch(() => {});
      endScope(scope);
      throw error;
    }
    endScope(scope);
    // Committed: nothing from here on may fail the write (an upload's files are removed on a failure,
    // and its row is already in).
    for (const work of scope.committed) await work().catch(warnAfterCommit);
    return result;
  }
}

function endScope(scope: Scope): void {
  scope.closed = true;
  for (const fn of scope.ended) {
    try {
      fn();
    } catch (error) {
      warnAfterCommit(error);
    }
  }
}

function warnAfterCommit(error: unknown): void {
  process.emitWarning(`Work after a write scope ended failed: ${String(error)}`, 'WriteScopeWarning');
}
