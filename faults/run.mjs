#!/usr/bin/env node
// `npm run test:faults`: the standing fault suite (docs/decisions/0040-fault-suite.md). Starts the built
// server on SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server, and runs against it on
// 127.0.0.1 only: the schema-derived fuzzer, the access-control matrix, hostile uploads and kill -9 in the
// middle of uploads and event loads. Prints a table of what it tried and found; exits 1 on any finding.
//
// Settings: FAULTS_PER_OPERATION (requests per operation, 50), FAULTS_CONCURRENCY (4), FAULTS_SEED (a
// number; the default is fixed, so a run repeats), FAULTS_ONLY (comma list of parts: fuzz, matrix,
// uploads, kills), FAULTS_REQUEST_TIMEOUT_MS (15000).
import { ensureBuilt, startServer } from '../bench/lib.mjs';
import { accessMatrix } from './matrix.mjs';
import { fuzz } from './fuzz.mjs';
import { adminHeaders, appHeaders, freshPgDatabase, makeTeam, signInAdmin } from './lib.mjs';

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

function printTable(rows) {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, ...values] of rows)
    console.log(`${label.padEnd(width)}  ${values.map((v) => String(v).padStart(10)).join('  ')}`);
}

const started = Date.now();
ensureBuilt();
const kinds = ['sqlite', ...(pgUrl ? ['postgres'] : [])];
const results = {};
for (const kind of kinds) {
  console.log(`\n== ${kind}`);
  results[kind] = { api: only.has('fuzz') || only.has('matrix') ? await apiFaults(kind) : {} };
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
  ];
  findings += list.length;
  if (list.length) {
    console.log(`\nFindings on ${kind} (${list.length}):`);
    for (const line of list.slice(0, 50)) console.log(`  ${line}`);
    if (list.length > 50) console.log(`  ... and ${list.length - 50} more`);
  }
}
console.log(
  `\n${findings ? `${findings} findings` : 'No findings'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(findings ? 1 : 0);
