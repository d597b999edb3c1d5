import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { buildApp } from '../../app.js';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { addCall, HTTPS_URL, image, storedId } from '../../test/api-calls.js';
import { form } from '../../test/media-fixtures.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { AppCache } from '../app-cache.js';
import { CacheSync, cacheVersionsIn, type CacheVersions } from './cache-sync.js';

const quiet = { warn: vi.fn(), info: vi.fn() };
const LAUNCH = controllerRoutes.loadCheck.path;

/** A cache entry under `key`, tagged `tag`, built from `value`. */
const fill = (cache: AppCache, key: string, tag: string, value: unknown) =>
  cache.get(key, [tag], async () => value);

describe('two server processes on one database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp();
    // A second process: its own server, cache and connections, on the same database and media folder.
    b = await buildApp(a.config, { logger: false });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The matches an app launching on `app` shows: the list the launch reply names, read where it says. */
  const launchMatchesOn = async (app: FastifyInstance) => {
    const headers = { 'api-key': TEST_API_KEY };
    const launch = await app.inject({ url: LAUNCH, headers });
    expect(launch.statusCode).toBe(200);
    const named = (launch.json() as { data: { lists: { liveMatches: { path: string; version: string } } } })
      .data.lists.liveMatches;
    const list = (await app.inject({ url: named.path, headers })).json<{
      data: { _id: string }[];
      version: string;
    }>();
    // The launch reply and the list it names were made from the same data.
    expect(list.version).toBe(named.version);
    return list.data.map((m) => m._id);
  };

  it("serves one process's write from the other's cache within the sync interval", async () => {
    expect(await launchMatchesOn(b)).toEqual([]);
    // b's launch reply is cached now; a takes the write.
    const id = await storedId(a, addCall.liveMatch());
    await expect.poll(() => launchMatchesOn(b), { timeout: 3000, interval: 100 }).toEqual([id]);
    expect(await launchMatchesOn(a.app)).toEqual([id]);
  });

  it('a process closing right after a write still passes it on', async () => {
    const c = await buildApp(a.config, { logger: false });
    const added = await c.inject({
      method: 'POST',
      url: liveMatchRoutes.add.path,
      headers: { 'api-key': TEST_API_KEY, authorization: `Bearer ${a.token}` },
      payload: form({ title: 'Semi', url: HTTPS_URL }, [image()]),
    });
    expect(added.statusCode).toBe(200);
    await c.close();
    await expect
      .poll(async () => (await launchMatchesOn(b)).length, { timeout: 3000, interval: 100 })
      .toBe(2);
  });
});

describe('CacheSync', () => {
  let t: TestApp;
  let versions: CacheVersions;
  beforeAll(async () => {
    t = await createTestApp();
    versions = cacheVersionsIn(t.app.streamdesk.context.db);
  });
  afterAll(() => t.close());

  /** A process's cache and its sync, which looks for changes only when the test calls sync(). */
  const serverProcess = async () => {
    const cache = new AppCache();
    const sync = new CacheSync(versions, cache, quiet);
    await sync.start(60_000);
    return { cache, sync };
  };

  it("drops a tag another process invalidated, and not the ones it did not; its own don't drop its own cache", async () => {
    const one = await serverProcess();
    const two = await serverProcess();
    await fill(two.cache, 'matches', 'x-matches', 1);
    await fill(two.cache, 'reels', 'x-reels', 1);
    one.cache.invalidate('x-matches');
    await one.sync.sync();
    await two.sync.sync();
    expect(two.cache.peek('matches')).toBeUndefined();
    expect(two.cache.peek('reels')).toBeDefined();
    // one's own invalidation came back from the database without dropping what one cached since.
    await fill(one.cache, 'matches', 'x-matches', 2);
    await one.sync.sync();
    expect(one.cache.peek('matches')).toBeDefined();
  });

  it('drops again when another process invalidated the same tag between its own drop and its send', async () => {
    const one = await serverProcess();
    const two = await serverProcess();
    one.cache.invalidate('y');
    // Reloaded before the other process's write committed: stale once it has.
    await fill(one.cache, 'k', 'y', 'old');
    two.cache.invalidate('y');
    await two.sync.sync();
    await one.sync.sync();
    expect(one.cache.peek('k')).toBeUndefined();
  });

  it('keeps what it could not send and sends it once the database answers; warns once', async () => {
    const warn = vi.fn();
    const info = vi.fn();
    let down = true;
    const flaky: CacheVersions = {
      all: () => (down ? Promise.reject(new Error('connection refused')) : versions.all()),
      bump: (tags) => (down ? Promise.reject(new Error('connection refused')) : versions.bump(tags)),
    };
    const cache = new AppCache();
    const one = new CacheSync(flaky, cache, { warn, info });
    down = false;
    await one.start(60_000);
    down = true;
    const two = await serverProcess();
    await fill(two.cache, 'k', 'z', 1);
    cache.invalidate('z');
    await one.sync();
    await one.sync();
    expect(warn).toHaveBeenCalledTimes(1);
    await two.sync.sync();
    expect(two.cache.peek('k')).toBeDefined();
    down = false;
    await one.sync();
    expect(info).toHaveBeenCalledTimes(1);
    await two.sync.sync();
    expect(two.cache.peek('k')).toBeUndefined();
  });

  it('sends what is left when it stops', async () => {
    const bump = vi.fn((tags: readonly string[]) => versions.bump(tags));
    const cache = new AppCache();
    const one = new CacheSync({ all: () => versions.all(), bump }, cache, quiet);
    await one.start(60_000);
    cache.invalidate('s');
    await one.stop();
    expect(bump).toHaveBeenCalledWith(['s']);
  });

  it('sends a burst of invalidations in one statement', async () => {
    const counted: CacheVersions = { all: () => versions.all(), bump: vi.fn((tags) => versions.bump(tags)) };
    const cache = new AppCache();
    const one = new CacheSync(counted, cache, quiet);
    await one.start(60_000);
    cache.invalidate('b1');
    cache.invalidate('b2');
    cache.invalidate('b1');
    await new Promise((r) => setImmediate(r));
    await one.sync();
    expect(counted.bump).toHaveBeenCalledTimes(1);
    expect(counted.bump).toHaveBeenCalledWith(['b1', 'b2']);
  });
});
