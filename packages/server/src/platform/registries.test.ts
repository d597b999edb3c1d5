import { describe, expect, it } from 'vitest';
import { launchLists, type LaunchListName } from '@streamdesk/contract/launch-lists';
import { AppCache } from './app-cache.js';
import { LaunchRegistry } from './registries.js';

describe('LaunchRegistry', () => {
  const cache = new AppCache();
  const list = (n: number) => () => cache.get(`list-${n}`, ['t'], async () => ({ n }), { versioned: true });
  const names = Object.keys(launchLists.shape) as LaunchListName[];

  it("names every list in the contract's order, whatever order they were added in", async () => {
    const launch = new LaunchRegistry();
    for (const [n, name] of [...names.entries()].reverse())
      launch.addList(name, { path: `/${name}`, tags: ['t'], read: list(n) });
    const { lists } = await launch.loadAll();
    expect(Object.keys(lists)).toEqual(names);
    expect(lists.stories).toEqual({ path: '/stories', version: (await list(0)()).version });
  });

  it('refuses to make a launch reply without a list the contract names', async () => {
    const launch = new LaunchRegistry();
    for (const [n, name] of names.entries())
      if (name !== 'liveMatches') launch.addList(name, { path: `/${name}`, tags: ['t'], read: list(n) });
    await expect(launch.loadAll()).rejects.toThrow('no feature registered the launch list liveMatches');
  });
});
