import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlatforms } from '@streamdesk/contract/ad-units';
import { buildApp } from '../app.js';
import { ADMIN_WRITES, NOT_WALKED, type AdminWrite } from '../test/admin-writes.js';
import {
  appReadUrls,
  readInjected,
  readOverHttp,
  type AppAnswer,
  type AppReadValues,
} from '../test/app-reads.js';
import { send } from '../test/api-calls.js';
import { holdCommits } from '../test/held-commits.js';
import { routeMethods, uniqueRoutes } from '../test/routes.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { storeRecords, type Records } from '../test/walk-records.js';

/**
 * The app's reads are served from the AppCache until an admin write invalidates what they were built
 * from (0006-app-fast-reads.md). This walk checks every admin write against every app read with one
 * oracle and no per-route expectations: after the write, each read the running server answers (its cache
 * warmed just before the write) equals what a server that has cached nothing answers, a second server
 * built on the same database for each write. While the write runs, every invalidation it makes sets off a
 * read of every URL too, and transactions wait for those reads before they commit: a write that
 * invalidates before its data can be seen leaves the old data cached, as a busy server would.
 */
let t: TestApp;
let origin: string;
let records: Records;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  records = await storeRecords(t);
}, 120_000);
afterAll(() => t.close());

/** How to read the app routes that take path parameters or a required query. */
const values: AppReadValues = {
  '/api/App/ads/config': () => adPlatforms.map((p) => `/api/App/ads/config?platform=${p}`),
  '/api/App/video/app/category/:id': () =>
    records.all('category').map((id) => `/api/App/video/app/category/${id}`),
};
const appUrls = () => appReadUrls(t.app.streamdesk.routes, values);

/** `METHOD /path` of every admin route that writes. */
const adminWriteRoutes = () =>
  uniqueRoutes(t.app.streamdesk.routes)
    .filter((r) => r.config?.auth === 'admin')
    .flatMap((r) => routeMethods(r).map((m) => `${m} ${r.url}`))
    .filter((route) => !route.startsWith('GET '));

/** Whether a call's URL is one of its route's (`:id` matches one path segment). */
const hitsRoute = (write: AdminWrite, call: { method: string; url: string }) => {
  const [method, path] = write.route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  return method === call.method && pattern.test(call.url.split('?')[0]!);
};

describe('app reads after admin writes', () => {
  it('knows how to read every app route and walks or names every admin write route', () => {
    const { urls, unfilled } = appUrls();
    expect(unfilled, 'app GET routes with no URL to read them at (values)').toEqual([]);
    expect(urls.length).toBeGreaterThan(10);
    const walked = new Set(ADMIN_WRITES.map((w) => w.route));
    const routes = adminWriteRoutes();
    expect(
      routes.filter((r) => !walked.has(r) && !(r in NOT_WALKED)),
      'admin write routes neither in ADMIN_WRITES nor in NOT_WALKED',
    ).toEqual([]);
    // Nothing listed for a route that is gone or renamed.
    expect(
      [...walked, ...Object.keys(NOT_WALKED)].filter((r) => !routes.includes(r)),
      'listed routes that are not registered',
    ).toEqual([]);
  });

  it('answers every app read after each admin write as a server with nothing cached does', async () => {
    const races = raceEveryInvalidation();
    const failures: string[] = [];
    const answered = new Set<string>();
    try {
      for (const [n, write] of ADMIN_WRITES.entries()) {
        const call = write.call(records);
        const label = `#${n} ${call.method} ${call.url}`;
        if (!hitsRoute(write, call)) throw new Error(`${label} is not a call of ${write.route}`);
        const { urls } = appUrls();
        await readAll(urls);
        const res = await races.during(() => send(t, call));
        if (res.statusCode !== 200) {
          failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (write.keep) records.set(write.keep, await keptId(res));
        const stale = await staleReads(urls, answered);
        failures.push(...stale.map((s) => `${label}: ${s}`));
        // Blame each stale read on the write that left it, not on every write after it.
        if (stale.length) t.app.streamdesk.context.cache.clear();
      }
    } finally {
      races.stop();
    }
    expect(failures).toEqual([]);
    // The walk tested something: each URL answered 200 at some point (a refused api-key answers 403
    // alike on both servers), writes invalidated, and cache hits were served by the fast path.
    expect(appUrls().urls.filter((url) => !answered.has(url))).toEqual([]);
    expect(races.rounds).toBeGreaterThan(ADMIN_WRITES.length / 2);
    expect(t.app.fastReads.hits).toBeGreaterThan(ADMIN_WRITES.length);
  }, 600_000);
});

const readAll = (urls: readonly string[]) => Promise.all(urls.map((url) => readOverHttp(origin, url)));

/**
 * While `during` runs a write, each invalidation it makes sets off a read of every app URL, as app
 * requests arriving then would. On PostgreSQL each transaction waits for those reads before its COMMIT, so
 * a write that invalidates before it commits leaves its old data cached. On SQLite the reads would wait for
 * the transaction's one connection, as they do in production: nothing is held there.
 */
function raceEveryInvalidation() {
  const { cache, dialect } = t.app.streamdesk.context;
  let racing: Promise<unknown>[] | undefined;
  let rounds = 0;
  const invalidate = cache.invalidate.bind(cache);
  cache.invalidate = (tag) => {
    invalidate(tag);
    if (racing) racing.push(readAll(appUrls().urls));
  };
  const release = dialect === 'postgres' ? holdCommits(() => Promise.all(racing ?? []), 5000) : () => {};
  return {
    get rounds() {
      return rounds;
    },
    async during<T>(work: () => Promise<T>): Promise<T> {
      const reads: Promise<unknown>[] = (racing = []);
      try {
        return await work();
      } finally {
        racing = undefined;
        rounds += reads.length;
        await Promise.all(reads);
      }
    },
    stop() {
      release();
      cache.invalidate = invalidate;
    },
  };
}

async function keptId(res: Awaited<ReturnType<typeof send>>): Promise<string> {
  const { data } = await t.json<{ data: { _id: string } | { _id: string }[] }>(res);
  return (Array.isArray(data) ? data[0] : data)!._id;
}

/**
 * The reads the running server answers otherwise than a server built now on the same database answers each
 * of them with nothing cached; adds the URLs that answered 200 to `answered`.
 */
async function staleReads(urls: readonly string[], answered: Set<string>): Promise<string[]> {
  const warm = await readAll(urls);
  const cold = await coldServer();
  const out: string[] = [];
  for (const [i, url] of urls.entries()) {
    if (warm[i]!.status === 200) answered.add(url);
    const diff = difference(warm[i]!, await cold.read(url));
    if (diff) out.push(`GET ${url} ${diff}`);
  }
  return out;
}

/**
 * A second server on the same database, so nothing the running one keeps in memory is in it. Before each
 * read it drops every cache entry and, through every tag its reads were cached under, what its features
 * keep in memory beside them (controller settings, video counts): each read is built from the database
 * alone, so one URL's reply cannot answer another's (a cache key that leaves out a query value), and one
 * server serves the whole walk (building one per write cost more than the walk's reads).
 */
let cold: Promise<Awaited<ReturnType<typeof buildColdServer>>> | undefined;
const coldServer = () => (cold ??= buildColdServer());
afterAll(async () => {
  if (cold) await (await cold).close();
});

async function buildColdServer() {
  const app = await buildApp(t.config, { logger: false });
  const { cache } = app.streamdesk.context;
  const tags = new Set<string>();
  const get = cache.get.bind(cache);
  cache.get = (key, keyTags, load, options) => {
    for (const tag of keyTags) tags.add(tag);
    return get(key, keyTags, load, options);
  };
  return {
    read(url: string) {
      for (const tag of tags) cache.invalidateFromPeer(tag);
      cache.clear();
      return readInjected(app, url);
    },
    close: () => app.close(),
  };
}

/** Where two answers first differ, as `at <path>: <warm> (cold: <cold>)`; undefined when they are equal. */
function difference(warm: AppAnswer, cold: AppAnswer): string | undefined {
  const at = (a: unknown, b: unknown, path: string): string | undefined => {
    if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys) {
        const found = at(
          (a as Record<string, unknown>)[key],
          (b as Record<string, unknown>)[key],
          `${path}.${key}`,
        );
        if (found) return found;
      }
      return undefined;
    }
    return Object.is(a, b) ? undefined : `at ${path || '.'}: ${show(a)} (cold: ${show(b)})`;
  };
  return warm.status !== cold.status
    ? `status ${warm.status} (cold: ${cold.status})`
    : at(warm.body, cold.body, '');
}

const show = (v: unknown) => (JSON.stringify(v) ?? 'undefined').slice(0, 160);
