import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { SQLITE_DRIVER } from './sqlite-driver.js';

/**
 * SQLite reads off the event loop (issue 39, docs/decisions/0047-flat-at-any-size.md): a few worker
 * threads, each with its own read-only connection on the server's database file, and a Kysely dialect
 * whose queries go to the first free one. better-sqlite3 runs a query to its end on the thread that
 * called it, so a deep page read on the main thread held every other request for its whole time. In WAL
 * mode (database.ts) a reader sees every transaction committed before its query began, and neither
 * waits for the writer nor holds it.
 *
 * Reads only: the connections are opened read-only, and the driver refuses transactions. Used by the
 * reads that can take more than a millisecond at scale (`readDb` in the feature context).
 */

/** The readers a server starts by default: one on two cores (the main thread keeps one), two above. */
export const defaultSqliteReaders = () => Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * The readers' default priority, the lowest (nice 19): on 2 cores two deep-page readers otherwise took the
 * CPU the quick app reads need. bench:scale, 100,000 videos, quiet, loadCheck beside two deep-page readers,
 * median of the rounds' ratio to alone: nice 0 0.29, nice 10 0.43, nice 19 0.54 and 0.74
 * (docs/decisions/0047-flat-at-any-size.md).
 */
export const READERS_NICE = 19;

/** The error of a query sent after the readers closed. */
export const READERS_CLOSED = 'The SQLite readers are closed';
/** The error of a transaction asked of the readers. */
export const READS_ONLY = 'The SQLite readers run reads only, outside a transaction';

/** What each connection of the server registers (database.ts), registered by the readers too. */
export interface ReaderFunctions {
  /** Name -> a deterministic one-argument function, as source text (it runs in the worker). */
  [name: string]: string;
}

// The worker's code, as a CommonJS script run with `eval`: it needs no build step and no loader under the
// tests. Each worker keeps its prepared statements (a few hundred SQL texts at most; cleared beyond).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
// Readers run at workerData.nice (READERS_NICE unless set; Linux gives each thread its own priority,
// named by its id in /proc/thread-self).
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
let db;
try {
  db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  for (const [name, source] of Object.entries(workerData.functions))
    db.function(name, { deterministic: true }, (0, eval)(source));
} catch (error) {
  // Thrown again as a plain Error: Node 20 hands the driver's own SqliteError to the 'error' event as an
  // object without its message.
  throw new Error(String(error && error.message));
}
const kept = new Map();
parentPort.on('message', ({ sql, parameters }) => {
  try {
    let statement = kept.get(sql);
    if (!statement) {
      if (kept.size >= 500) kept.clear();
      statement = db.prepare(sql);
      kept.set(sql, statement);
    }
    // A write runs, so that the read-only connection refuses it with SQLite's own message.
    parentPort.postMessage({ rows: statement.reader ? statement.all(...parameters) : (statement.run(...parameters), []) });
  } catch (error) {
    parentPort.postMessage({ error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Job {
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  job?: Job;
}

type Reply = { rows: unknown[] } | { error: { message: string; code?: string } };

/** The error of a failed query, with SQLite's message and code (`SQLITE_ERROR`...). */
function sqliteError({ message, code }: { message: string; code?: string }): Error {
  const error = new Error(message) as Error & { code?: string };
  error.name = 'SqliteError';
  if (code) error.code = code;
  return error;
}

/** A pool of `size` reader threads on `file`, started as queries come (none until the first). */
export class SqliteReaders {
  private readonly readers = new Set<Reader>();
  private readonly idle: Reader[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly driverPath = createRequire(import.meta.url).resolve(SQLITE_DRIVER);

  constructor(
    private readonly file: string,
    readonly size: number,
    private readonly functions: ReaderFunctions = {},
    private readonly nice = READERS_NICE,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`SQLite readers: ${size} is not a count`);
  }

  /** The rows of one read. */
  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new Error(READERS_CLOSED));
    return new Promise((resolve, reject) => {
      this.queue.push({ sql, parameters, resolve, reject });
      this.next();
    });
  }

  /**
   * Starts every reader and resolves once each has its connection open and has answered: a server calls
   * it before it takes requests, as a reader's start (a thread, the driver, the connection) took the
   * first read after a start 150-270 ms on the shared 2-core machine (bench:scale, 0047).
   */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, () => this.all('SELECT 1', [])));
  }

  /** Ends every reader; a read under way fails with READERS_CLOSED. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error(READERS_CLOSED));
    await Promise.all([...this.readers].map((reader) => reader.worker.terminate()));
  }

  /** Threads running now (tests). */
  get running(): number {
    return this.readers.size;
  }

  private next() {
    while (this.queue.length && !this.closed) {
      const reader = this.idle.pop() ?? (this.readers.size < this.size ? this.start() : undefined);
      if (!reader) return;
      this.give(reader, this.queue.shift()!);
    }
  }

  private start(): Reader {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver: this.driverPath, file: this.file, functions: this.functions, nice: this.nice },
    });
    const reader: Reader = { worker };
    // An idle reader keeps no process alive; one with a query does, until its reply (give, done).
    worker.unref();
    worker.on('message', (reply: Reply) => this.done(reader, reply));
    worker.on('error', (error) => this.drop(reader, sqliteError(error)));
    worker.on('exit', (code) =>
      this.drop(
        reader,
        new Error(this.closed ? READERS_CLOSED : `A SQLite reader stopped (exit code ${code})`),
      ),
    );
    this.readers.add(reader);
    return reader;
  }

  private give(reader: Reader, job: Job) {
    reader.job = job;
    reader.worker.ref();
    try {
      reader.worker.postMessage({ sql: job.sql, parameters: job.parameters });
    } catch (error) {
      // A parameter that cannot be copied to the thread (a function, a symbol).
      this.done(reader, { error: { message: (error as Error).message } });
    }
  }

  private done(reader: Reader, reply: Reply) {
    const job = reader.job;
    reader.job = undefined;
    reader.worker.unref();
    if (this.readers.has(reader)) this.idle.push(reader);
    if ('error' in reply) job?.reject(sqliteError(reply.error));
    else job?.resolve(reply.rows);
    this.next();
  }

  /** A reader that failed to start or stopped: its query fails, and the next query starts another. */
  private drop(reader: Reader, error: Error) {
    if (!this.readers.delete(reader)) return;
    const at = this.idle.indexOf(reader);
    if (at >= 0) this.idle.splice(at, 1);
    reader.job?.reject(error);
    reader.job = undefined;
    this.next();
  }
}

/**
 * Where a read goes instead of the readers while a write is under way in the same request: the readers'
 * connections see only committed rows, so a service that reads after its own write would not see it.
 */
export interface WhileWriting {
  writing(): boolean;
  executeQuery(query: CompiledQuery): Promise<QueryResult<unknown>>;
}

class ReaderConnection implements DatabaseConnection {
  constructor(
    private readonly readers: SqliteReaders,
    private readonly whileWriting?: WhileWriting,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.whileWriting?.writing()) return (await this.whileWriting.executeQuery(query)) as QueryResult<R>;
    return { rows: (await this.readers.all(query.sql, query.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite readers do not stream: read a page at a time');
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;
  constructor(
    private readonly readers: SqliteReaders,
    whileWriting?: WhileWriting,
  ) {
    this.connection = new ReaderConnection(readers, whileWriting);
  }
  async init() {}
  // No connection is held: each query goes to the first free reader.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection() {}
  beginTransaction(): Promise<void> {
    return Promise.reject(new Error(READS_ONLY));
  }
  commitTransaction(): Promise<void> {
    return Promise.reject(new Error(READS_ONLY));
  }
  rollbackTransaction(): Promise<void> {
    return Promise.reject(new Error(READS_ONLY));
  }
  destroy(): Promise<void> {
    return this.readers.close();
  }
}

/** SQLite for Kysely through the reader threads: `new Kysely({ dialect: new SqliteReadersDialect(readers) })`. */
export class SqliteReadersDialect implements Dialect {
  constructor(
    private readonly readers: SqliteReaders,
    private readonly whileWriting?: WhileWriting,
  ) {}
  createAdapter = () => new SqliteAdapter();
  createDriver = (): Driver => new ReaderDriver(this.readers, this.whileWriting);
  createQueryCompiler = () => new SqliteQueryCompiler();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector = (db: Kysely<any>) => new SqliteIntrospector(db);
}
