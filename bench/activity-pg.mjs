#!/usr/bin/env node
// npm run bench:activity-pg: what the Activity search index (docs/decisions/0065-activity-search-index.md)
// costs an entry's insert on PostgreSQL, which bench:activity (SQLite) does not measure. DATABASE_URL names
// an empty database: the built server's migrations run on it, ROWS (1,000,000) entries are seeded in one
// statement (the migration's fill of the index timed after them), then single-row inserts, each its own
// transaction as a recorded write's entry is, go N (500) at a time in ROUNDS (6) alternating rounds into
// activity_log (the folded column's trigger and its two GIN trigram indexes) and into a copy of it with the
// same rows and B-tree indexes and no search index. Then the built server on that database answers the
// Activity screen's first page unsearched and searched as bench:activity asks it, READS (6) times each
// (medians). Not a test: it prints figures.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_KEY, ensureBuilt, login, machineLoad, median, readJson, root, startServer } from './lib.mjs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (an empty PostgreSQL database) is required');
const ROWS = Number(process.env.ROWS ?? 1_000_000);
const N = Number(process.env.N ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const READS = Number(process.env.READS ?? 6);
const dist = path.join(root, 'packages/server/dist');
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

ensureBuilt();
const { createDatabase } = await import(`${dist}/platform/db/database.js`);
const { migrateToLatest } = await import(`${dist}/platform/db/migrate.js`);
const { migrations } = await import(`${dist}/migrations.js`);
const pg = createRequire(path.join(root, 'packages/server/'))('pg');

// The schema before the index, the entries, then the index's migration over them.
const before = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name !== '1510_activity_log_search'),
);
const database = createDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
await migrateToLatest(database.db, before);
await database.destroy();
const client = new pg.Client({ connectionString: url });
await client.connect();
let started = performance.now();
const start = Math.floor(Date.now() / 1000) - 365 * 86_400;
const step = (365 * 86_400) / ROWS;
await client.query(`insert into activity_log (id, created_at, person_id, person_name, role, action, feature, item_id, label, changes, ip, user_agent)
  select lpad(to_hex((${start} + i * ${step})::bigint), 8, '0') || lpad(to_hex(i), 16, '0'),
    to_char(to_timestamp(${start} + i * ${step}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'bench-person-' || (i % 20), 'Person ' || (i % 20), 'admin',
    case i % 4 when 0 then 'create' else 'update' end,
    case i % 3 when 0 then 'stories' when 1 then 'controller' else 'ad-units' end,
    'item-' || ((i * 7919) % 10000), 'story #' || i,
    '[{"field":"btnName","before":"Watch","after":"Open"}]', '127.0.0.1', 'bench'
  from generate_series(0::bigint, ${ROWS - 1}) as i`);
await client.query('vacuum analyze activity_log');
console.log(`${ROWS.toLocaleString('en')} entries seeded in ${seconds(started)}`);
started = performance.now();
const migrated = createDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
await migrateToLatest(migrated.db, migrations);
await migrated.destroy();
console.log(`the search index's migration (1510) over them: ${seconds(started)}`);
await client.query('vacuum analyze activity_log');

// The copy without the index: the same rows and B-tree indexes.
await client.query('drop table if exists activity_plain');
await client.query('create table activity_plain (like activity_log including defaults)');
await client.query('alter table activity_plain drop column search_folded');
await client.query(`insert into activity_plain select id, created_at, person_id, person_name, role, action, feature,
  item_id, label, changes, ip, user_agent from activity_log`);
const { rows: defs } = await client.query(
  `select indexdef from pg_indexes where tablename = 'activity_log' and indexdef not like '%gin%'`,
);
for (const { indexdef } of defs)
  await client.query(
    indexdef.replace(/INDEX (\w+) ON (\S+)\.activity_log /, 'INDEX $1_plain ON $2.activity_plain '),
  );
await client.query('vacuum analyze activity_plain');

let k = 0;
const insert = (table) =>
  client.query(
    `insert into ${table} (id, created_at, person_id, person_name, role, action, feature, item_id, label, changes, ip, user_agent)
     values ($1, $2, 'p1', 'Ãdmin Person', 'admin', 'update', 'stories', $3, $4, $5, '127.0.0.1', 'Mozilla/5.0 bench')`,
    [
      `zz${String(++k).padStart(12, '0')}`,
      new Date().toISOString(),
      `01J${k}ABCDEFGH`,
      `story "Story ${k}"`,
      JSON.stringify([{ field: 'btnName', before: `Open ${k}`, after: `Open ${k + 1}` }]),
    ],
  );
const times = { activity_log: [], activity_plain: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const table of round % 2 ? ['activity_plain', 'activity_log'] : ['activity_log', 'activity_plain']) {
    for (let i = 0; i < 20; i++) await insert(table);
    for (let i = 0; i < N; i++) {
      const t0 = process.hrtime.bigint();
      await insert(table);
      times[table].push(Number(process.hrtime.bigint() - t0) / 1e3);
    }
  }
}
const stat = (all) => {
  const s = [...all].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `median ${s[s.length >> 1].toFixed(0)} µs, mean ${mean.toFixed(0)} µs, p99 ${s[Math.floor(s.length * 0.99)].toFixed(0)} µs`;
};
console.log(`an entry's insert with the search index: ${stat(times.activity_log)}`);
console.log(`an entry's insert without it:            ${stat(times.activity_plain)}`);
await client.query('drop table activity_plain');
await client.end();

const server = await startServer({ DATABASE_URL: url });
try {
  const admin = { 'api-key': API_KEY, authorization: `Bearer ${await login(server.baseURL)}` };
  for (const [label, query] of [
    ['unsearched', ''],
    ['a word of every label (`story`)', '&q=story'],
    ['a rare label (`story #12345`)', `&q=${encodeURIComponent('story #12345')}`],
    ['a text no entry holds', '&q=nowhere-at-all'],
    ["one person's, `open`", '&person=bench-person-3&q=open'],
    ["an item's id", '&q=item-42'],
    ['only old entries (`#12`)', `&q=${encodeURIComponent('#12')}`],
    ['punctuation in every entry', `&q=${encodeURIComponent('"after":"Open"')}`],
  ]) {
    const times = [];
    let reply;
    for (let i = 0; i < READS + 2; i++) {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${server.baseURL}/api/admin/activity?page=1&limit=50${query}`, {
        headers: admin,
      });
      reply = await readJson(res);
      if (i >= 2) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    if (!reply.status) throw new Error(`activity ${query}: ${JSON.stringify(reply).slice(0, 300)}`);
    console.log(
      `Activity ${label.padEnd(32)} median ${median(times).toFixed(1)} ms (total ${reply.total.toLocaleString('en')})`,
    );
  }
} finally {
  await server.stop();
}
console.log(`machine load (uptime): ${machineLoad()}`);
