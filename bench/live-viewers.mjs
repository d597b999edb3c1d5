// What counting live viewers across server processes costs (docs/decisions/0005-app-events.md):
// 100,000 phones sending a heartbeat every 30 s (half of them on one of five live matches), 90 simulated
// seconds. Prints the median and worst time of the once-a-second write of new beats, after the first 35 s
// (every phone has been written by then), and the time of the two counts the system stats poll makes.
// SQLite in a temporary folder by default; DATABASE_URL=postgres://... measures PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt, root } from './lib.mjs';

ensureBuilt();
const dist = (file) => path.join(root, 'packages/server/dist', file);
const { createDatabase } = await import(dist('platform/db/database.js'));
const { migrateToLatest } = await import(dist('platform/db/migrate.js'));
const { migrations } = await import(dist('migrations.js'));
const { LiveViewerTracker, SharedLiveViewers } = await import(dist('features/analytics/live-viewers.js'));

const PHONES = 99_990;
const BEAT_EVERY_S = 30;
const SECONDS = 90;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-viewers-'));
const { db, destroy } = createDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
await migrateToLatest(db, migrations);
await db.deleteFrom('live_viewers').execute();
const viewers = new SharedLiveViewers(db, new LiveViewerTracker(), console);

const start = Date.now();
const perSecond = PHONES / BEAT_EVERY_S;
const writes = [];
let clock = start;
for (let second = 0; second < SECONDS; second++) {
  clock = start + second * 1000;
  for (let i = 0; i < perSecond; i++) {
    const phone = (second * perSecond + i) % PHONES;
    viewers.tracker.beat(`phone-${phone}`, phone % 2 ? `match-${phone % 5}` : undefined, clock);
  }
  const t0 = performance.now();
  await viewers.write(clock);
  writes.push(performance.now() - t0);
}
const t1 = performance.now();
const overall = await viewers.count(undefined, clock);
const onMatch = await viewers.count('match-1', clock);
const countMs = performance.now() - t1;

const steady = writes.slice(35).sort((a, b) => a - b);
console.log(
  `${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${PHONES} phones, a heartbeat each every ${BEAT_EVERY_S} s (${perSecond} a second)`,
);
console.log(
  `  write once a second: median ${steady[Math.floor(steady.length / 2)].toFixed(1)} ms, worst ${steady.at(-1).toFixed(1)} ms`,
);
console.log(
  `  counts (overall ${overall}, one match ${onMatch}): ${countMs.toFixed(1)} ms for both; ${viewers.tracker.held()} entries held in memory`,
);
if (overall !== PHONES || onMatch !== PHONES / 10) throw new Error('the counts are wrong');
await destroy();
rmSync(dataDir, { recursive: true, force: true });
