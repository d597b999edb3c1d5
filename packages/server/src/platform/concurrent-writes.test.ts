import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCall,
  HTTPS_URL,
  image,
  INHOUSE_AD_FIELDS,
  send,
  storedId,
  video,
  type ApiCall,
} from '../test/api-calls.js';
import { mediaMismatches } from '../test/bad-input.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { buildApp } from '../app.js';
import type { RecordLocks } from './record-locks.js';

/**
 * A handful of admins work on the same things at once: two delete the same row, one edits what another
 * deletes, one uploads videos into a category another deletes. Each scenario fires its requests
 * together (several rounds, so they interleave differently): every answer is a success or a client
 * error (404 for what another admin just deleted, 409 for a name just taken), never a 5xx, and no file
 * is left without its row nor a row without its file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 4;
const STORY_DATA = JSON.stringify({ btnName: 'Watch', btnUrl: HTTPS_URL, storyTime: 5 });

/**
 * The records whose edits swap files: how to store one, edit it (with a new image) and delete it, and
 * the table its record lock is named by.
 */
interface Kind {
  store(): Promise<string>;
  edit(id: string): ApiCall;
  remove(id: string): ApiCall;
  /** Switching it on or off, where it can be. */
  status?(id: string): ApiCall;
  /** The table its record lock is named by. */
  table: string;
}
const kinds: Record<string, Kind> = {
  shortcut: {
    store: () => storedId(t, addCall.shortcut()),
    edit: (id) => ({
      method: 'PUT',
      url: '/api/sortcut',
      fields: { _id: id, name: 'Cricket 2', url: HTTPS_URL, s_no: '2', label: 'AD' },
      files: [image()],
    }),
    remove: (id) => ({ method: 'DELETE', url: '/api/sortcut', json: { id: [id] } }),
    table: 'shortcut_stories',
  },
  story: {
    store: () => storedId(t, addCall.story(STORY_DATA)),
    edit: (id) => ({
      method: 'PUT',
      url: '/api/App/Edit/story/video',
      fields: { _id: JSON.stringify(id), insertData: STORY_DATA },
      files: [image()],
    }),
    remove: (id) => ({ method: 'DELETE', url: '/api/App/delete/story/video', json: { id: [id] } }),
    status: (id) => ({ method: 'PUT', url: '/api/App/story/video/status', json: { _id: id, status: false } }),
    table: 'stories',
  },
  'live match': {
    store: () => storedId(t, addCall.liveMatch()),
    edit: (id) => ({
      method: 'PUT',
      url: '/api/App/liveMatch/admin',
      fields: { _id: id, title: 'Final 2', url: HTTPS_URL },
      files: [image()],
    }),
    remove: (id) => ({ method: 'DELETE', url: '/api/App/liveMatch/admin', json: { id: [id] } }),
    status: (id) => ({
      method: 'PUT',
      url: `/api/App/liveMatch/admin/status/${id}`,
      json: { status: false },
    }),
    table: 'live_matches',
  },
  'in-house ad': {
    store: () => storedId(t, addCall.inhouseAd()),
    edit: (id) => ({
      method: 'PUT',
      url: '/api/App/inhouse/ads',
      fields: { id, ...INHOUSE_AD_FIELDS },
      files: [image('icon'), image()],
    }),
    remove: (id) => ({ method: 'DELETE', url: '/api/App/inhouse/ads', json: { id: [id] } }),
    status: (id) => ({
      method: 'POST',
      url: '/api/App/inhouse/ads/update/status',
      json: { id, status: false },
    }),
    table: 'inhouse_ads',
  },
  'video category': {
    store: () => storedId(t, addCall.category(`Sports ${Math.random()}`)),
    edit: (id) => ({
      method: 'PUT',
      url: '/api/App/video/category',
      fields: { id, name: `Renamed ${Math.random()}` },
      files: [image()],
    }),
    remove: (id) => ({ method: 'DELETE', url: `/api/App/video/category/${id}` }),
    status: (id) => ({ method: 'PUT', url: `/api/App/video/category/status/${id}` }),
    table: 'video_categories',
  },
};
const uploadInto = (category: string): ApiCall => ({
  method: 'POST',
  url: '/api/App/video',
  fields: { category },
  files: [video(), video()],
});

/** Each scenario stores what it needs, then returns the requests to fire together. */
const scenarios: Record<string, () => Promise<ApiCall[]>> = {
  ...Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [
      `a ${name} edited twice with a new image, switched and deleted twice`,
      async () => {
        const id = await kind.store();
        const status = kind.status ? [kind.status(id)] : [];
        return [kind.edit(id), ...status, kind.remove(id), kind.edit(id), kind.remove(id)];
      },
    ]),
  ),
  'videos uploaded into a category while it is deleted and renamed': async () => {
    const category = kinds['video category']!;
    const id = await category.store();
    return [uploadInto(id), category.remove(id), uploadInto(id), category.edit(id)];
  },
  // The shared delete (db/delete-all-or-none.ts) trashes only the rows it removed itself.
  'a shortcut story, a story and an in-house ad each deleted twice': async () => {
    const named = ['shortcut', 'story', 'in-house ad'].map((name) => kinds[name]!);
    const ids = await Promise.all(named.map((kind) => kind.store()));
    return named.flatMap((kind, i) => [kind.remove(ids[i]!), kind.remove(ids[i]!)]);
  },
  'a reel deleted twice': async () => {
    const id = await storedId(t, addCall.reel());
    const remove: ApiCall = { method: 'DELETE', url: '/api/App/reels', json: { id: [id] } };
    return [remove, remove];
  },
  'the same ad unit name added twice, and a web ad cleared while deleted': async () => {
    const name = `Home${Math.floor(Math.random() * 1e6)}`;
    const unit = { a_name: name, a_id: 'ca-app-pub-3940256099942544/6300978111', a_description: 'Home' };
    const webId = await storedId(t, {
      method: 'POST',
      url: '/api/App/ads/webads/add',
      json: { a_name: `Web${name}`, a_id: HTTPS_URL, a_description: 'Web' },
    });
    return [
      { method: 'POST', url: '/api/App/ads/native/add', json: unit },
      { method: 'POST', url: '/api/App/ads/native/add', json: unit },
      { method: 'DELETE', url: `/api/App/ads/webads/delete/${webId}` },
      { method: 'DELETE', url: `/api/App/ads/webads/count/remove/${webId}` },
      {
        method: 'PUT',
        url: `/api/App/ads/webads/update/${webId}`,
        json: { a_name: `Web${name}`, a_id: HTTPS_URL, a_description: 'x' },
      },
    ];
  },
  'a notification resent while it is deleted': async () => {
    const res = await send(t, {
      method: 'POST',
      url: '/api/App/notification/send',
      fields: { title: 'Tonight', message: 'At 8', url: HTTPS_URL },
      files: [image()],
    });
    const sent = (await t.json<{ data: { _id: string; n_icon: string } }>(res)).data;
    return [
      { method: 'DELETE', url: '/api/App/notification/delete', json: { id: [sent._id] } },
      {
        method: 'POST',
        url: '/api/App/notification/resend',
        json: { title: 'Again', message: 'At 8', url: HTTPS_URL, fileName: sent.n_icon.split('/').pop() },
      },
    ];
  },
};

describe('admins writing the same things at once', () => {
  it.each(Object.keys(scenarios))(
    '%s: no 5xx, no file without its row',
    async (name) => {
      const faults: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const calls = await scenarios[name]!();
        const answers = await Promise.all(calls.map((call) => send(t, call)));
        answers.forEach((res, i) => {
          if (res.statusCode >= 500 || (res.statusCode >= 300 && res.statusCode < 400))
            faults.push(`${calls[i]!.method} ${calls[i]!.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        });
      }
      expect(faults).toEqual([]);
      expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
    },
    60_000,
  );

  it('counts both of two switches of a category made at once (the status is a toggle)', async () => {
    const category = kinds['video category']!;
    const id = await category.store();
    const answers = await Promise.all([send(t, category.status!(id)), send(t, category.status!(id))]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const list = (await send(t, { method: 'GET', url: '/api/App/video/category' })).json() as {
      data: { _id: string; status: boolean }[];
    };
    expect(list.data.find((c) => c._id === id)?.status).toBe(true);
  });

  it('would see a stray file (the check itself)', async () => {
    const dir = path.join(t.config.dataDir, 'media', 'stray');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'left.png'), 'x');
    expect((await mediaMismatches(t)).filesWithoutRow).toEqual(['/media/stray/left.png']);
    rmSync(dir, { recursive: true });
  });
});

/**
 * The scenarios above pass without the locks more often than not: the windows between a write's read and
 * its update are short. So each write that swaps or removes a record's files is also checked to wait for
 * that record's lock (platform/record-locks.ts), which RecordLocks' own tests show runs writes one by one.
 */
describe('edits and deletes take their record lock', () => {
  it.each(Object.keys(kinds))('%s', (name) => expectToWaitForLock(t.app.streamdesk.context.locks, name));
});

/**
 * Several server processes on one PostgreSQL database (ARCHITECTURE.md's scale-out path): a record locked
 * in one process holds the writes of that record sent to another (db/advisory-locks.ts).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a record locked by another server process', () => {
  let peer: FastifyInstance;
  beforeAll(async () => {
    peer = await buildApp(t.config, { logger: false });
  });
  afterAll(() => peer.close());

  it.each(Object.keys(kinds))('%s', (name) => expectToWaitForLock(peer.streamdesk.context.locks, name));
});

/** The edit, status change, delete (and upload into a category) of a record wait while `locks` holds it. */
async function expectToWaitForLock(locks: RecordLocks, name: string) {
  const kind = kinds[name]!;
  const id = await kind.store();
  const calls = [
    kind.edit(id),
    ...(kind.status ? [kind.status(id)] : []),
    kind.remove(id),
    ...(name === 'video category' ? [uploadInto(id)] : []),
  ];
  let release!: () => void;
  let holding!: () => void;
  const taken = new Promise<void>((r) => (holding = r));
  const held = locks.run(kind.table, [id], () => {
    holding();
    return new Promise<void>((r) => (release = r));
  });
  // Sent once the lock is held (in another process, taking it is a round trip to the database).
  await taken;
  const settled: boolean[] = calls.map(() => false);
  const answers = calls.map((call, i) => send(t, call).finally(() => (settled[i] = true)));
  try {
    await new Promise((r) => setTimeout(r, 500));
    expect(settled).toEqual(calls.map(() => false));
  } finally {
    release();
    await held;
  }
  // One after another: a write that comes after the delete finds nothing (404).
  const statuses = (await Promise.all(answers)).map((res) => res.statusCode);
  expect(statuses.every((code) => code === 200 || code === 404)).toBe(true);
  expect(statuses).toContain(200);
  expect(await mediaMismatches(t)).toEqual({ filesWithoutRow: [], rowsWithoutFile: [] });
}
