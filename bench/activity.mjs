#!/usr/bin/env node
// npm run bench:activity: the activity log at scale (issue 33). Seeds ROWS (1,000,000) log entries straight
// into the built server's SQLite database (a year of them, 20 people, 10,000 items), then prints:
// - the median latency of a story edit (PUT /api/App/Edit/story/video, no file) with the log and without
//   it, EDITS (200) edits each, in ROUNDS (3) interleaved rounds. "Without" is the same server with a
//   SQLite trigger that skips every insert into activity_log (RAISE(IGNORE)): the write path is unchanged
//   and only the entry's insert and its index updates are left out. Target: the log adds under 10 %.
//   A build with the log's search index (0065) is measured a third way, with the log but without the
//   trigger that queues an entry for the index, so the index's own share is read in the same process.
// - the median latency of the Activity screen's first page (GET /api/admin/activity, 50 entries with the
//   total), unfiltered, by person and by item, READS (100) reads each. Target: each under 20 ms.
// - the median of searched first pages (`q`: a word of every label, a rare label, a text no entry holds, a
//   person's entries searched, an item's id), READS each, through the search index (0065). The seeded
//   entries reach the index as a migration fills it, timed and printed before the edits.
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
  // The seeded entries wait for the search index (0065): built here as the migration builds it on an
  // existing log, before the edits are timed (the server's own batches would run among them).
  const pending = db.prepare("select 1 from sqlite_master where name = 'activity_log_search_pending'").get();
  if (pending) {
    const indexing = await timed(() =>
      db.exec(`insert into activity_log_search(rowid, label, person_name, changes)
        select a.rowid, unicode_lower(a.label), unicode_lower(a.person_name), unicode_lower(a.changes)
        from activity_log_search_pending p join activity_log a on a.rowid = p.entry;
        delete from activity_log_search_pending`),
    );
    console.log(`search index of ${ROWS.toLocaleString('en')} entries built in ${ms(indexing)}`);
  }
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

  // Three states: without the log, with the log but without its search index (the trigger that queues an
  // entry for the index dropped), and with both (0065). Each state warmed up after its switch, and the
  // order turned each round: the first edits after a schema change (a trigger) are slower whichever
  // state they measure.
  // INDEX_IN_WRITE=1: the index written by the trigger itself, in the write's transaction, as a first
  // attempt did (0065's comparison); the entries it writes are indexed, the queue is left empty.
  const queueTrigger =
    process.env.INDEX_IN_WRITE === '1'
      ? `create trigger activity_log_search_insert after insert on activity_log begin
          insert into activity_log_search(rowid, label, person_name, changes) values (new.rowid,
            unicode_lower(new.label), unicode_lower(new.person_name), unicode_lower(new.changes)); end`
      : db
          .prepare(
            "select sql from sqlite_master where type = 'trigger' and name = 'activity_log_search_insert'",
          )
          .get()?.sql;
  const states = queueTrigger ? ['indexed', 'log', 'off'] : ['log', 'off'];
  const times = Object.fromEntries(states.map((s) => [s, []]));
  const measure = async (state) => {
    if (state === 'off')
      db.exec(
        'create trigger if not exists bench_no_log before insert on activity_log begin select raise(ignore); end',
      );
    else db.exec('drop trigger if exists bench_no_log');
    if (queueTrigger) {
      db.exec('drop trigger if exists activity_log_search_insert');
      if (state === 'indexed') db.exec(queueTrigger);
    }
    for (let i = 0; i < 10; i++) await edit();
    return edits();
  };
  const label = { indexed: 'with the log and its index', log: 'with the log', off: 'without' };
  for (let round = 0; round < ROUNDS; round++) {
    const order = states.map((_, i) => states[(i + round) % states.length]);
    const measured = {};
    for (const state of order) measured[state] = await measure(state);
    console.log(
      `  round ${round + 1}: story edit median ${states.map((s) => `${label[s]} ${ms(median(measured[s]))}`).join(', ')}`,
    );
    for (const state of states) times[state].push(...measured[state]);
  }
  db.exec('drop trigger if exists bench_no_log');
  if (queueTrigger) {
    db.exec('drop trigger if exists activity_log_search_insert');
    db.exec(queueTrigger);
  }
  const m = Object.fromEntries(states.map((s) => [s, median(times[s])]));
  const adds = (a, b) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  console.log(
    `story edit, median of ${times.off.length}: ${states.map((s) => `${label[s]} ${ms(m[s])}`).join(', ')}: the log adds ${adds(m.log, m.off)} (target under 10 %)`,
  );
  if (queueTrigger)
    console.log(
      `  with its index the log adds ${adds(m.indexed, m.off)}; the index adds ${adds(m.indexed, m.log)} to an edit with the log`,
    );

  const reads = async (query, empty = false) => {
    const url = `${server.baseURL}/api/admin/activity?page=1&limit=50${query}`;
    let reply;
    const times = [];
    for (let i = 0; i < READS + 5; i++) {
      const time = await timed(async () => {
        reply = await readJson(await fetch(url, { headers: admin }));
      });
      if (i >= 5) times.push(time);
    }
    if (!reply.status || (reply.data.length === 0) !== empty)
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
  for (const [label, query, empty] of [
    ['a word of every label (`story`)', '&q=story'],
    ['a rare label (`story #12345`)', `&q=${encodeURIComponent('story #12345')}`],
    ['a text no entry holds', '&q=nowhere-at-all', true],
    ["one person's, `open`", '&person=bench-person-3&q=open'],
    ["an item's id", '&q=item-42'],
    ['only old entries (`#12`)', `&q=${encodeURIComponent('#12')}`],
  ]) {
    const result = await reads(query, empty);
    console.log(
      `Activity search ${label.padEnd(32)} median ${ms(result.median)} (total ${result.total.toLocaleString('en')})`,
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
