#!/usr/bin/env node
// npm run bench:media: serving stored media (/media/<folder>/<file>) from a small folder and from a large
// one, on loopback, against the built server. A library of many videos puts tens of thousands of files in
// one folder (a video and its thumbnail each), and every list screen, the public feed and the app's reels
// load thumbnails from it. FILES (40,000) small images are written into media/videos and 100 into
// media/stories before the server starts; then, DURATION (8) s each, with autocannon from CONNECTIONS
// (10) connections: GETs of 1,000 different stories images, then of 1,000 different videos images. Then a
// list screen as a browser loads it, SCREENS (5) times: 100 videos images, 6 at a time; and the app's
// maintenance read, one request every 10 ms, alone and while those screens load.
// Prints req/s and latency percentiles, ms per screen, and the read's median, p99 and max (to 0.1 ms).
// Not a test: it prints figures (docs/decisions/0004-media-urls.md).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_KEY, ensureBuilt, makePng, median, startServer } from './lib.mjs';

const FILES = Number(process.env.FILES ?? 40_000);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SCREENS = Number(process.env.SCREENS ?? 5);
const ASKED = 1000;

const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-media-'));
const dataDir = path.join(work, 'data');

/** Fills media/<folder> with `count` copies of `png` named as the store names files; returns their URLs. */
function fill(folder, count, png) {
  const dir = path.join(dataDir, 'media', folder);
  mkdirSync(dir, { recursive: true });
  const urls = [];
  for (let i = 0; i < count; i++) {
    const name = `${(0x6650f0c1 + i).toString(16).padStart(8, '0')}a2b3c4d5e6f70812.png`;
    copyFileSync(png, path.join(dir, name));
    // Spread over the folder, so the files asked are not all from its first directory blocks.
    if (i % Math.max(1, Math.floor(count / ASKED)) === 0 && urls.length < ASKED)
      urls.push(`/media/${folder}/${name}`);
  }
  return urls;
}

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

function line(label, result) {
  const { p50, p99, max } = result.latency;
  const failed = result.errors + result.non2xx;
  console.log(
    `${label.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms   max ${max} ms${failed ? `   (${failed} failed)` : ''}`,
  );
}

const imageAgent = new http.Agent({ keepAlive: true, maxSockets: 6 });
const readAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Milliseconds to GET `url` and read its body (autocannon counts whole milliseconds only). */
const timedGet = (url, agent, headers = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${res.statusCode} ${url}`)),
        );
      })
      .on('error', reject);
  });

/** The app's maintenance read every 10 ms until `until` settles; resolves with each one's time. */
async function reads(url, until) {
  let over = false;
  void until.finally(() => (over = true));
  const times = [];
  while (!over) {
    times.push(await timedGet(url, readAgent, { 'api-key': API_KEY }));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

/** Loads `count` list screens of 100 images each, 6 at a time; resolves with each screen's ms. */
async function screens(baseURL, urls, count) {
  const times = [];
  for (let screen = 0; screen < count; screen++) {
    const started = performance.now();
    const queue = urls.slice((screen * 100) % urls.length).slice(0, 100);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (queue.length) await timedGet(baseURL + queue.shift(), imageAgent);
      }),
    );
    times.push(performance.now() - started);
  }
  return times;
}

function timesLine(label, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
  console.log(
    `${label.padEnd(36)} median ${median(times).toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${sorted.at(-1).toFixed(1)} ms   (${times.length})`,
  );
}

ensureBuilt();
const png = makePng(path.join(work, 'thumb.png'));
const stories = fill('stories', 100, png);
const videos = fill('videos', FILES, png);
const server = await startServer({ DATA_DIR: dataDir });
try {
  const images = (urls) => ({
    url: server.baseURL,
    requests: urls.map((url) => ({ method: 'GET', path: url })),
  });
  // Warms the server up (JIT, the first files' inodes), so the first phase is not the slower for it.
  await load({ ...images(stories), duration: 2 });
  console.log(`media images (${CONNECTIONS} connections, ${DURATION} s each):`);
  line(`stories (${stories.length} files in the folder)`, await load(images(stories)));
  line(`videos (${FILES} files in the folder)`, await load(images(videos)));
  const appRead = `${server.baseURL}/api/App/Controler/maintenance/status`;
  const idle = new Promise((resolve) => setTimeout(resolve, 2000));
  timesLine('app maintenance read, idle server', await reads(appRead, idle));
  const loading = screens(server.baseURL, videos, SCREENS);
  const [screenTimes, busy] = await Promise.all([loading, reads(appRead, loading)]);
  timesLine('list screen, 100 videos images', screenTimes);
  timesLine('app maintenance read meanwhile', busy);
} finally {
  imageAgent.destroy();
  readAgent.destroy();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
