import { describe, expect, it } from 'vitest';
import { AppCache } from './app-cache.js';

const value = (n: number) => async () => ({ n });
const bodyOf = async (cache: AppCache, key: string, load: () => Promise<unknown>) =>
  JSON.parse((await cache.get(key, ['t'], load)).body.toString()) as unknown;

describe('AppCache', () => {
  it('loads once and serves the stored reply until its tag is invalidated', async () => {
    const cache = new AppCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const first = await cache.get('k', ['t', 'u'], load);
    expect(await cache.get('k', ['t', 'u'], load)).toBe(first);
    cache.invalidate('other');
    expect(cache.peek('k')).toBe(first);
    cache.invalidate('u');
    expect(cache.peek('k')).toBeUndefined();
    expect(await bodyOf(cache, 'k', load)).toEqual({ n: 2 });
  });

  it('adds the tags a value calls for (tagsOf): their invalidation drops only the entries that have them', async () => {
    const cache = new AppCache();
    const tagsOf = (v: { busy: boolean }) => (v.busy ? ['progress'] : []);
    const busy = await cache.get('busy', ['t'], async () => ({ busy: true }), { tagsOf });
    const idle = await cache.get('idle', ['t'], async () => ({ busy: false }), { tagsOf });
    cache.invalidate('progress');
    expect(cache.peek('busy')).toBeUndefined();
    expect(cache.peek('idle')).toBe(idle);
    expect(busy.body.toString()).toBe('{"busy":true}');
    cache.invalidate('t');
    expect(cache.peek('idle')).toBeUndefined();
  });

  it('tells its listeners the fields a write changed; the other processes hear the tag alone', () => {
    const cache = new AppCache();
    const heard: unknown[] = [];
    const shared: unknown[] = [];
    cache.onInvalidate((...args) => heard.push(args));
    cache.shareWith((...args) => shared.push(args));
    cache.invalidate('t', ['web']);
    cache.invalidate('t');
    cache.invalidateFromPeer('t');
    expect(heard).toEqual([
      ['t', ['web']],
      ['t', undefined],
      ['t', undefined],
    ]);
    expect(shared).toEqual([['t'], ['t']]);
  });

  it('does not keep a value loaded while a write invalidated', async () => {
    const cache = new AppCache();
    let release: (value: unknown) => void = () => undefined;
    const loading = cache.get('k', ['t'], () => new Promise((resolve) => (release = resolve)));
    cache.invalidate('t');
    release({ n: 1 });
    expect(JSON.parse((await loading).body.toString())).toEqual({ n: 1 });
    expect(cache.peek('k')).toBeUndefined();
  });

  it('a read after a write does not join a load that began before it', async () => {
    const cache = new AppCache();
    let release: (value: unknown) => void = () => undefined;
    const before = cache.get('k', ['t'], () => new Promise((resolve) => (release = resolve)));
    // Reads while nothing changed share the one load.
    const joined = cache.get('k', ['t'], value(99));
    cache.invalidate('t');
    const after = bodyOf(cache, 'k', value(2));
    release({ n: 1 });
    expect(JSON.parse((await before).body.toString())).toEqual({ n: 1 });
    expect(await joined).toBe(await before);
    expect(await after).toEqual({ n: 2 });
    // The newer load is the one kept, and the older one's end did not drop it from the loads in flight.
    expect(JSON.parse(cache.peek('k')!.body.toString())).toEqual({ n: 2 });
  });

  it('keeps at most maxEntries entries, the oldest going first', async () => {
    const cache = new AppCache(3);
    for (const key of ['a', 'b', 'c']) await cache.get(key, ['t'], value(0));
    // Random page numbers, as a client could send them.
    for (let page = 1; page <= 1000; page++) await cache.get(`reels:${page}:20`, ['t'], value(page));
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'reels:997:20'].map((k) => cache.peek(k))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(await bodyOf(cache, 'reels:1000:20', value(-1))).toEqual({ n: 1000 });
    // An evicted key loads again, evicting the then oldest.
    expect(await bodyOf(cache, 'a', value(7))).toEqual({ n: 7 });
    expect(cache.size).toBe(3);
    expect(cache.peek('reels:998:20')).toBeUndefined();
    expect(cache.peek('reels:999:20')).toBeDefined();
  });

  it('keeps an entry read all along through a flood of new keys (second chance)', async () => {
    const cache = new AppCache(3);
    await cache.get('loadCheck', ['t'], value(1));
    for (let page = 1; page <= 1000; page++) {
      // The apps keep launching (the fast path peeks) while random pages come in.
      expect(cache.peek('loadCheck')).toBeDefined();
      await cache.get(`reels:${page}:20`, ['t'], value(page));
    }
    expect(cache.size).toBe(3);
    expect(await bodyOf(cache, 'loadCheck', value(-1))).toEqual({ n: 1 });
    expect(cache.peek('reels:1000:20')).toBeDefined();
    // Once nobody reads it, it goes like any other entry.
    for (let page = 1001; page <= 1003; page++) await cache.get(`reels:${page}:20`, ['t'], value(page));
    expect(cache.peek('loadCheck')).toBeUndefined();
  });

  it('holds 2,000 entries by default', async () => {
    const cache = new AppCache();
    for (let i = 0; i < 2500; i++) await cache.get(`feed:${i}:10`, ['t'], value(i));
    expect(cache.size).toBe(2000);
    expect(cache.peek('feed:499:10')).toBeUndefined();
    expect(cache.peek('feed:500:10')).toBeDefined();
  });

  it('makes the ETag of a hash of the value, the same in every process, and puts it in a versioned body', async () => {
    const [one, other] = [new AppCache(), new AppCache()];
    const list = { status: true, data: [1, 2] };
    const plain = await one.get('plain', ['t'], async () => list);
    const versioned = await one.get('list', ['t'], async () => list, { versioned: true });
    expect(plain.version).toMatch(/^[0-9a-f]{16}$/);
    expect(plain.etag).toBe(`"${plain.version}"`);
    expect(JSON.parse(plain.body.toString())).toEqual(list);
    // A versioned body is the value with its version added; the version and ETag are the value's.
    expect(JSON.parse(versioned.body.toString())).toEqual({ ...list, version: plain.version });
    expect([versioned.version, versioned.etag]).toEqual([plain.version, plain.etag]);
    expect((await other.get('list', ['t'], async () => ({ ...list }), { versioned: true })).etag).toBe(
      versioned.etag,
    );
    // Any change to the value is a new version.
    one.invalidate('t');
    const changed = await one.get('list', ['t'], async () => ({ ...list, data: [1, 3] }), {
      versioned: true,
    });
    expect(changed.version).not.toBe(versioned.version);
  });
});
