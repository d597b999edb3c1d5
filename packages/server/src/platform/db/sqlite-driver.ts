import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the running Node: better-sqlite3 13 on Node 22 and later, 12 on Node 20.
 * - 13 is a Node-API addon with its binaries in the package: nothing to compile, one build for every Node
 *   from 22. It needs Node 22 and crashes on Node 20 (segmentation fault on the first query).
 * - 12 is compiled at install for the Node that ran `npm ci`. Compiled against Node 24's headers it aborts
 *   the process when a statement is garbage-collected ("RemoveEnvironmentCleanupHook: (env) != nullptr":
 *   Node 24's node::ObjectWrap registers a cleanup hook that 12's destructor cannot remove; upstream
 *   WiseLibs/better-sqlite3#1515, not fixed in 12). Seen here: vitest workers aborted at exit.
 * The API the server uses is the same in both. The Node 20 branch goes when Node 20 does
 * (docs/decisions/0021-runtime-node-24.md).
 */
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The package's name (the SQLite readers' threads load it too: sqlite-readers.ts). */
export const SQLITE_DRIVER = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SQLite: typeof BetterSqlite3 = createRequire(import.meta.url)(
  SQLITE_DRIVER,
) as typeof BetterSqlite3;
