// Schedules all due at one time (issue 34, docs/decisions/0033-scheduler.md): COUNT items (default
// 10,000, the issue's figure; 200 is a busy match night) split between scheduled controller changes,
// send-later notifications and planned live matches, made through the API of the built server, all due
// LEAD_S seconds after the run starts (default: 40, and 1 s more for each 40 to make, about the rate they
// are made at on a 2-core machine). Prints, per kind of job, how late it ran after its due time (median,
// p99, max), when the last one was done, the server's CPU while the jobs wait and to run them (the figure
// to compare on a busy machine), and the app's loadCheck
// time (median, p99, max) just before they are due and while they run. SQLite in a temporary folder by
// default; DATABASE_URL=postgres://... measures PostgreSQL.
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_KEY, ensureBuilt, login, makePng, readJson, root, startServer } from './lib.mjs';

const COUNT = Number(process.env.COUNT ?? 10_000);
const LEAD_S = Number(process.env.LEAD_S ?? 40 + Math.ceil(COUNT / 40));
const AT_ONCE = 6;

ensureBuilt();
const dist = (file) => path.join(root, 'packages/server/dist', file);
const { createDatabase } = await import(dist('platform/db/database.js'));

// The schedules are made a few at a time: more than the default uploads at once one client may send.
const server = await startServer({ UPLOADS_PER_CLIENT: String(AT_ONCE) });
process.on('exit', () => void server.kill());
const token = await login(server.baseURL);
const admin = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-schedules-'));
const png = await openAsBlob(makePng(path.join(tmp, 'match.png'), 'green'), { type: 'image/png' });

const due = new Date(Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000);
const dueIso = due.toISOString();

async function send(method, url, body) {
  const res = await fetch(server.baseURL + url, {
    method,
    headers: body instanceof FormData ? admin : { ...admin, 'content-type': 'application/json' },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const reply = await readJson(res);
  if (!res.ok || reply.status === false) throw new Error(`${url}: ${res.status} ${JSON.stringify(reply)}`);
}
const form = (fields, image) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (image) f.append('image', image, 'match.png');
  return f;
};
const makers = [
  (i) =>
    send('POST', '/api/admin/controller/schedules', {
      changes: { searchText: `Match night ${i}` },
      startAt: dueIso,
    }),
  (i) =>
    send(
      'POST',
      '/api/App/notification/send',
      form({ title: `Kick-off ${i}`, message: 'It starts now', sendAt: dueIso }),
    ),
  (i) =>
    send(
      'POST',
      '/api/App/liveMatch/admin',
      form({ title: `Match ${i}`, url: 'https://stream.example.com/live', plannedStart: dueIso }, png),
    ),
];

const made = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let i = next++; i < COUNT; i = next++) await makers[i % makers.length](i);
  }),
);
const madeS = (performance.now() - made) / 1000;
const leftMs = due.getTime() - Date.now();
console.log(
  `${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${COUNT} schedules made in ${madeS.toFixed(1)} s, due at ${dueIso} (${(leftMs / 1000).toFixed(1)} s later)`,
);
if (leftMs < 8000) throw new Error(`made too late for the due time: raise LEAD_S (now ${LEAD_S})`);

/** The server's CPU time so far, in ms (Linux /proc; utime + stime at 100 ticks a second). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
// Idle with the jobs waiting: the scheduler's polls only.
await new Promise((r) => setTimeout(r, 1000));
const idleFrom = [cpuMs(), performance.now()];
await new Promise((r) => setTimeout(r, Math.min(5000, due.getTime() - Date.now() - 3000)));
const idlePercent = ((cpuMs() - idleFrom[0]) / (performance.now() - idleFrom[1])) * 100;

// loadCheck, read again and again as phones opening the app would, from 2 s before the due time.
const loadChecks = [];
let reading = true;
const reader = (async () => {
  while (reading) {
    const t0 = performance.now();
    const res = await fetch(`${server.baseURL}/api/App/Controler/app/loadCheck`, {
      headers: { 'api-key': API_KEY },
    });
    await res.arrayBuffer();
    loadChecks.push({ at: Date.now(), ms: performance.now() - t0 });
  }
})();

const { db, destroy } = createDatabase({ dataDir: server.dataDir, databaseUrl: process.env.DATABASE_URL });
const jobsOf = () =>
  db
    .selectFrom('scheduled_jobs')
    .select(['kind', 'status', 'run_at', 'finished_at'])
    .where('run_at', '=', dueIso)
    .execute();
let jobs;
const giveUp = due.getTime() + 600_000;
// The server's CPU for the run itself: less swayed than the times by what else the machine runs.
let cpuAtDue;
for (;;) {
  await new Promise((r) => setTimeout(r, 250));
  if (Date.now() < due.getTime()) continue;
  cpuAtDue ??= cpuMs();
  jobs = await jobsOf();
  if (jobs.every((j) => j.finished_at) || Date.now() > giveUp) break;
}
const cpuRun = cpuMs() - cpuAtDue;
reading = false;
await reader;

const ms = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return `median ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
};
const lateOf = (j) => Date.parse(j.finished_at) - Date.parse(j.run_at);
const kinds = [...new Set(jobs.map((j) => j.kind))].sort();
for (const kind of kinds) {
  const of = jobs.filter((j) => j.kind === kind);
  const notDone = of.filter((j) => j.status !== 'done').length;
  console.log(
    `  ${kind} (${of.length}): done after its time ${ms(of.filter((j) => j.finished_at).map(lateOf))}${notDone ? `; ${notDone} not done` : ''}`,
  );
}
const last = Math.max(...jobs.filter((j) => j.finished_at).map((j) => Date.parse(j.finished_at)));
console.log(`  all ${jobs.length} done ${((last - due.getTime()) / 1000).toFixed(1)} s after the due time`);
console.log(`  server CPU while ${jobs.length} jobs wait: ${idlePercent.toFixed(1)} % of a core`);
console.log(
  `  server CPU to run them: ${(cpuRun / 1000).toFixed(1)} s (${(cpuRun / jobs.length).toFixed(2)} ms a job; load average ${os.loadavg()[0].toFixed(1)})`,
);
const before = loadChecks.filter((r) => r.at < due.getTime()).map((r) => r.ms);
const during = loadChecks.filter((r) => r.at >= due.getTime() && r.at <= last).map((r) => r.ms);
if (before.length) console.log(`  loadCheck before (${before.length} reads): ${ms(before)}`);
if (during.length) console.log(`  loadCheck while they run (${during.length} reads): ${ms(during)}`);

await destroy();
await server.stop();
rmSync(tmp, { recursive: true, force: true });
