// The data set the benchmarks that need a realistic library share (bench:app, bench:web): hundreds of
// stories, shortcuts, matches, ad units, reels and feed videos through the API, and a year of per-day
// rollups for every seeded item straight into the database.
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { API_KEY, openDatabase, readJson, storyInsertData } from './lib.mjs';

export async function seed(baseURL, token, files, scale = 1) {
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const post = async (url, fields, uploads = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [field, list] of Object.entries(uploads)) {
      for (const file of [list].flat()) form.append(field, await openAsBlob(file), path.basename(file));
    }
    return readJson(await fetch(baseURL + url, { method: 'POST', headers, body: form }));
  };
  const json = async (method, url, body) =>
    readJson(
      await fetch(baseURL + url, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const counts = { stories: 0, shortcuts: 0, matches: 0, ads: 0, reels: 0, videos: 0 };
  for (let i = 0; i < 200 * scale; i++) {
    if (
      (
        await post(
          '/api/App/Add/Story/Video',
          { insertData: storyInsertData({ btnName: 'Open' }) },
          { image: files.png },
        )
      ).status
    )
      counts.stories++;
  }
  for (let i = 0; i < 100 * scale; i++) {
    if (
      (
        await post(
          '/api/sortcut',
          { s_no: String(i + 1), name: `Brand ${i}`, url: 'https://example.com', label: 'AD' },
          { image: files.png },
        )
      ).status
    )
      counts.shortcuts++;
  }
  for (let i = 0; i < 200 * scale; i++) {
    if (
      (
        await post(
          '/api/App/liveMatch/admin',
          { title: `Match ${i}`, url: `https://example.com/m/${i}` },
          { image: files.png },
        )
      ).status
    )
      counts.matches++;
  }
  for (const kind of ['native', 'fullScreen', 'banner', 'open', 'reward']) {
    for (let i = 0; i < 40 * scale; i++) {
      const body = {
        a_name: `${kind}_${i}`,
        a_id: `ca-app-pub-1234567890123456/${1000000000 + i}`,
        a_description: `Unit ${i}`,
      };
      if ((await json('POST', `/api/App/ads/${kind}/add`, body)).status) counts.ads++;
    }
  }
  for (let i = 0; i < 60 * scale; i++)
    if ((await post('/api/App/reels', {}, { video: files.mp4 })).status) counts.reels++;
  await post('/api/App/video/category', { name: 'Bench' }, { image: files.png });
  const categories = await readJson(await fetch(baseURL + '/api/App/video/category', { headers }));
  const category = categories.data?.[0]?._id;
  for (let i = 0; i < 4 && category; i++) {
    const reply = await post('/api/App/video', { category }, { video: Array(25).fill(files.mp4) });
    if (reply.status) counts.videos += 25;
  }
  const library = category
    ? await readJson(
        await fetch(`${baseURL}/api/App/video/category/admin/all?page=1&limit=100&web=all`, { headers }),
      )
    : { data: [] };
  const videoIds = (library.data ?? []).map((v) => v._id);
  if (videoIds.length) await json('PUT', '/api/App/video/web/status', { id: videoIds, status: true });
  return counts;
}

/** 10 million events as per-day rollups: every seeded item, every day of the last year. */
export function seedRollups(dataDir) {
  const db = openDatabase(path.join(dataDir, 'streamdesk.db'));
  db.pragma('busy_timeout = 10000');
  const tables = [
    ['story', 'stories'],
    ['liveMatch', 'live_matches'],
    ['reel', 'reels'],
  ];
  const ids = [];
  for (const [entity, table] of tables) {
    try {
      for (const row of db.prepare(`SELECT id FROM ${table}`).all()) ids.push([entity, row.id]);
    } catch {
      // A table named differently: its items simply get no rollups.
    }
  }
  // A year up to tomorrow's UTC date: the reporting time zone may be ahead of UTC (Asia/Kolkata by 5.5 h),
  // and its today, the dashboard's first range, was empty each evening after 18:30 UTC.
  const days = Array.from({ length: 366 }, (_, i) =>
    new Date(Date.now() - (i - 1) * 86_400_000).toISOString().slice(0, 10),
  );
  const perRow = Math.max(1, Math.round(10_000_000 / Math.max(1, ids.length * days.length * 2)));
  const insert = db.prepare(
    'INSERT OR REPLACE INTO event_rollups (entity_id, day, kind, entity, count) VALUES (?, ?, ?, ?, ?)',
  );
  let total = 0;
  db.transaction(() => {
    for (const [entity, id] of ids) {
      for (const day of days) {
        insert.run(id, day, 'view', entity, perRow);
        insert.run(id, day, 'click', entity, perRow);
        total += 2 * perRow;
      }
    }
  })();
  db.close();
  return { items: ids.length, rows: ids.length * days.length * 2, events: total, sampleId: ids[0]?.[1] };
}

/** `count` in-house ads (an icon and an image each), for the screens that list them; returns their ids. */
export async function seedInHouseAds(baseURL, token, png, count) {
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const ids = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('mainTitle', `In-house ${i}`);
    form.append('subTitle', `Subtitle ${i}`);
    form.append('callToAction', `https://example.com/ad/${i}`);
    for (const field of ['icon', 'image']) form.append(field, await openAsBlob(png), 'x.png');
    const reply = await readJson(
      await fetch(`${baseURL}/api/App/inhouse/ads`, { method: 'POST', headers, body: form }),
    );
    if (reply.data?._id) ids.push(reply.data._id);
  }
  return ids;
}
