#!/usr/bin/env node
// npm run bench:busy-reads: the app's launch read while videos upload. A match starts while an admin
// uploads the evening's videos, and the app's reads share the server's main thread with the uploads'
// parsing and with V8's collections of the upload buffers.
// ROUNDS (3) rounds of two phases, DURATION (10) s each: loadCheck launches (If-None-Match → 304) at RATE
// (2,000) requests/s from 20 connections on an otherwise idle server, then the same while 200 MB videos
// upload back to back through the library endpoint (each deleted once stored, so the disk does not fill).
// Prints each phase's answered requests/s and latency percentiles, and the uploads' MB/s.
// Not a test: it prints figures.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  API_KEY,
  createCategory,
  ensureBuilt,
  login,
  mp4OfSize,
  postMultipart,
  readJson,
  startServer,
} from './lib.mjs';

const MB = 1024 * 1024;
const RATE = Number(process.env.RATE ?? 2000);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-busy-'));

const launches = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 20, overallRate: RATE, duration: DURATION }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** Uploads `file` again and again until `phase` settles; returns the MB/s over the whole time. */
async function uploadDuring(phase, baseURL, token, category, file) {
  const admin = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  let over = false;
  void phase.finally(() => (over = true));
  let bytes = 0;
  let seconds = 0;
  while (!over) {
    const started = process.hrtime.bigint();
    const { status, body } = await postMultipart(`${baseURL}/api/App/video`, admin, { category }, [
      ['video', file, 'video/mp4'],
    ]);
    seconds += Number(process.hrtime.bigint() - started) / 1e9;
    if (status >= 400 || !body.data?.[0]) throw new Error(`${status} ${JSON.stringify(body).slice(0, 300)}`);
    bytes += statSync(file).size;
    const removed = await fetch(`${baseURL}/api/App/video/`, {
      method: 'DELETE',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ id: [body.data[0]._id] }),
    });
    if (!(await readJson(removed)).status) throw new Error('delete failed');
  }
  return bytes / MB / seconds;
}

function line(label, result, extra = '') {
  const { p50, p99, p99_9: p999, max } = result.latency;
  const failed = result.errors + result.non2xx - result['3xx'];
  console.log(
    `${label.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms   p99.9 ${p999} ms   max ${max} ms${failed ? `   (${failed} failed)` : ''}${extra}`,
  );
}

ensureBuilt();
const server = await startServer();
try {
  const token = await login(server.baseURL);
  const category = await createCategory(server.baseURL, token, work);
  const video = mp4OfSize(work, 200 * MB - 4096, 'busy-200mb.mp4');
  const url = `${server.baseURL}/api/App/Controler/app/loadCheck`;
  const first = await fetch(url, { headers: { 'api-key': API_KEY, 'accept-encoding': 'gzip' } });
  const etag = first.headers.get('etag');
  if (!first.ok || !etag) throw new Error(`loadCheck: ${first.status}, etag ${etag}`);
  const headers = { 'api-key': API_KEY, 'accept-encoding': 'gzip', 'if-none-match': etag };

  console.log(`loadCheck launches (304) at ${RATE} req/s, ${DURATION} s a phase:`);
  for (let round = 1; round <= ROUNDS; round++) {
    line(`round ${round}, idle server`, await launches(url, headers));
    const phase = launches(url, headers);
    const uploads = uploadDuring(phase, server.baseURL, token, category, video);
    const [result, mbPerSecond] = await Promise.all([phase, uploads]);
    line(`round ${round}, uploading`, result, `   uploads ${mbPerSecond.toFixed(0)} MB/s`);
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
