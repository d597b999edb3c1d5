#!/usr/bin/env node
// `npm run test:faults`: the standing fault suite (docs/decisions/0040-fault-suite.md). Starts the built
// server on SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server, and runs against it on
// 127.0.0.1 only: the schema-derived fuzzer, the access-control matrix, hostile uploads and kill -9 in the
// middle of uploads and event loads. Prints a table of what it tried and found; exits 1 on any finding.
//
// Settings: FAULTS_PER_OPERATION (requests per operation, 50), FAULTS_CONCURRENCY (4), FAULTS_SEED (a
// number; the default is fixed, so a run repeats), FAULTS_ONLY (comma list of parts: fuzz, matrix,
// uploads, kills), FAULTS_REQUEST_TIMEOUT_MS (15000).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, startServer } from '../bench/lib.mjs';
import { accessMatrix } from './matrix.mjs';
import { fuzz } from './fuzz.mjs';
import { killMidWork } from './kills.mjs';
import { adminHeaders, appHeaders, freshPgDatabase, makeTeam, signInAdmin } from './lib.mjs';
import { hostileUploads, SLOW_ENV, slowBodies } from './uploads.mjs';

const perOperation = Number(process.env.FAULTS_PER_OPERATION ?? 50);
const concurrency = Number(process.env.FAULTS_CONCURRENCY ?? 4);
const seed = Number(process.env.FAULTS_SEED ?? 38);
const only = new Set(
  (process.env.FAULTS_ONLY ?? 'fuzz,matrix,uploads,kills').split(',').map((s) => s.trim()),
);
const pgUrl = process.env.TEST_DATABASE_URL;

/** Runs `work` against a fresh server on the database `kind`; the server and its database go after. */
async function withServer(kind, work, env = {}) {
  const database = kind === 'postgres' ? await freshPgDatabase(pgUrl) : undefined;
  const server = await startServer({
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'error',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  try {
    return await work(server, database);
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/** The fuzzer and the matrix, on one server. */
async function apiFaults(kind) {
  return withServer(kind, async ({ baseURL }) => {
    let token = await signInAdmin(baseURL);
    const docRes = await fetch(`${baseURL}/api/docs/json`, { headers: adminHeaders(token) });
    const doc = await docRes.json();
    const out = {};
    if (only.has('matrix')) {
      const tokens = await makeTeam(baseURL, token);
      const started = Date.now();
      out.matrix = { ...(await accessMatrix(baseURL, doc, tokens)), seconds: (Date.now() - started) / 1000 };
    }
    if (only.has('fuzz')) {
      let renewing;
      const renewToken = () =>
        (renewing ??= signInAdmin(baseURL).then((t) => {
          token = t;
          renewing = undefined;
        }));
      const started = Date.now();
      out.fuzz = await fuzz(baseURL, doc, {
        perOperation,
        concurrency,
        seed,
        getToken: () => token,
        renewToken,
      });
      out.fuzz.seconds = (Date.now() - started) / 1000;
      // The server still answers after all of it.
      const alive = await fetch(`${baseURL}/api/App/Controler/maintenance/status`, {
        headers: appHeaders,
      }).catch(() => undefined);
      out.alive = alive?.status === 200;
    }
    return out;
  });
}

/**
 * Hostile uploads on one server. Its videos are not processed (0059): the controls' HLS ladders and posters
 * came in the background for seconds, and on a busy machine (load 13) some came after the folder had been
 * still for a second, so they were taken for files the refusals kept (four `.m3u8`, `.ts` and `.jpg`). A
 * refusal keeps no file whether the good uploads beside it are processed or not.
 */
async function uploadFaults(kind) {
  return withServer(
    kind,
    async ({ baseURL, dataDir }) => {
      const token = await signInAdmin(baseURL);
      const doc = await (await fetch(`${baseURL}/api/docs/json`, { headers: adminHeaders(token) })).json();
      const started = Date.now();
      return {
        ...(await hostileUploads(baseURL, doc, token, dataDir, workDir)),
        seconds: (Date.now() - started) / 1000,
      };
    },
    { VIDEO_JOBS_AT_ONCE: '0' },
  );
}

/**
 * Slow bodies, on a server of their own on SQLite (they are HTTP's alone) and beside the other parts:
 * the slow uploads wait out the upload deadline, a minute at the least.
 */
function slowFaults() {
  return withServer(
    'sqlite',
    async ({ baseURL }) => {
      const started = Date.now();
      return {
        cases: await slowBodies(baseURL, await signInAdmin(baseURL)),
        seconds: (Date.now() - started) / 1000,
      };
    },
    SLOW_ENV,
  );
}

/** kill -9 mid-upload and mid-event-load, then a restart on the same data folder and database. */
async function killFaults(kind) {
  const database = kind === 'postgres' ? await freshPgDatabase(pgUrl) : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sd-faults-kill-'));
  const started = Date.now();
  try {
    const env = {
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'error',
      // Kills mid-upload and mid-count: reels stay queued. Since reels are processed (0059) a restarted
      // server made their HLS ladders, whose files the reels' reply does not list (the rows name them in
      // hls_files), and this check, which reads the names from the reply, took them for orphans.
      VIDEO_JOBS_AT_ONCE: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    return { ...(await killMidWork(env, dataDir, workDir)), seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

function uploadFindings(uploads) {
  if (!uploads) return [];
  return [
    ...uploads.cases
      .filter((c) => !c.ok)
      .map((c) => `upload ${c.kind} ${c.route} ${c.field}: ${c.status} ${c.answer}`),
    ...uploads.controls
      .filter((c) => c.status !== 200)
      .map((c) => `upload control ${c.route}: a good form was answered ${c.status} ${c.answer}`),
    ...uploads.kept.map((key) => `upload: a refused upload kept media/${key}`),
    ...uploads.partial.map((key) => `upload: a partial file was left: media/.tmp/${key}`),
  ];
}

function killFindings(kills) {
  if (!kills) return [];
  return [
    ...(kills.eventsLost ? [`kill -9: ${kills.eventsLost} acknowledged event batches lost`] : []),
    ...(kills.eventsOverCounted
      ? [`kill -9: ${kills.eventsOverCounted} event batches counted more than were sent`]
      : []),
    ...(Number.isInteger(kills.countedBatches)
      ? []
      : [`kill -9: a part of a batch counted (${kills.countedBatches})`]),
    ...kills.lostUploads.map((id) => `kill -9: acknowledged upload ${id} lost`),
    ...kills.partialAfter.map((key) => `kill -9: partial file left after the restart: media/.tmp/${key}`),
    ...kills.orphans.map((key) => `kill -9: media/${key} is named by no row after the restart`),
    ...kills.missingThumbnails.map((url) => `kill -9: thumbnail ${url} not made again after the restart`),
  ];
}

function printTable(rows) {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, ...values] of rows)
    console.log(`${label.padEnd(width)}  ${values.map((v) => String(v).padStart(10)).join('  ')}`);
}

const started = Date.now();
ensureBuilt();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'sd-faults-files-'));
const kinds = ['sqlite', ...(pgUrl ? ['postgres'] : [])];
const results = {};
let slow;
try {
  // Settled here, thrown below: a failure meanwhile must not end the run before the servers stop.
  const slowRun = only.has('uploads')
    ? slowFaults().then(
        (v) => ({ v }),
        (e) => ({ e }),
      )
    : undefined;
  for (const kind of kinds) {
    console.log(`\n== ${kind}`);
    results[kind] = {
      api: only.has('fuzz') || only.has('matrix') ? await apiFaults(kind) : {},
      uploads: only.has('uploads') ? await uploadFaults(kind) : undefined,
      kills: only.has('kills') ? await killFaults(kind) : undefined,
    };
  }
  const settled = await slowRun;
  if (settled?.e) throw settled.e;
  slow = settled?.v;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

let findings = 0;
console.log(
  `\nFault suite (seed ${seed}, ${perOperation} requests per operation, ${concurrency} at a time):\n`,
);
const col = (f) => kinds.map((k) => f(results[k]) ?? '-');
const rows = [['', ...kinds]];
if (only.has('fuzz')) {
  rows.push(
    ['fuzz: operations', ...col((r) => r.api.fuzz?.operations)],
    ['fuzz: requests', ...col((r) => r.api.fuzz?.requests)],
    ['fuzz: refused before validation (401/403/429)', ...col((r) => r.api.fuzz?.refusedBeforeValidation)],
    ['fuzz: 5xx answers', ...col((r) => r.api.fuzz?.fivexx)],
    ['fuzz: hangs (no answer in time)', ...col((r) => r.api.fuzz?.hangs)],
    ['fuzz: connections ended unanswered', ...col((r) => r.api.fuzz?.noAnswer)],
    ['fuzz: seconds', ...col((r) => r.api.fuzz?.seconds.toFixed(1))],
    ['server alive after', ...col((r) => (r.api.alive ? 'yes' : 'NO'))],
  );
}
if (only.has('matrix')) {
  rows.push(
    ['matrix: cells checked', ...col((r) => r.api.matrix?.cells)],
    ['matrix: cells wrong', ...col((r) => r.api.matrix?.wrong.length)],
    ['matrix: seconds', ...col((r) => r.api.matrix?.seconds.toFixed(1))],
  );
}
if (only.has('uploads')) {
  const cases = (r, kind) => r.uploads.cases.filter((c) => !kind || c.kind === kind);
  rows.push(
    [
      'uploads: good forms accepted (controls)',
      ...col(
        (r) => `${r.uploads.controls.filter((c) => c.status === 200).length} of ${r.uploads.controls.length}`,
      ),
    ],
    [
      'uploads: routes x file fields',
      ...col((r) => new Set(cases(r).map((c) => `${c.route} ${c.field}`)).size),
    ],
    ...['spoofed', 'oversized', 'truncated'].map((kind) => [
      `uploads: ${kind} (cases / not refused)`,
      ...col((r) => `${cases(r, kind).length} / ${cases(r, kind).filter((c) => !c.ok).length}`),
    ]),
    [
      'uploads: files kept / partial left',
      ...col((r) => `${r.uploads.kept.length} / ${r.uploads.partial.length}`),
    ],
  );
  rows.push(['uploads: seconds', ...col((r) => r.uploads.seconds.toFixed(1))]);
  for (const c of slow.cases)
    rows.push([`slow (SQLite): ${c.kind}`, `${c.wrong} wrong, longest ${(c.longestMs / 1000).toFixed(1)} s`]);
  rows.push(['slow (SQLite): seconds, beside the rest', slow.seconds.toFixed(1)]);
}
if (only.has('kills')) {
  rows.push(
    ['kill -9: event batches acknowledged', ...col((r) => r.kills.acknowledgedBatches)],
    ['kill -9: event batches counted after', ...col((r) => r.kills.countedBatches)],
    ['kill -9: acknowledged batches lost', ...col((r) => r.kills.eventsLost)],
    [
      'kill -9: uploads acknowledged / lost',
      ...col((r) => `${r.kills.acknowledgedUploads} / ${r.kills.lostUploads.length}`),
    ],
    [
      'kill -9: partial files at kill / after',
      ...col((r) => `${r.kills.partialAtKill} / ${r.kills.partialAfter.length}`),
    ],
    [
      'kill -9: orphan files / moved aside',
      ...col((r) => `${r.kills.orphans.length} / ${r.kills.movedAside}`),
    ],
    ['kill -9: thumbnails missing', ...col((r) => r.kills.missingThumbnails.length)],
    ['kill -9: seconds', ...col((r) => r.kills.seconds.toFixed(1))],
  );
}
printTable(rows);
for (const kind of kinds)
  if (results[kind].api.fuzz)
    console.log(
      `fuzz answers on ${kind}: ${Object.entries(results[kind].api.fuzz.statuses)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ')}`,
    );

for (const kind of kinds) {
  const { api } = results[kind];
  const list = [
    ...(api.fuzz?.findings ?? []).map((f) => `fuzz ${f.operation} (${f.kind}) ${f.url}: ${f.answer}`),
    ...(api.matrix?.wrong ?? []).map(
      (w) => `matrix ${w.operation} as ${w.caller}: expected ${w.expected}, got ${w.got}`,
    ),
    ...(api.fuzz && !api.alive ? ['the server stopped answering after the fuzz'] : []),
    ...uploadFindings(results[kind].uploads),
    ...killFindings(results[kind].kills),
  ];
  findings += list.length;
  if (list.length) {
    console.log(`\nFindings on ${kind} (${list.length}):`);
    for (const line of list.slice(0, 50)) console.log(`  ${line}`);
    if (list.length > 50) console.log(`  ... and ${list.length - 50} more`);
  }
}
const slowFindings = (slow?.cases ?? [])
  .filter((c) => c.wrong)
  .map(
    (c) =>
      `${c.kind}: ${c.wrong} of ${c.connections} not ${c.bound} (${c.statuses}, longest ${c.longestMs} ms)`,
  );
findings += slowFindings.length;
if (slowFindings.length)
  console.log(`\nFindings of the slow bodies (SQLite):\n  ${slowFindings.join('\n  ')}`);
console.log(
  `\n${findings ? `${findings} findings` : 'No findings'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(findings ? 1 : 0);
