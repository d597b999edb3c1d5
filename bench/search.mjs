#!/usr/bin/env node
// npm run bench:search: the in-house ad list's search (issue 39, docs/decisions/0048-search-indexes.md).
// Seeds SIZES (10,000 then 100,000) in-house ads straight into the built server's SQLite file (the search
// index's triggers fill it as the rows go in), then for a selective search (one ad) and a broad one (every
// ad) prints:
// - through the server (GET /api/App/inhouse/ads?a=true&page=1&limit=100&q=...): the median of READS
//   sequential reads, and requests per second with CONNECTIONS readers for SECONDS seconds on 127.0.0.1;
// - the list's two queries (its page and its count) run in this process on the same file, "before" with
//   the scan the list used until 0048 (unicode_lower(column) LIKE on four columns, ORed) and "after" with
//   the trigram index, median of READS each.
// Not a test: it prints figures, meaningful only when `uptime` says the machine is quiet.
import os from 'node:os';
import path from 'node:path';
import { API_KEY, ensureBuilt, login, median, openDatabase, startServer } from './lib.mjs';

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const READS = Number(process.env.READS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const COLUMNS = ['main_title', 'sub_title', 'description', 'call_to_action'];

/** Ads `from` to `to` - 1, newest last, each with its own code in the description. */
function seed(db, from, to) {
  db.prepare(
    `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to - 1})
     insert into inhouse_ads (id, main_title, sub_title, description, med_type, call_to_action, btn_name,
       web_stay_time, ad_type, icon, med_view, thumbnail, view, click_count, status, created_at, updated_at)
     select printf('%024x', i), 'Summer sale ' || i, 'Big savings', 'Offer code' || printf('%07d', i),
       'image', 'https://shop.example.org/p/' || i, 'Install', 5, 'fs_web', '/media/inhouse-ads/i.png',
       '/media/inhouse-ads/m.png', null, 0, 0, 1,
       strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + i, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     from n`,
  ).run();
}

/** The list's page and count with the given predicate, as listPage runs them. */
function listQueries(db, where) {
  const page = db.prepare(
    `select * from inhouse_ads where ${where} order by created_at desc, id desc limit 100 offset 0`,
  );
  const count = db.prepare(`select count(*) as n from inhouse_ads where ${where}`);
  return (params) => {
    page.all(params);
    return count.get(params).n;
  };
}

function timedMedian(fn) {
  const times = [];
  for (let i = 0; i < READS; i++) {
    const started = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

async function httpFigures(baseURL, headers, q) {
  const url = `${baseURL}/api/App/inhouse/ads?a=true&page=1&limit=100&q=${encodeURIComponent(q)}`;
  const read = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { total } = await read();
  const times = [];
  for (let i = 0; i < READS; i++) {
    const started = process.hrtime.bigint();
    await read();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        await read();
        done++;
      }
    }),
  );
  return { total, median: median(times), perSecond: done / SECONDS };
}

const ms = (v) => `${v.toFixed(2)} ms`;
ensureBuilt();
const server = await startServer();
try {
  const token = await login(server.baseURL);
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const db = openDatabase(path.join(server.dataDir, 'streamdesk.db'));
  db.pragma('busy_timeout = 10000');
  const scan = listQueries(
    db,
    `(${COLUMNS.map((c) => `unicode_lower(${c}) LIKE unicode_lower(@pattern) ESCAPE '\\'`).join(' OR ')})`,
  );
  const indexed = listQueries(
    db,
    `inhouse_ads.rowid IN (SELECT rowid FROM inhouse_ads_search WHERE inhouse_ads_search MATCH @phrase)`,
  );
  let seeded = 0;
  for (const size of SIZES) {
    const started = Date.now();
    seed(db, seeded, size);
    seeded = size;
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `${size.toLocaleString('en')} in-house ads (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const [label, q] of [
      ['one ad   ', `code${String(Math.floor(size / 2)).padStart(7, '0')}`],
      ['every ad ', 'summer sale'],
    ]) {
      const params = { pattern: `%${q}%`, phrase: `"${q.toLowerCase()}"` };
      const before = timedMedian(() => scan(params));
      const after = timedMedian(() => indexed(params));
      const http = await httpFigures(server.baseURL, headers, q);
      console.log(
        `  q matching ${label} (${http.total.toLocaleString('en')}): queries before ${ms(before)}, after ${ms(after)}; ` +
          `server median ${ms(http.median)}, ${http.perSecond.toFixed(0)} requests/s (${CONNECTIONS} at once)`,
      );
    }
  }
  db.close();
} finally {
  await server.stop();
}
console.log(
  `machine load (uptime): ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
