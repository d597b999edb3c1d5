#!/usr/bin/env node
// npm run bench:app: the app-facing API under load, on loopback, against the built server with a
// realistic data set (hundreds of stories, ads, matches, reels and feed videos; 10 million rolled-up
// events). Measured with autocannon (50 connections, 10 s each): a bare node:http server answering a
// 1 KB JSON; then ROUNDS (3) rounds of loadCheck on a first launch (the full reply), loadCheck on a
// launch that revalidates its ETag (304), the reels page and the feed page (asking for gzip, as the app
// does), each run between two bare runs and followed by a bare server sending that read's exact reply;
// the sizes of the lists loadCheck names (0007-app-reads.md); and POST /api/App/events in batches of 100,
// each with a fresh batchId as an app sends (each is looked up and its id recorded, 0005-app-events.md).
// Prints req/s and p99 for each, each read's median ratio to the bare server (and to the bare server
// sending its reply), events/s accepted, and the median time of the analytics query for one item over a
// year. Not a test: it prints figures.
// autocannon's client decodes every reply body into a string it never reads here; the runs skip that
// (see `decodeBodies`), and one run shows what it costs.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  API_KEY,
  ensureBuilt,
  login,
  makeMp4,
  makePng,
  median,
  openDatabase,
  readJson,
  startScriptServer,
  startServer,
} from './lib.mjs';
import { seed, seedRollups } from './seed.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
/** Rounds of each cached read, each between two bare runs. */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** `ONLY=events` skips the cached reads and measures only the events (and the analytics query). */
const ONLY = process.env.ONLY;
/** Runs of the events load, one after another on the same server (median printed when more than one). */
const EVENT_RUNS = Number(process.env.EVENT_RUNS ?? 1);
const CONNECTIONS = 50;
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-app-'));

function media() {
  return { png: makePng(path.join(work, 'x.png')), mp4: makeMp4(path.join(work, 'x.mp4')) };
}

/** The process's user + system CPU time so far, in ms (Linux's /proc; 0 elsewhere). */
function serverCpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return 0;
  // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc's CPU times are counted in these. */
const CLOCK_TICKS = 100;

function analyticsQueryTime(dataDir, id) {
  const db = openDatabase(path.join(dataDir, 'streamdesk.db'), { readonly: true });
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  // The statement the dashboard runs (analytics.repository.ts dailyTotals), as Kysely compiles it.
  const stmt = db.prepare(
    'select "day", sum(case when "kind" = ? then "count" end) as "views", sum(case when "kind" = ? then "count" end) as "clicks" from "event_rollups" where "entity_id" = ? and "day" >= ? and "day" <= ? group by "day" order by "day"',
  );
  const times = [];
  for (let i = 0; i < 200; i++) {
    const started = process.hrtime.bigint();
    stmt.all('view', 'click', id, from, to);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  db.close();
  return median(times);
}

/**
 * A bare node:http server answering every request with one fixed reply: by default a 1 KB JSON; with a
 * file, headers and a status, that reply as the server sent it (what a reply of that shape costs on this
 * machine by itself: its size, its headers).
 */
function startBare(bodyFile, headers = {}, status = 200) {
  const code = `
    const body = process.argv[1] ? require('node:fs').readFileSync(process.argv[1])
      : JSON.stringify({ status: true, message: 'ok', data: 'x'.repeat(1000) });
    const headers = { 'content-type': 'application/json', ...JSON.parse(process.argv[2]) };
    const status = Number(process.argv[3]);
    require('node:http').createServer((req, res) => {
      res.writeHead(status, headers);
      res.end(status === 304 ? undefined : body);
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  return startScriptServer(code, [bodyFile ?? '', JSON.stringify(headers), String(status)]);
}

/** Headers node:http adds to every reply by itself. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A reply as sent on the wire: status, headers and body (fetch would decode the gzip). */
function wireReply(url, headers) {
  return new Promise((resolve, reject) =>
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res
          .on('data', (c) => chunks.push(c))
          .on('end', () =>
            resolve({
              status: res.statusCode,
              headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => !OWN_HEADERS.has(k))),
              body: Buffer.concat(chunks),
            }),
          );
      })
      .on('error', reject),
  );
}

/** A bare server sending exactly the reply `url` gets from the server. */
async function startSameReply(url, headers, file) {
  const reply = await wireReply(url, headers);
  writeFileSync(file, reply.body);
  return startBare(file, reply.headers, reply.status);
}

/**
 * autocannon's client appends every reply body to a string (`req.body += chunk` in its
 * pipelinedRequestsQueue.js) that only `verifyBody`, `expectBody` and a request's `onResponse` read; this
 * bench uses none of them. Decoding a gzipped body as UTF-8 costs that client about 3 µs per KB (binary
 * is not ASCII: replacement characters, two-byte strings) against 0.4 µs for a JSON body, so on a 1 KB
 * gzip reply it spent more per request than the server: a bare server sending the reels page's reply got
 * 50,000-52,000 req/s with it and 64,000 without, next to 65,000 for the 1 KB JSON. The runs skip it
 * (`decodeBodies(false)`: the client still reads, parses and counts every byte); the bench measures it
 * once on the reels reply, to show the client's share.
 */
const bodyQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
const appendBody = bodyQueue.prototype.addBody;
function decodeBodies(on) {
  if (typeof appendBody !== 'function')
    throw new Error('autocannon changed: addBody is gone, see decodeBodies');
  bodyQueue.prototype.addBody = on ? appendBody : function skipBody() {};
}
decodeBodies(false);

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** One result line; `ok` is the status class the run expects (a revalidated launch gets 304s). */
function line(label, result, bare, ok = '2xx') {
  const rps = result.requests.average;
  const ratio = bare ? `  ratio ${(rps / bare).toFixed(2)}` : '';
  const answered = ['1xx', '2xx', '3xx', '4xx', '5xx'].reduce((n, c) => n + result[c], 0);
  const errors = answered - result[ok] + result.errors;
  console.log(
    `${label.padEnd(56)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms${ratio}${errors ? `   (${errors} errors/non-2xx)` : ''}`,
  );
  return rps;
}

ensureBuilt();
const files = media();
// No video processing: the seed uploads 160 videos and reels, and making their HLS ladders (ffmpeg, for
// minutes) would run beside the measured reads and events and take the two cores from them. A server in steady
// use has processed its videos; bench:processing measures the processing itself.
const server = await startServer({ VIDEO_JOBS_AT_ONCE: '0' });
try {
  const token = await login(server.baseURL);
  console.log('seeding...');
  const counts = await seed(server.baseURL, token, files);
  const rollups = seedRollups(server.dataDir);
  console.log(
    `data: ${JSON.stringify(counts)}; rollups: ${rollups.rows} rows holding ${rollups.events.toLocaleString('en')} events`,
  );

  const app = { 'api-key': API_KEY };
  const loadCheck = '/api/App/Controler/app/loadCheck';
  // The reads ask for gzip, as the app's HTTP clients (OkHttp, URLSession) do by default; replies over
  // 1 KB then go out gzipped. The label shows each reply's size as JSON and as sent gzipped.
  const gzipRead = { ...app, 'accept-encoding': 'gzip' };
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const sizes = async (url) => {
    const raw = (await (await fetch(server.baseURL + url, { headers: app })).arrayBuffer()).byteLength;
    // fetch decodes gzip itself; content-length is the size on the wire.
    const sent = await fetch(server.baseURL + url, { headers: gzipRead });
    await sent.arrayBuffer();
    return {
      label: `${kb(raw)}, gzip ${kb(Number(sent.headers.get('content-length')))}`,
      etag: sent.headers.get('etag'),
    };
  };

  if (ONLY !== 'events') {
    // The reference: a bare node:http server answering a 1 KB JSON. On this 2-core VM one 10 s run of it
    // swings by 20-30% from the next (41,000 to 66,000 req/s in a morning), as much as the gaps being
    // measured. So it stays up, and every read run sits between two bare runs: B R1 B R2 B R3 B R1 ...
    // Each read run's ratio is to the mean of its two neighbours, and a read's figure is the median of its
    // rounds' ratios, not one 10 s sample against another.
    const bare = await startBare();
    const bareRuns = [];
    const measureBare = async () => {
      const rps = line(
        `bare node:http 1 KB JSON (run ${bareRuns.length + 1})`,
        await load({ url: bare.url }),
      );
      bareRuns.push(rps);
      return rps;
    };

    const first = await sizes(loadCheck);
    const launchData = (await readJson(await fetch(server.baseURL + loadCheck, { headers: app }))).data;
    console.log(
      `  its sections as JSON: ${Object.entries(launchData)
        .map(([name, v]) => `${name} ${kb(JSON.stringify(v).length)}`)
        .join(', ')}`,
    );
    // A cold start also reads each list the launch reply names (an app that kept a list at the version
    // named skips it): what that costs on the wire, next to the launch reply itself.
    const listSizes = [];
    for (const [name, list] of Object.entries(launchData.lists)) {
      const sent = await fetch(server.baseURL + list.path, { headers: gzipRead });
      await sent.arrayBuffer();
      listSizes.push([name, Number(sent.headers.get('content-length'))]);
    }
    console.log(
      `  the lists it names, as sent gzipped: ${listSizes.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}; a cold start reads ${kb(listSizes.reduce((n, [, b]) => n + b, 0))} of lists after it`,
    );

    // A launch as the apps make it: OkHttp and URLSession keep the ETag of the last reply and send it
    // back in If-None-Match; it stays the same between admin writes (counting views does not change the
    // launch reply), so a launch gets a bodiless 304, which still counts an app open.
    const revalidate = { ...gzipRead, 'if-none-match': first.etag };
    const check = await fetch(server.baseURL + loadCheck, { headers: revalidate });
    const reads = [
      // A first launch, or one whose HTTP client kept no ETag: the whole reply.
      [`loadCheck (cold, full reply) (${first.label})`, loadCheck, gzipRead, '2xx'],
      [`loadCheck (launch, If-None-Match → ${check.status})`, loadCheck, revalidate, '3xx'],
      ['reels page', '/api/App/reels?page=1&limit=20&a=true', gzipRead, '2xx'],
      ['feed page', '/api/App/video/category/client?page=1&limit=10', gzipRead, '2xx'],
    ];
    // Sizes for the pages; a 304 has no body.
    for (const read of reads.slice(2)) read[0] = `${read[0]} (${(await sizes(read[1])).label})`;
    // Each read also gets a bare server sending its exact reply (status, headers, body), measured right
    // after it: the read's ratio to that one is what the server itself adds.
    const sameReplies = [];
    for (const [i, [, url, headers]] of reads.entries())
      sameReplies.push(await startSameReply(server.baseURL + url, headers, path.join(work, `reply-${i}`)));
    // What autocannon's body decoding costs it (see decodeBodies), on the 1 KB JSON and the reels reply.
    const reelsReply = sameReplies[2];
    console.log(
      "\nautocannon's own cost: decoding each reply body into a string (the runs after this skip it):",
    );
    const decoding = [];
    for (const on of [true, false]) {
      decodeBodies(on);
      const label = on ? 'decoding bodies' : 'skipping bodies';
      decoding.push([
        line(`  bare 1 KB JSON, client ${label}`, await load({ url: bare.url })),
        line(
          `  bare sending the reels reply, client ${label}`,
          await load({ url: reelsReply.url, headers: gzipRead }),
        ),
      ]);
    }
    decodeBodies(false);
    console.log(
      `  the reels reply against the 1 KB JSON: ${(decoding[0][1] / decoding[0][0]).toFixed(2)} with autocannon decoding bodies, ${(decoding[1][1] / decoding[1][0]).toFixed(2)} without`,
    );

    const runs = reads.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [label, url, headers, ok]] of reads.entries()) {
        const before = await measureBare();
        const bareIndex = bareRuns.length - 1;
        const result = await load({ url: server.baseURL + url, headers });
        const same = (await load({ url: sameReplies[i].url, headers })).requests.average;
        runs[i].push({ result, before, bareIndex, same, ok, label });
      }
    }
    await measureBare();
    for (const same of sameReplies) same.stop();
    console.log(
      `\ncached reads, ${ROUNDS} rounds each: ratio to the mean of the bare runs on either side, and to a bare server sending the same reply:`,
    );
    for (const [i, list] of runs.entries()) {
      // A run's neighbours: the bare run just before it, and the next bare run (the one after it).
      const reference = (r) => (r.before + bareRuns[r.bareIndex + 1]) / 2;
      const ratios = list.map((r) => r.result.requests.average / reference(r));
      const toSame = list.map((r) => r.result.requests.average / r.same);
      for (const r of list) line(`  ${r.label}`, r.result, reference(r), r.ok);
      console.log(
        `  => ${reads[i][0]}: median ${median(list.map((r) => r.result.requests.average)).toFixed(0)} req/s, median ratio ${median(ratios).toFixed(2)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')}); to the same reply from a bare server: ${median(toSame).toFixed(2)} (its median ${median(list.map((r) => r.same)).toFixed(0)} req/s)`,
      );
    }
    bare.stop();
  }

  const reels = await readJson(
    await fetch(`${server.baseURL}/api/App/reels?page=1&limit=20&a=true`, { headers: app }),
  );
  const ids = (reels.data ?? []).map((r) => r._id);
  const events = Array.from({ length: 100 }, (_, i) => ({
    type: i % 10 ? 'view' : 'click',
    entity: 'reel',
    id: ids[i % Math.max(1, ids.length)] ?? 'none',
    clientId: `client-${i}`,
  }));
  // Each request gets a fresh batchId (autocannon rebuilds a request with a setupRequest for every send;
  // the same body sent that way ran as fast as the fixed one).
  const eventsJson = JSON.stringify({ events }).slice(1);
  const eventRuns = [];
  for (let run = 0; run < EVENT_RUNS; run++) {
    const cpuBefore = serverCpuMs(server.pid);
    const result = await load({
      url: server.baseURL + '/api/App/events',
      method: 'POST',
      headers: { ...app, 'content-type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, body: `{"batchId":"${randomUUID()}",${eventsJson}` }) }],
    });
    const rps = line('events (batches of 100)', result);
    eventRuns.push(rps * 100);
    // The server's CPU per batch moves less with the machine's load than the rate does.
    const cpu = serverCpuMs(server.pid) - cpuBefore;
    const perBatch =
      cpu > 0 ? `; server CPU ${((cpu * 1000) / result.requests.total).toFixed(0)} µs a batch` : '';
    console.log(`events accepted: ${(rps * 100).toFixed(0)} events/s${perBatch}`);
  }
  if (EVENT_RUNS > 1)
    console.log(
      `events accepted, median of ${EVENT_RUNS} runs: ${median(eventRuns).toFixed(0)} events/s (runs: ${eventRuns.map((x) => x.toFixed(0)).join(', ')})`,
    );

  // Story views and clicks leave the launch reply alone (it carries no counts): the ETag an app kept
  // still gets a 304 after they are counted (the counter writes at most once a second).
  const before = await fetch(server.baseURL + loadCheck, { headers: gzipRead });
  await before.arrayBuffer();
  const storiesPath = (await readJson(await fetch(server.baseURL + loadCheck, { headers: app }))).data.lists
    .stories.path;
  const launchStories = await readJson(await fetch(server.baseURL + storiesPath, { headers: app }));
  const storyEvents = [...launchStories.data, ...launchStories.ads].slice(0, 100).map((story, i) => ({
    type: i % 10 ? 'view' : 'click',
    entity: 'story',
    id: story._id,
    clientId: `client-${i}`,
  }));
  const counted = await readJson(
    await fetch(server.baseURL + '/api/App/events', {
      method: 'POST',
      headers: { ...app, 'content-type': 'application/json' },
      body: JSON.stringify({ events: storyEvents }),
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await fetch(server.baseURL + loadCheck, {
    headers: { ...gzipRead, 'if-none-match': before.headers.get('etag') },
  });
  await after.arrayBuffer();
  console.log(
    `loadCheck after ${counted.accepted} story events were counted: ${after.status} to the ETag kept before`,
  );
  if (rollups.sampleId)
    console.log(
      `analytics query, one item over a year: median ${analyticsQueryTime(server.dataDir, rollups.sampleId).toFixed(3)} ms`,
    );
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
