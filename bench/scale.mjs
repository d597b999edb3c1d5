#!/usr/bin/env node
// npm run bench:scale: the reads of issue 39 at library sizes of SCALE_SIZES (1000,100000,1000000) videos.
// Per size it starts the built server on a fresh database (SQLite in a temporary folder; with DATABASE_URL
// also a fresh PostgreSQL database beside it, named sd_scale_<size>), seeds through SQL on the migrated
// schema: 20 categories, the videos (half web-enabled, four to a second so the sort has ties), ROLLUPS
// (10,000,000) analytics rollup rows and ITEMS (100,000) stories, reels, notifications, live matches (off),
// in-house ads, fires of the fire history and activity entries; then prints the median and p99 of READS
// (30) reads of each: first, deep and filtered pages of the library (by date, and by title, duration and
// views), the other lists' first pages (by date, and in an order of their own), the fire history's first,
// deep and by-name pages, the feed and the app list, the reads after a web toggle
// (the library's first page and the web videos' middle page, which the toggle moves, and a deep page by
// title, which it does not) and after a rename (that deep page by title again, which it moves),
// the library's searches after the app's views of VIEWED (2,000) videos (events through the API, counted
// by the server), and the head-of-line figures: loadCheck's requests/s (304s) in slices of DURATION (5) s,
// alone and beside two
// readers (another process) in turn, HOL_ROUNDS (3) beside slices each against the alone slices on either
// side, and the median ratio, for each kind of reader in HOL_KINDS (default floor,deep,broad,narrow,activity,
// analytics: the health check, the floor of what two readers cost whatever they read;
// deep library pages, a broad and a narrow library search, and the reads of the two CSV exports, the
// activity log's 50 pages of 200 and a video's year of analytics). Each kind runs with readers as fast as
// the server answers, then at HOL_READER_RATE (10) reads a second each (two admins at work, rather than two
// clients looping). SCALE_READS=hol runs the head-of-line figures alone. Everything stays on 127.0.0.1.
// Run it small on a busy machine (SCALE_SIZES=1000,100000 ROLLUPS=1000000). Not a test: it prints figures.
// One read on one database: SCALE_DATABASES=postgres (or sqlite; default both) and SCALE_READS=library-search
// (the library's search alone, without the other reads and the head-of-line rounds) or inhouse-search (the
// in-house ads' search alone; seed it with ITEMS ads) or story-search, reel-search, history-search or
// match-search (the story list's, the reels', the notification history's or the live matches' search
// alone; ITEMS of each) or views-search (the library's searches after the app's views) or after-write (the
// reads after a web toggle and a rename); default every read.
// With ROLLUPS=0 ITEMS=0 the seed is the categories and videos only. SCALE_KEEP=1 keeps the SQLite seed's
// folder (printed) for measuring queries by hand, and SCALE_SEED=<that folder> measures it again without
// seeding (one size); the PostgreSQL seed stays until the next run anyway, and SCALE_PG_SEED=1 measures it
// again without seeding. The library's search reads
// include deep pages of a broad search and the searches of a small and of a big category.
// Right after each start it also reads loadCheck and the in-house ads' first page START_READS (30) times in
// turn and prints their median and max: the start-up work (media checks, backfills) runs then. With
// SCALE_READS=start it does only that, on START_ROUNDS (3) starts of the same seeded database. Then, IDLE_SPELLS
// (2) times, it waits IDLE_MS (12 s: longer than pg closes an idle connection) and times the next in-house read.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_REPORT_TIME_ZONE, dayIn } from '@streamdesk/contract/report-days';
import { API_KEY, ensureBuilt, login, median, openDatabase, readJson, startServer } from './lib.mjs';

const SIZES = (process.env.SCALE_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const ROLLUPS = Number(process.env.ROLLUPS ?? 10_000_000);
const ITEMS = Number(process.env.ITEMS ?? 100_000);
const READS = Number(process.env.READS ?? 30);
/** How many videos the app's views reach before the searches read again (VIEWED; 0: none). */
const VIEWED = Number(process.env.VIEWED ?? 2000);
const DURATION = Number(process.env.DURATION ?? 5);
const HOL_ROUNDS = Number(process.env.HOL_ROUNDS ?? 3);
const DATABASES = (process.env.SCALE_DATABASES ?? 'sqlite,postgres').split(',');
const START_READS = Number(process.env.START_READS ?? 30);
const START_ROUNDS = Number(process.env.START_ROUNDS ?? 3);
const IDLE_SPELLS = Number(process.env.IDLE_SPELLS ?? 2);
const IDLE_MS = Number(process.env.IDLE_MS ?? 12_000);
const READ_SETS = [
  'all',
  'library-search',
  'inhouse-search',
  'story-search',
  'reel-search',
  'history-search',
  'match-search',
  'views-search',
  'after-write',
  'start',
  'hol',
];
const ONLY = process.env.SCALE_READS ?? 'all';
if (!READ_SETS.includes(ONLY)) throw new Error(`SCALE_READS: one of ${READ_SETS.join(', ')}`);
const CATEGORIES = 20;
/** The clips of the seed's small category (its 21st) and of its clip category (its 22nd). */
const SMALL_CATEGORY = 1_000;
const CLIP_CATEGORY = 5_000;
const LIMIT = 20;
const DEEP_PAGE = 5000;

/** SQL that differs between the two databases: a row source 0..n-1, ids as the server makes them, times. */
const dialects = {
  sqlite: {
    rows: (n, insert) =>
      n > 0 &&
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1}) ${insert} from n`,
    id: (seconds, i) => `printf('%08x%016x', ${seconds}, ${i})`,
    iso: (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
    day: (seconds) => `date(${seconds}, 'unixepoch')`,
  },
  postgres: {
    rows: (n, insert) => n > 0 && `${insert} from generate_series(0, ${n - 1}) as n(i)`,
    id: (seconds, i) => `lpad(to_hex(${seconds}), 8, '0') || lpad(to_hex(${i}), 16, '0')`,
    iso: (seconds) => `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    day: (seconds) => `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD')`,
  },
};

/** The seeding statements for `size` videos, in order (none for a count of 0). */
function seedStatements(d, size) {
  const start = Math.floor(Date.now() / 1000) - 365 * 86_400;
  const step = Math.max(1, Math.floor((365 * 86_400) / size)) * 4;
  const at = `(${start} + (i / 4) * ${step})`;
  // The id of the video numbered `expr`, as its row below gets it.
  const videoId = (expr) => d.id(`(${start} + ((${expr}) / 4) * ${step})`, `(${expr})`);
  const category = (expr) => d.id(start, expr);
  const clipAt = `(${start} + (i % ${SMALL_CATEGORY}) * ${Math.floor((365 * 86_400) / SMALL_CATEGORY)} + i / ${SMALL_CATEGORY})`;
  return [
    d.rows(
      CATEGORIES,
      `insert into video_categories (id, name, main_image, status, created_at)
       select ${category('i')}, 'Category ' || i, '/media/bench.png', 1, ${d.iso(start)}`,
    ),
    d.rows(
      size,
      `insert into videos (id, category_id, video, thumbnail, web, views, created_at, title, file_name,
         duration, width, height, size, state, progress, error, hls, hls_files, attempts, queued_at, worker)
       select ${videoId('i')}, ${category(`i % ${CATEGORIES}`)}, '/media/videos/v' || i || '.mp4',
         '/media/videos/v' || i || '.jpg', (i / 2) % 2, i % 1000, ${d.iso(at)}, 'Video ' || i,
         'v' || i || '.mp4', 30, 640, 360, 1000000, 'ready', 100, '', '', '', 0, '', ''`,
    ),
    // Two added categories of clips, none of whose titles or file names holds `video` (every other video's
    // does): a small one (SMALL_CATEGORY), whose searches check its own rows' text (0063), and one of
    // CLIP_CATEGORY, over that bound. Their dates spread over the year, their rowids after the library's.
    d.rows(
      2,
      `insert into video_categories (id, name, main_image, status, created_at)
       select ${category(`${CATEGORIES} + i`)}, case i when 0 then 'Category small' else 'Category clips' end,
         '/media/bench.png', 1, ${d.iso(start)}`,
    ),
    d.rows(
      Math.min(SMALL_CATEGORY + CLIP_CATEGORY, size),
      `insert into videos (id, category_id, video, thumbnail, web, views, created_at, title, file_name,
         duration, width, height, size, state, progress, error, hls, hls_files, attempts, queued_at, worker)
       select ${d.id(clipAt, `${size} + i`)},
         ${category(`${CATEGORIES} + case when i < ${SMALL_CATEGORY} then 0 else 1 end`)},
         '/media/videos/c' || i || '.mp4', '/media/videos/c' || i || '.jpg', i % 2, i % 1000, ${d.iso(clipAt)},
         'Clip ' || i, 'c' || i || '.mp4', 30, 640, 360, 1000000, 'ready', 100, '', '', '', 0, '', ''`,
    ),
    // 730 rows an item (a year of views and clicks), so the oldest ROLLUPS / 730 videos have a year of
    // counts. Their own ids: the server's sweep of counts of items that do not exist (orphan-counts.ts)
    // deleted counts of made-up ids ten minutes after a start, in the middle of a long run.
    d.rows(
      ROLLUPS,
      `insert into event_rollups (entity_id, day, kind, entity, count)
       select ${videoId('i / 730')},
         ${d.day(`${start} + ((i % 730) / 2) * 86400`)}, case i % 2 when 0 then 'view' else 'click' end,
         'video', 1 + i % 50`,
    ),
    d.rows(
      ITEMS,
      // Every story's button says `Watch n` (the list's search reads its button name, URL and native ad id).
      `insert into stories (id, status, image, btn_name, btn_url, created_at)
       select ${d.id(`${start} + i`, 'i')}, 1, '/media/stories/s' || i || '.png', 'Watch ' || i,
         'https://example.com/s' || i, ${d.iso(`${start} + i`)}`,
    ),
    d.rows(
      ITEMS,
      `insert into reels (id, video, thumbnail, duration, size, created_at, file_name)
       select ${d.id(`${start} + i`, 'i')}, '/media/reels/r' || i || '.mp4', '/media/reels/r' || i || '.jpg', 10,
         1000000, ${d.iso(`${start} + i`)}, 'Reel ' || i || '.mp4'`,
    ),
    d.rows(
      ITEMS,
      `insert into notifications (id, title, message, created_at, fcm_status, web_status, status)
       select ${d.id(`${start} + i`, 'i')}, 'Notice ' || i, 'Tonight at 7', ${d.iso(`${start} + i`)},
         'not configured', 'not configured', 'sent'`,
    ),
    // Off: the app's launch lists read every active match.
    d.rows(
      ITEMS,
      `insert into live_matches (id, title, url, thumbnail, status, created_at)
       select ${d.id(`${start} + i`, 'i')}, 'Match ' || i, 'https://live.example.com/' || i,
         '/media/live/m' || i || '.png', 0, ${d.iso(`${start} + i`)}`,
    ),
    d.rows(
      ITEMS,
      `insert into inhouse_ads (id, main_title, sub_title, description, med_type, call_to_action, btn_name,
         ad_type, icon, med_view, created_at, updated_at)
       select ${d.id(`${start} + i`, 'i')}, 'Ad ' || i, 'Sub ' || i, 'About ad ' || i, 'image',
         'https://example.com/' || i, 'Open', 'fs_web', '/media/ads/i' || i || '.png', '/media/ads/m' || i || '.png',
         ${d.iso(`${start} + i`)}, ${d.iso(`${start} + i`)}`,
    ),
    // The fire history (its totals kept by triggers, 0078): a fire of one of 500 ads each.
    d.rows(
      ITEMS,
      `insert into live_ad_fires (id, ads_type, a_name, url, a_view, a_click, created_at)
       select ${d.id(`${start} + i`, 'i')}, 'Url_Ads_Fire', 'Fire ' || (i % 500), 'https://ads.example/' || i,
         i % 97, i % 13, ${d.iso(`${start} + i`)}`,
    ),
    // The activity log the CSV export reads (one entry an item, a change each).
    d.rows(
      ITEMS,
      `insert into activity_log (id, created_at, person_id, person_name, role, action, feature, item_id, label,
         changes, ip, user_agent)
       select ${d.id(`${start} + i`, 'i')}, ${d.iso(`${start} + i`)}, null, 'Bench', 'owner', 'update',
         'inhouse-ads', ${d.id(`${start} + i`, 'i')}, 'Ad ' || i,
         '[{"field":"status","before":0,"after":1}]', '127.0.0.1', 'bench'`,
    ),
  ].filter(Boolean);
}

async function seedSqlite(dataDir, size) {
  const db = openDatabase(path.join(dataDir, 'streamdesk.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // The search indexes' triggers call it, as every connection of the server registers it (database.ts).
  db.function('unicode_lower', { deterministic: true }, (text) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  // And the group index's function of a row's keys (search-groups.ts), from the built server.
  const { GROUP_GRAMS, groupGrams } = await import('@streamdesk/server/platform/db/search-groups');
  db.function(GROUP_GRAMS, { deterministic: true, varargs: true }, groupGrams);
  for (const statement of seedStatements(dialects.sqlite, size)) db.prepare(statement).run();
  // The activity entries written here wait for the search index (ACTIVITY_PENDING, 0065): the server's
  // batches would index them all after its start, with FTS5's merges (0079, 0081) among the start's and
  // the idle spells' reads. No database the app writes holds such a backlog (it indexes a few entries a
  // few seconds after they are written, and its migration indexed the entries before it), so the seed
  // indexes them as that migration did.
  const { activitySearch, ACTIVITY_PENDING } =
    await import('@streamdesk/server/features/activity/activity.migrations');
  const { searchTable } = await import('@streamdesk/server/platform/db/search-index');
  const columns = activitySearch.columns.join(', ');
  const folded = activitySearch.columns.map((c) => `unicode_lower(${c})`).join(', ');
  db.prepare(
    `insert into ${searchTable(activitySearch)}(rowid, ${columns})
     select rowid, ${folded} from ${activitySearch.table}`,
  ).run();
  db.prepare(`delete from ${ACTIVITY_PENDING}`).run();
  db.prepare('analyze').run();
  db.close();
}

async function seedPostgres(url, size) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of seedStatements(dialects.postgres, size)) await client.query(statement);
    // As autovacuum would: the visibility map lets the index-only scans skip the table.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** A fresh database `name` on the server of DATABASE_URL; answers its URL. */
async function freshPostgres(name) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrl(name);
}

/** DATABASE_URL's server, the database `name`. */
function databaseUrl(name) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const p99 = (values) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)];
// SCALE_TRACE=1 prints every read's time beside the figures, in the order they were read: which read was slow.
const TRACE = process.env.SCALE_TRACE === '1';
const show = (label, times) => {
  console.log(
    `  ${label.padEnd(34)} median ${median(times).toFixed(2).padStart(8)} ms   p99 ${p99(times).toFixed(2).padStart(8)} ms`,
  );
  if (TRACE) console.log(`    ${times.map((t) => t.toFixed(1)).join(' ')}`);
};

/** The line the readers write once they are ready to read. */
const READY = 'ready';

/**
 * Two readers of one kind's URLs in a loop, each starting at a different one, as fast as the server answers,
 * or at most PER_SECOND reads a second each when HOL_READER_RATE gives it. They start and make their HTTP
 * client's first request before any measured slice, say READY, and then read while the bench has them on:
 * a line `go` starts them, a line `stop` stops them, and once both have their last reply they write how
 * many reads they made since `go` (a line). So one process serves every slice of a kind (a Node process's
 * start and undici's first connection inside a slice took CPU from the server and from loadCheck's client,
 * which a person's browser on another machine does not), and no read of theirs runs into the next alone
 * slice. They take each reply whole without parsing it, as that work is a browser's too.
 */
const READERS = `
const urls = JSON.parse(process.env.URLS);
const headers = JSON.parse(process.env.HEADERS);
const gap = process.env.PER_SECOND ? 1000 / Number(process.env.PER_SECOND) : 0;
let pages = 0;
let on = false;
const next = [0, Math.floor(urls.length / 2)];
const read = async (loop) => {
  while (on) {
    const n = next[loop]++;
    const started = Date.now();
    const res = await fetch(urls[n % urls.length], { headers });
    if (!res.ok) throw new Error(res.status + ' from ' + res.url);
    await res.arrayBuffer();
    pages++;
    const wait = gap - (Date.now() - started);
    if (wait > 0 && on) await new Promise((r) => setTimeout(r, wait));
  }
};
let loops = [];
await (await fetch(new URL('/healthz', urls[0]))).arrayBuffer();
process.stdout.write(${JSON.stringify(READY)} + '\\n');
(await import('node:readline')).createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line === 'go') {
    on = true;
    pages = 0;
    loops = [read(0), read(1)];
  } else if (line === 'stop') {
    on = false;
    await Promise.all(loops);
    process.stdout.write(pages + '\\n');
  }
});
`;

async function get(url, headers) {
  const res = await fetch(url, { headers });
  const body = await readJson(res);
  if (!res.ok || body.status === false)
    throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** READS reads of `urlOf(n)`, each timed. */
async function reads(urlOf, headers) {
  const times = [];
  for (let n = 0; n < READS; n++) {
    const at = Date.now();
    times.push(await timed(() => get(urlOf(n), headers)));
    if (TRACE && times.at(-1) > 30)
      console.log(`    slow read at ${new Date(at).toISOString()}: ${urlOf(n)}`);
  }
  return times;
}

/**
 * The server's counting day `daysAgo` days back, in its REPORT_TIME_ZONE (Kolkata unless set): the views
 * counted now are on that day, which after 18:30 UTC is already tomorrow's UTC date.
 */
const reportDay = (daysAgo) =>
  dayIn(
    process.env.REPORT_TIME_ZONE ?? DEFAULT_REPORT_TIME_ZONE,
    new Date(Date.now() - daysAgo * 86_400_000),
  );

/** One batch of the app's events: a view of each video of `ids` (at most 500). */
async function sendViews(baseURL, ids) {
  const events = ids.map((id) => ({ type: 'view', entity: 'video', id, clientId: 'bench' }));
  const res = await fetch(`${baseURL}/api/App/events`, {
    method: 'POST',
    headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ batchId: randomUUID(), events }),
  });
  const reply = await readJson(res);
  if (!res.ok || reply.accepted !== ids.length)
    throw new Error(`events: ${res.status} ${JSON.stringify(reply).slice(0, 200)}`);
}

/**
 * Sends the app's view of VIEWED videos spread over the library (POST /api/App/events, 500 a batch) and
 * waits until the server's counting has written them: the last one's analytics show its view.
 */
async function viewVideos(baseURL, admin, library, pages) {
  // Pages of 100 (`pages` are of LIMIT) at even steps through the library.
  const step = Math.max(1, Math.floor((pages * LIMIT) / 100 / Math.ceil(VIEWED / 100)));
  const ids = [];
  for (let page = 1; ids.length < VIEWED; page += step) {
    const { data } = await get(`${library}/all?page=${page}&limit=100`, admin);
    if (data.length === 0) break;
    ids.push(...data.map((v) => v._id).slice(0, VIEWED - ids.length));
  }
  const last = ids.at(-1);
  const today = reportDay(0);
  const viewsOfLast = async () =>
    (await get(`${baseURL}/api/admin/view/dashbord/${last}?startDate=${today}&endDate=${today}`, admin))
      .totalViews;
  const before = await viewsOfLast();
  for (let i = 0; i < ids.length; i += 500) await sendViews(baseURL, ids.slice(i, i + 500));
  const until = Date.now() + 60_000;
  while ((await viewsOfLast()) === before) {
    if (Date.now() > until) throw new Error('the views were not counted within a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const launches = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 10, duration: DURATION }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/**
 * The first reads after the server reports ready, sign-in first: loadCheck (the app's launch read) and the
 * in-house ads' first page, in turn. Start-up work still running then stands in front of them.
 */
async function firstReads(baseURL) {
  const loadCheck = `${baseURL}/api/App/Controler/app/loadCheck`;
  const app = { 'api-key': API_KEY };
  const launches = [await timed(() => get(loadCheck, app))];
  let token;
  const signIn = await timed(async () => (token = await login(baseURL)));
  const admin = { ...app, authorization: `Bearer ${token}` };
  const ads = [];
  for (let n = 0; n < START_READS; n++) {
    if (n > 0) launches.push(await timed(() => get(loadCheck, app)));
    ads.push(await timed(() => get(inhouseAds(baseURL), admin)));
  }
  const afterIdle = [];
  for (let n = 0; n < IDLE_SPELLS; n++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    afterIdle.push(await timed(() => get(inhouseAds(baseURL), admin)));
  }
  return { launches, ads, signIn, afterIdle };
}

const inhouseAds = (baseURL) => `${baseURL}/api/App/inhouse/ads?a=true&page=1&limit=${LIMIT}`;

const showFirst = (label, times) =>
  console.log(
    `  ${label.padEnd(34)} median ${median(times).toFixed(2).padStart(8)} ms   max ${Math.max(...times)
      .toFixed(2)
      .padStart(8)} ms   first ${times[0].toFixed(2)} ms`,
  );

async function measure(baseURL) {
  const token = await login(baseURL);
  const admin = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const app = { 'api-key': API_KEY };
  const library = `${baseURL}/api/App/video/category/admin`;
  // Every title holds `video`: the search's index reads must not grow with the library (0047). The broad
  // search (every video) counts up to its cap and walks the newest-first order (0063).
  const searchLibrary = async () => {
    show(
      'library, search',
      await reads((n) => `${library}/all?page=1&limit=${LIMIT}&q=Video ${1000 + n}`, admin),
    );
    show(
      'library, search of every video',
      await reads((n) => `${library}/all?page=${1 + (n % 5)}&limit=${LIMIT}&q=video`, admin),
    );
    // The last page the broad search serves (its pages end at the count's cap, 0066: 1,000 matches), newest
    // and oldest first, each with a page size of its own so that no cached reply answers.
    for (const [order, sort] of [
      [' page', '-date'],
      [', oldest', 'date'],
    ])
      show(
        `library, every video, last${order}`,
        await reads((n) => {
          const limit = 10 + n;
          return `${library}/all?page=${Math.ceil(1000 / limit)}&limit=${limit}&q=video&sort=${sort}`;
        }, admin),
      );
    // `Video 1`: a tenth of the library, all of it among the oldest fifth (the titles count up with the
    // dates), newest first: the walk of the order finds none near its start (0063, 0067).
    show(
      'library, search held by the oldest',
      await reads((n) => `${library}/all?page=1&limit=${10 + n}&q=Video 1`, admin),
    );
    const categories = (await get(`${baseURL}/api/App/video/category`, admin)).data;
    const small = categories.find((c) => c.name === 'Category small')._id;
    const big = categories.find((c) => c.name === 'Category 3')._id;
    // The small category (SMALL_CATEGORY clips): `video` is in none of them and in every other video;
    // `Clip 1…` in a few of them.
    show(
      'library, small category, search',
      await reads(
        (n) => `${library}/${small}?page=1&limit=${LIMIT}&q=${n % 2 ? 'video' : `Clip ${n}`}`,
        admin,
      ),
    );
    // A big category (a twentieth of the library) and a text a tenth of the library holds, none of it.
    show(
      'library, big category, rare search',
      await reads((n) => `${library}/${big}?page=1&limit=${LIMIT}&q=${[1, 5, 7, 9][n % 4]}.mp4`, admin),
    );
    // The clip category (CLIP_CATEGORY) and a text every other video holds, none of it or a few of it.
    const clips = categories.find((c) => c.name === 'Category clips')._id;
    show(
      'library, clip category, search',
      await reads(
        (n) => `${library}/${clips}?page=1&limit=${LIMIT}&q=${n % 2 ? 'video' : `Clip ${1000 + n}`}`,
        admin,
      ),
    );
  };
  const ads = `${baseURL}/api/App/inhouse/ads`;
  // Every ad's title holds `ad ` (and its description `about ad `): the text's rarer run leads (0047).
  const searchAds = async () => {
    show(
      'in-house ads, search',
      await reads((n) => `${ads}?a=true&page=1&limit=${LIMIT}&q=Ad ${500 + n}`, admin),
    );
    // Every ad: counted up to its cap, its page walked (0063).
    show(
      'in-house ads, search of every ad',
      await reads(() => `${ads}?a=true&page=1&limit=${LIMIT}&q=ad`, admin),
    );
  };
  const stories = `${baseURL}/api/App/all/only/story/video`;
  // Every story's button says `Watch n`: a rare text, and one every story holds (counted up to its cap).
  const searchStories = async () => {
    show('stories, search', await reads((n) => `${stories}?page=1&limit=${LIMIT}&q=Watch ${500 + n}`, admin));
    show(
      'stories, search of every story',
      await reads(() => `${stories}?page=1&limit=${LIMIT}&q=watch`, admin),
    );
  };
  const reels = `${baseURL}/api/App/reels`;
  // Every reel's file is `Reel n.mp4`. The list is cached per query: each read asks a page size of its own.
  const searchReels = async () => {
    show('reels, search', await reads((n) => `${reels}?page=1&limit=${LIMIT}&q=Reel ${500 + n}`, app));
    show('reels, search of every reel', await reads((n) => `${reels}?page=1&limit=${LIMIT + n}&q=reel`, app));
  };
  const history = `${baseURL}/api/App/notification/history`;
  // Every notification's title is `Notice n`.
  const searchHistory = async () => {
    show('history, search', await reads((n) => `${history}?page=1&q=Notice ${500 + n}`, admin));
    show('history, search of every one', await reads(() => `${history}?page=1&q=notice`, admin));
  };
  const liveMatches = `${baseURL}/api/App/liveMatch/admin`;
  // Every match's title is `Match n`.
  const searchMatches = async () => {
    show('live matches, search', await reads((n) => `${liveMatches}?page=1&q=Match ${500 + n}`, admin));
    show('live matches, search of every one', await reads(() => `${liveMatches}?page=1&q=match`, admin));
  };
  if (ONLY === 'library-search') return searchLibrary();
  if (ONLY === 'inhouse-search') return searchAds();
  if (ONLY === 'story-search') return searchStories();
  if (ONLY === 'reel-search') return searchReels();
  if (ONLY === 'history-search') return searchHistory();
  if (ONLY === 'match-search') return searchMatches();
  const first = await get(`${library}/all?page=1&limit=${LIMIT}`, admin);
  const pages = first.totalPage;
  // The oldest video has a year of rollups (seedStatements).
  const oldest = (await get(`${library}/all?page=1&limit=1&sort=date`, admin)).data[0]._id;
  const yearAgo = reportDay(365);
  const today = reportDay(0);
  const holAt = { library, pages, oldest, yearAgo, today };
  if (ONLY === 'hol') return headOfLine(baseURL, admin, holAt);
  // The library's searches after the app's views of VIEWED videos: each views update rewrites the video's
  // row and an entry in every index of it, PostgreSQL's GIN indexes theirs into a pending list that every
  // search of the index reads (0076). Page sizes of their own, so that no cached reply answers.
  const searchAfterViews = async () => {
    if (VIEWED === 0) return;
    await viewVideos(baseURL, admin, library, pages);
    show(
      `library, search held by the oldest, after ${VIEWED} videos' views`,
      await reads((n) => `${library}/all?page=1&limit=${50 + n}&q=Video 1`, admin),
    );
    show(
      `library, search, after the views`,
      await reads((n) => `${library}/all?page=1&limit=${50 + n}&q=Video ${2000 + n}`, admin),
    );
    show(
      `library, search of every video, after the views`,
      await reads((n) => `${library}/all?page=${1 + (n % 5)}&limit=${50 + n}&q=video`, admin),
    );
  };
  if (ONLY === 'views-search') return searchAfterViews();
  const deep = Math.min(DEEP_PAGE, pages);
  const categories = (await get(`${baseURL}/api/App/video/category`, admin)).data.map((c) => c._id);
  const category = categories[3];
  const feedPages = (await get(`${baseURL}/api/App/video/category/client?page=1`, app)).totalPage;
  const appPages = (await get(`${baseURL}/api/App/video/app/category/${category}?page=1`, app)).totalPage;
  // Distinct deep page numbers, so that no cached reply answers.
  const deepOf = (total, n) => Math.max(1, Math.min(total, DEEP_PAGE) - n);

  // The first reads after a write: each toggle invalidates the feed and the counts.
  const afterWrites = async () => {
    const afterFeed = [];
    const afterLibrary = [];
    // The middle page of the web videos after each toggle: nothing read before it is known any more
    // (page-boundaries.ts; half the library is on the web).
    const middle = Math.ceil(pages / 4);
    const afterMiddle = [];
    // And a far page of the whole library by title, which a toggle does not move (0082).
    const afterTitle = [];
    // And the app's next events batch: a video write forgets the ids the event counter knew (0095).
    const afterEvents = [];
    for (let n = 0; n < READS; n++) {
      const res = await fetch(`${baseURL}/api/App/video/web/status`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ id: [first.data[n % first.data.length]._id], status: n % 2 === 0 }),
      });
      if (!(await readJson(res)).status) throw new Error('web toggle failed');
      afterFeed.push(await timed(() => get(`${baseURL}/api/App/video/category/client?page=1`, app)));
      afterLibrary.push(
        await timed(() => get(`${library}/${category}?page=1&limit=${LIMIT}&web=true`, admin)),
      );
      afterMiddle.push(
        await timed(() => get(`${library}/all?page=${middle + n}&limit=${LIMIT}&web=true`, admin)),
      );
      afterTitle.push(
        await timed(() => get(`${library}/all?page=${deepOf(pages, n)}&limit=${LIMIT}&sort=title`, admin)),
      );
      afterEvents.push(
        await timed(() =>
          sendViews(
            baseURL,
            first.data.slice(0, 10).map((v) => v._id),
          ),
        ),
      );
    }
    show('feed page 1 after a web toggle', afterFeed);
    show('library page 1 after a web toggle', afterLibrary);
    show(`library, web, page ${middle} after a web toggle`, afterMiddle);
    show(`library, page ${deep} by title after a web toggle`, afterTitle);
    show('app events batch after a web toggle', afterEvents);
    // A toggle moves no page of a list unfiltered by web (0082 keeps them): a rename moves every page by title.
    const afterRename = [];
    const renamed = first.data[0];
    for (let n = 0; n < READS; n++) {
      const res = await fetch(`${baseURL}/api/App/video/title`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: renamed._id,
          title: n === READS - 1 ? renamed.title : `${renamed.title} ${n}`,
        }),
      });
      if (res.status !== 200) throw new Error(`rename failed: ${res.status}`);
      await res.arrayBuffer();
      afterRename.push(
        await timed(() => get(`${library}/all?page=${deepOf(pages, n)}&limit=${LIMIT}&sort=title`, admin)),
      );
    }
    show(`library, page ${deep} by title after a rename`, afterRename);
  };
  if (ONLY === 'after-write') return afterWrites();

  show('library, first page', await reads(() => `${library}/all?page=1&limit=${LIMIT}`, admin));
  // The library's other orders (a column header's click): by title, duration and views.
  for (const sort of ['title', '-duration', '-views'])
    show(
      `library, first page by ${sort}`,
      await reads(() => `${library}/all?page=1&limit=${LIMIT}&sort=${sort}`, admin),
    );
  for (const sort of ['title', '-duration'])
    show(
      `library, page ${deep} by ${sort}`,
      await reads((n) => `${library}/all?page=${deepOf(pages, n)}&limit=${LIMIT}&sort=${sort}`, admin),
    );
  show(
    `library, page ${deep}`,
    await reads((n) => `${library}/all?page=${deepOf(pages, n)}&limit=${LIMIT}`, admin),
  );
  show(
    'library, category + web, page 1',
    await reads(() => `${library}/${category}?page=1&limit=${LIMIT}&web=true`, admin),
  );
  show(
    'library, category + web, deep page',
    await reads(
      (n) => `${library}/${category}?page=${deepOf(Math.ceil(pages / 40), n)}&limit=${LIMIT}&web=true`,
      admin,
    ),
  );
  show(
    `feed, page ${deepOf(feedPages, 0)} (uncached)`,
    await reads((n) => `${baseURL}/api/App/video/category/client?page=${deepOf(feedPages, n)}`, app),
  );
  show(
    `app list, page ${deepOf(appPages, 0)} (uncached)`,
    await reads((n) => `${baseURL}/api/App/video/app/category/${category}?page=${deepOf(appPages, n)}`, app),
  );

  await searchLibrary();
  show(
    'analytics dashboard, a year',
    await reads(
      () => `${baseURL}/api/admin/view/dashbord/${oldest}?startDate=${yearAgo}&endDate=${today}`,
      admin,
    ),
  );
  const storyPages = (await get(`${stories}?page=1&limit=${LIMIT}`, admin)).totalPage;
  show('stories, first page', await reads(() => `${stories}?page=1&limit=${LIMIT}`, admin));
  show(
    `stories, page ${deepOf(storyPages, 0)}`,
    await reads((n) => `${stories}?page=${deepOf(storyPages, n)}&limit=${LIMIT}`, admin),
  );
  await searchStories();
  await searchReels();
  await searchHistory();
  await searchMatches();
  const adPages = (await get(`${ads}?a=true&page=1&limit=${LIMIT}`, admin)).totalPages;
  show('in-house ads, first page', await reads(() => `${ads}?a=true&page=1&limit=${LIMIT}`, admin));
  // The other lists' first pages in an order of their own (a column header's click).
  show(
    'stories, first page by views',
    await reads(() => `${stories}?page=1&limit=${LIMIT}&sort=-view`, admin),
  );
  show('reels, first page by name', await reads((n) => `${reels}?page=1&limit=${LIMIT + n}&sort=name`, app));
  show('history, first page by title', await reads(() => `${history}?page=1&sort=title`, admin));
  show('live matches, first page by title', await reads(() => `${liveMatches}?page=1&sort=title`, admin));
  const fires = `${baseURL}/api/App/LiveMatch/admin/ads/fire/history`;
  const firePages = (await get(`${fires}?page=1&limit=${LIMIT}`, admin)).totalPage;
  show('fire history, first page', await reads((n) => `${fires}?page=1&limit=${LIMIT + n}`, admin));
  show(
    `fire history, page ${deepOf(firePages, 0)}`,
    await reads((n) => `${fires}?page=${deepOf(firePages, n)}&limit=${LIMIT}`, admin),
  );
  show(
    'fire history, first page by name',
    await reads((n) => `${fires}?page=1&limit=${LIMIT + n}&sort=name`, admin),
  );
  show(
    `in-house ads, page ${deepOf(adPages, 0)}`,
    await reads((n) => `${ads}?a=true&page=${deepOf(adPages, n)}&limit=${LIMIT}`, admin),
  );
  await searchAds();

  await afterWrites();

  await searchAfterViews();

  await headOfLine(baseURL, admin, holAt);
}

/**
 * The head-of-line figure for each kind of reader (HOL_KINDS, default all): loadCheck's requests/s alone and
 * beside two readers of that kind, HOL_ROUNDS times in turn, the readers as fast as the server answers and
 * then paced at HOL_READER_RATE (10) reads a second each. Deep library pages; a broad search (`video`: every
 * title) and a narrow one (`Video 1000`...); the two CSV exports, whose files the admin app builds from
 * what it reads: the activity log's (50 pages of 200 entries, as `allEntries` reads them) and a video's
 * analytics (a year of its dashboard).
 */
async function headOfLine(baseURL, admin, { library, pages, oldest, yearAgo, today }) {
  const app = { 'api-key': API_KEY };
  const loadCheck = `${baseURL}/api/App/Controler/app/loadCheck`;
  const etag = (await fetch(loadCheck, { headers: { ...app, 'accept-encoding': 'gzip' } })).headers.get(
    'etag',
  );
  const launchHeaders = { ...app, 'accept-encoding': 'gzip', 'if-none-match': etag };
  const deepOf = (total, n) => Math.max(1, Math.min(total, DEEP_PAGE) - n);
  const kinds = {
    // The floor: readers of the health check, whose reply costs the server about what a loadCheck does, so the
    // figure is what two paced readers cost this machine whatever they read.
    floor: ['health-check', () => `${baseURL}/healthz`],
    deep: ['deep-page', (n) => `${library}/all?page=${deepOf(pages, n)}&limit=${LIMIT}`],
    broad: ['broad-search', (n) => `${library}/all?page=${1 + (n % 50)}&limit=${LIMIT}&q=video`],
    narrow: ['narrow-search', (n) => `${library}/all?page=1&limit=${LIMIT}&q=Video ${1000 + n}`],
    activity: ['activity-CSV', (n) => `${baseURL}/api/admin/activity?page=${1 + (n % 50)}&limit=200`],
    analytics: [
      'analytics-CSV',
      () => `${baseURL}/api/admin/view/dashbord/${oldest}?startDate=${yearAgo}&endDate=${today}`,
    ],
  };
  const chosen = (process.env.HOL_KINDS ?? Object.keys(kinds).join(',')).split(',');
  const paced = process.env.HOL_READER_RATE ?? '10';
  for (const kind of chosen) {
    if (!kinds[kind]) throw new Error(`HOL_KINDS: of ${Object.keys(kinds).join(', ')}`);
    const [label, urlOf] = kinds[kind];
    const urls = Array.from({ length: 200 }, (_, n) => urlOf(n));
    for (const rate of ['', paced])
      await holRounds(`${label} readers${rate ? ` at ${rate}/s` : ''}`, urls, rate);
  }

  /**
   * Slices of DURATION s in turn, loadCheck alone and beside the readers, HOL_ROUNDS of each and an alone
   * slice last: a round's figure is its beside slice against the mean of the alone slices on either side.
   * loadCheck alone moved by a fifth between slices a few seconds apart on this machine (45,000-68,000
   * requests a second), so a figure against one alone slice moved with it (0047).
   */
  async function holRounds(label, urls, rate) {
    const readers = spawn(process.execPath, ['--input-type=module', '-e', READERS], {
      env: { ...process.env, URLS: JSON.stringify(urls), HEADERS: JSON.stringify(admin), PER_SECOND: rate },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const closed = once(readers, 'close');
    const lines = createInterface({ input: readers.stdout })[Symbol.asyncIterator]();
    // The readers' next line; their output ends when they do.
    const said = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error('the readers ended');
      return value;
    };
    try {
      if ((await said()) !== READY) throw new Error('the readers did not say they were ready');
      const ratios = [];
      let before = await launches(loadCheck, launchHeaders);
      for (let round = 0; round < HOL_ROUNDS; round++) {
        readers.stdin.write('go\n');
        const beside = await launches(loadCheck, launchHeaders);
        readers.stdin.write('stop\n');
        const pagesRead = Number(await said());
        const after = await launches(loadCheck, launchHeaders);
        const alone = (before.requests.average + after.requests.average) / 2;
        const ratio = beside.requests.average / alone;
        ratios.push(ratio);
        console.log(
          `  loadCheck alone ${before.requests.average.toFixed(0)} and ${after.requests.average.toFixed(0)} req/s; ` +
            `beside two ${label} ${beside.requests.average.toFixed(0)} req/s (p99 ${beside.latency.p99} ms, ` +
            `${(pagesRead / DURATION).toFixed(0)} reads/s): ${ratio.toFixed(2)} of alone`,
        );
        before = after;
      }
      console.log(
        `  head-of-line: loadCheck beside two ${label}, median ${median(ratios).toFixed(2)} of alone`,
      );
    } finally {
      readers.kill();
      await closed;
    }
  }
}

/** Starts the server once to migrate a fresh database, seeds it, and measures on a new start. */
async function run(label, size, env, seed, kept) {
  const migrated = kept ? undefined : await startServer(env);
  // The bench's own first request (its HTTP client's start) is made here, not timed after the start.
  if (migrated) await fetch(`${migrated.baseURL}/healthz`);
  const dataDir = kept ? env.DATA_DIR : migrated.dataDir;
  await migrated?.stop();
  const seeded = kept ? 0 : await timed(() => seed(dataDir));
  console.log(
    `${label}, ${size.toLocaleString('en')} videos, ${ROLLUPS.toLocaleString('en')} rollups, ` +
      `${ITEMS.toLocaleString('en')} stories and ads (${kept ? `the seed kept in ${kept}` : `seeded in ${(seeded / 1000).toFixed(1)} s`}):`,
  );
  const rounds = ONLY === 'start' ? START_ROUNDS : 1;
  for (let round = 0; round < rounds; round++) {
    let server;
    const startMs = await timed(async () => (server = await startServer({ ...env, DATA_DIR: dataDir })));
    try {
      if (ONLY === 'all' || ONLY === 'start') {
        console.log(`  started (ready to serve) in          ${startMs.toFixed(0).padStart(8)} ms`);
        const first = await firstReads(server.baseURL);
        showFirst(`first ${START_READS} loadChecks after a start`, first.launches);
        showFirst(`first ${START_READS} in-house ads reads`, first.ads);
        console.log(`  sign-in right after the start      ${first.signIn.toFixed(2).padStart(8)} ms`);
        if (first.afterIdle.length)
          console.log(
            `  in-house read after ${IDLE_MS / 1000} s idle       ${first.afterIdle.map((ms) => ms.toFixed(2)).join(', ')} ms`,
          );
      }
      if (ONLY !== 'start') await measure(server.baseURL);
    } finally {
      await server.stop();
    }
  }
}

ensureBuilt();
for (const size of SIZES) {
  if (DATABASES.includes('sqlite')) {
    const dataDir = process.env.SCALE_SEED ?? mkdtempSync(path.join(os.tmpdir(), 'sd-bench-scale-'));
    try {
      // SCALE_SEED: a SQLite seed kept by an earlier run (SCALE_KEEP), measured again as it is.
      await run(
        'SQLite',
        size,
        { DATA_DIR: dataDir, DATABASE_URL: undefined },
        (dir) => seedSqlite(dir, size),
        process.env.SCALE_SEED,
      );
    } finally {
      if (process.env.SCALE_KEEP || process.env.SCALE_SEED) console.log(`  SQLite seed kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!process.env.DATABASE_URL || !DATABASES.includes('postgres')) continue;
  // SCALE_PG_SEED=1: the PostgreSQL database of an earlier run of this size, measured again as it is (the
  // server's start migrates it).
  const keptPg = process.env.SCALE_PG_SEED === '1';
  const url = keptPg ? databaseUrl(`sd_scale_${size}`) : await freshPostgres(`sd_scale_${size}`);
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-scale-'));
  try {
    await run(
      'PostgreSQL',
      size,
      { DATA_DIR: pgDir, DATABASE_URL: url },
      () => seedPostgres(url, size),
      keptPg ? `the database sd_scale_${size}` : undefined,
    );
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
  }
}
