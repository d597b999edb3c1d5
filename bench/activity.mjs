#!/usr/bin/env node
// npm run bench:activity: the activity log at scale (issue 33). Seeds ROWS (1,000,000) log entries straight
// into the built server's SQLite database (a year of them, 20 people, 10,000 items), then prints:
// - the median latency of a story edit (PUT /api/App/Edit/story/video, no file) with the log and without
//   it, EDITS (200) edits each, in ROUNDS (3) interleaved rounds. "Without" is the same server with a
//   SQLite trigger that skips every insert into activity_log (RAISE(IGNORE)): the write path is unchanged
//   and only the entry's insert and its index updates are left out. Target: the log adds under 10 %.
// - the median latency of the Activity screen's first page (GET /api/admin/activity, 50 entries with the
//   total), unfiltered, by person and by item, READS (100) reads each. Target: each under 20 ms.
// Run it with a small ROWS on a busy machine (ROWS=100000); the figures mean something only when
// `uptime` says the load is low. Not a test: it prints figures.
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_KEY,
  ensureBuilt,
  login,
  makePng,
  median,
  openDatabase,
  readJson,
  startServer,
  storyInsertData,
} from './lib.mjs';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const EDITS = Number(process.env.EDITS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const READS = Number(process.env.READS ?? 100);
const PEOPLE = 20;
const ITEMS = 10_000;
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-activity-'));

/**
 * ROWS entries over the last year, oldest first, ids time-ordered as the server makes them, in one
 * statement (SQLite's own loop: a JavaScript loop of inserts takes minutes for a million).
 */
function seedEntries(db) {
  const start = Math.floor(Date.now() / 1000) - 365 * 86_400;
  const step = (365 * 86_400) / ROWS;
  db.prepare(
    `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ROWS - 1})
     insert into activity_log (id, created_at, person_id, person_name, role, action, feature, item_id, label, changes, ip, user_agent)
     select printf('%08x%016x', cast(${start} + i * ${step} as integer), i),
            strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + i * ${step}, 'unixepoch'),
            'bench-person-' || (i % ${PEOPLE}), 'Person ' || (i % ${PEOPLE}), 'admin',
            case i % 4 when 0 then 'create' else 'update' end,
            case i % 3 when 0 then 'stories' when 1 then 'controller' else 'ad-units' end,
            'item-' || ((i * 7919) % ${ITEMS}), 'story #' || i,
            '[{"field":"btnName","before":"Watch","after":"Open"}]', '127.0.0.1', 'bench'
     from n`,
  ).run();
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const ms = (value) => `${value.toFixed(2)} ms`;

ensureBuilt();
const server = await startServer();
try {
  const token = await login(server.baseURL);
  const admin = { 'api-key': API_KEY, authorization: `Bearer ${token}` };

  // One image story to edit.
  const form = new FormData();
  form.append('insertData', storyInsertData());
  form.append('image', await openAsBlob(makePng(path.join(work, 'story.png'))), 'story.png');
  const added = await readJson(
    await fetch(`${server.baseURL}/api/App/Add/Story/Video`, { method: 'POST', headers: admin, body: form }),
  );
  const storyId = added.data?._id;
  if (!storyId) throw new Error(`story add: ${JSON.stringify(added).slice(0, 300)}`);

  const db = openDatabase(path.join(server.dataDir, 'streamdesk.db'));
  db.pragma('busy_timeout = 10000');
  const seeding = await timed(() => seedEntries(db));
  db.pragma('wal_checkpoint(TRUNCATE)');
  const countAll = db.prepare('select count(*) as n from activity_log');
  const total = countAll.get().n;
  const counting = median(await Promise.all(Array.from({ length: 5 }, () => timed(() => countAll.get()))));
  console.log(
    `activity_log: ${total.toLocaleString('en')} entries (${ms(seeding)} to seed ${ROWS.toLocaleString('en')}; count(*) alone ${ms(counting)})`,
  );

  let n = 0;
  const edit = async () => {
    const body = new FormData();
    body.append('_id', JSON.stringify(storyId));
    body.append('insertData', storyInsertData({ btnName: `Open ${++n}` }));
    const res = await fetch(`${server.baseURL}/api/App/Edit/story/video`, {
      method: 'PUT',
      headers: admin,
      body,
    });
    const reply = await readJson(res);
    if (!reply.status) throw new Error(`story edit: ${res.status} ${JSON.stringify(reply).slice(0, 300)}`);
  };
  const edits = async () => {
    const times = [];
    for (let i = 0; i < EDITS; i++) times.push(await timed(edit));
    return times;
  };
  for (let i = 0; i < 20; i++) await edit(); // warm-up

  const withLog = [];
  const withoutLog = [];
  // Each state warmed up after its switch, and the order swapped each round: the first edits after a
  // schema change (the trigger) are slower whichever state they measure.
  const measure = async (logged) => {
    if (logged) db.exec('drop trigger if exists bench_no_log');
    else
      db.exec(
        'create trigger if not exists bench_no_log before insert on activity_log begin select raise(ignore); end',
      );
    for (let i = 0; i < 10; i++) await edit();
    return edits();
  };
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % 2 === 0;
    const a = await measure(first);
    const b = await measure(!first);
    const [on, off] = first ? [a, b] : [b, a];
    console.log(
      `  round ${round + 1}: story edit median with the log ${ms(median(on))}, without ${ms(median(off))}`,
    );
    withLog.push(...on);
    withoutLog.push(...off);
  }
  db.exec('drop trigger if exists bench_no_log');
  const [w, wo] = [median(withLog), median(withoutLog)];
  console.log(
    `story edit, median of ${withLog.length}: with the log ${ms(w)}, without ${ms(wo)}: the log adds ${(((w - wo) / wo) * 100).toFixed(1)} % (target under 10 %)`,
  );

  const reads = async (query) => {
    const url = `${server.baseURL}/api/admin/activity?page=1&limit=50${query}`;
    let reply;
    const times = [];
    for (let i = 0; i < READS + 5; i++) {
      const time = await timed(async () => {
        reply = await readJson(await fetch(url, { headers: admin }));
      });
      if (i >= 5) times.push(time);
    }
    if (!reply.status || reply.data.length === 0)
      throw new Error(`activity ${query}: ${JSON.stringify(reply).slice(0, 300)}`);
    return { median: median(times), total: reply.total };
  };
  for (const [label, query] of [
    ['unfiltered', ''],
    ['by person', '&person=bench-person-3'],
    ['by item', `&item=item-42`],
  ]) {
    const result = await reads(query);
    console.log(
      `Activity first page ${label.padEnd(10)} median ${ms(result.median)} (total ${result.total.toLocaleString('en')}; target under 20 ms)`,
    );
  }
  db.close();
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `machine load (uptime): ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
