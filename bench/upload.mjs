#!/usr/bin/env node
// npm run bench:upload: upload throughput and server memory through the real endpoints on loopback.
// - a 30 MB MP4 through the story endpoint, several times;
// - a 200 MB MP4 and a batch of 10 x 50 MB through the video library endpoint, then the same through its
//   resumable (tus) endpoint as the upload page sends them (its PATCH size, three files at a time).
// Prints the median MB/s, the same bytes written by `dd ... conv=fsync` before and after each upload for
// a ratio (the median of the runs' ratios, each to its neighbouring `dd` runs), and the server's
// peak RSS growth during each part, from the RSS it starts at (`--story-only` or `--library-only` runs one
// part). With `--bare-writer`, each 200 MB upload is followed by the same body sent to a bare node:http
// server that writes it to a file (and a `dd` of its own): what Node does with these bytes on this
// machine before any parsing or checking. `--warm-pages` puts every upload and `dd` on page cache freed a
// moment ago (`dd`'s fastest case; see warmFreePages). Not a test: it prints figures and never fails on them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_KEY,
  createCategory,
  ensureBuilt,
  login,
  median,
  memoryOf,
  mp4OfSize,
  postMultipart,
  resetPeak,
  startScriptServer,
  startServer,
  storyInsertData,
} from './lib.mjs';
import { tusBatch } from './tus-client.mjs';

const MB = 1024 * 1024;
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-upload-'));

let ddOutputs = 0;

/**
 * The same bytes copied by `dd ... conv=fsync` (one file after the other for a batch), in MB/s. Each copy
 * goes to a new file that is kept until the bench ends, as the server keeps every upload: on this VM,
 * writing into page cache freed by a deleted file runs at 5-6 GB/s while fresh page cache costs ~430 MB/s
 * once the free pages run out, so a `dd` that rewrote one deleted file measured memory reuse, not the disk.
 */
function ddSpeed(files) {
  let bytes = 0;
  const started = process.hrtime.bigint();
  for (const file of [files].flat()) {
    const out = path.join(work, `dd-${++ddOutputs}.out`);
    spawnSync('dd', [`if=${file}`, `of=${out}`, 'bs=1M', 'conv=fsync'], { stdio: 'ignore' });
    bytes += statSync(file).size;
  }
  return bytes / MB / (Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * Reads the files once, untimed. Their tails are sparse (see mp4OfSize), so the first read of a file
 * allocates its page cache; every `dd` reads it from the cache, so without this the first upload alone
 * would pay for it.
 */
function warmSources(files) {
  for (const file of [files].flat())
    spawnSync('dd', [`if=${file}`, 'of=/dev/null', 'bs=1M'], { stdio: 'ignore' });
}

const WARM_PAGES = process.argv.includes('--warm-pages');

/**
 * With `--warm-pages`: writes and deletes 1.2 GB of zeros before each upload and each `dd`, so that both
 * write into page cache freed a moment ago, which is `dd`'s fastest case (1.2-1.9 GB/s on this VM) and
 * the upload's hardest comparison. Without it, the runs drift between that and fresh pages (~350 MB/s for
 * both) as the free pages run out.
 */
function warmFreePages() {
  if (!WARM_PAGES) return;
  const scratch = path.join(work, 'warm-pages.tmp');
  spawnSync('dd', ['if=/dev/zero', `of=${scratch}`, 'bs=1M', 'count=1200'], { stdio: 'ignore' });
  rmSync(scratch);
}

/**
 * Runs the upload `runs` times with a `dd` of the same bytes before the first and after each: the VM's
 * page cache swings between warm free pages (`dd` at 1.1-1.9 GB/s) and fresh ones (~350 MB/s) within one
 * bench, so each run's ratio is to the mean of the two `dd` runs beside it, and the part's ratio is the
 * median of those. A `reference` upload, when given, runs after each upload's `dd`, followed by a `dd`
 * of its own.
 */
async function measure(runs, files, upload, reference) {
  warmSources(files);
  warmFreePages();
  const main = { speeds: [], dd: [], ratios: [] };
  const ref = { speeds: [], dd: [], ratios: [] };
  let before = ddSpeed(files);
  const sample = async (side, run) => {
    warmFreePages();
    const speed = (await run()).mbPerSecond;
    warmFreePages();
    const after = ddSpeed(files);
    side.speeds.push(speed);
    side.dd.push(after);
    side.ratios.push(speed / ((before + after) / 2));
    before = after;
  };
  for (let i = 0; i < runs; i++) {
    await sample(main, upload);
    if (reference) await sample(ref, reference);
  }
  return reference ? { ...main, reference: ref } : main;
}

/**
 * A bare node:http server that writes each request's body to a new file (kept, as uploads are) through
 * the same 1 MB write buffer as the media store, and answers `{"status":true}`: no multipart parsing, no
 * content check, no probe. What the machine and Node allow the server's upload at most.
 */
function startBareWriter() {
  const code = `
    const fs = require('node:fs');
    const path = require('node:path');
    let n = 0;
    require('node:http').createServer((req, res) => {
      const out = fs.createWriteStream(path.join(process.argv[1], 'bare-' + n++ + '.bin'), { highWaterMark: 1024 * 1024 });
      req.pipe(out).on('finish', () => res.end('{"status":true}'));
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  return startScriptServer(code, [work]);
}

async function timeUpload(url, token, fields, files) {
  const bytes = files.reduce((sum, [, file]) => sum + statSync(file).size, 0);
  const started = process.hrtime.bigint();
  const { status, body } = await postMultipart(
    url,
    { 'api-key': API_KEY, authorization: `Bearer ${token}` },
    fields,
    files.map(([field, file]) => [field, file, 'video/mp4']),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (status >= 400 || body.status === false)
    throw new Error(`${status} ${JSON.stringify(body).slice(0, 300)}`);
  return { mbPerSecond: bytes / MB / seconds, body };
}

/** The same files through the resumable endpoint (bench/tus-client.mjs). */
async function timeTus(baseURL, token, category, files) {
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const started = process.hrtime.bigint();
  await tusBatch(
    `${baseURL}/api/App/video/uploads`,
    { 'api-key': API_KEY, authorization: `Bearer ${token}` },
    files,
    (file) => ({ filename: path.basename(file), filetype: 'video/mp4', category }),
  );
  return { mbPerSecond: bytes / MB / (Number(process.hrtime.bigint() - started) / 1e9) };
}

const ddRatio = ({ ratios }) => median(ratios);

function row(label, runs, growth) {
  const rss = growth === undefined ? '' : `   peak RSS growth ${growth.toFixed(1)} MB`;
  console.log(
    `${label.padEnd(34)} median ${median(runs.speeds).toFixed(1).padStart(7)} MB/s   dd ${median(runs.dd).toFixed(1).padStart(7)} MB/s   ratio ${ddRatio(runs).toFixed(2)}${rss}`,
  );
  console.log(
    `${''.padEnd(34)} runs ${runs.speeds.map((v) => v.toFixed(0)).join(' / ')} MB/s, ratios ${runs.ratios.map((r) => r.toFixed(2)).join(' / ')}`,
  );
}

ensureBuilt();
// No HLS processing during the bench: its ffmpeg runs would share the cores with the uploads measured.
const server = await startServer({ VIDEO_JOBS_AT_ONCE: '0' });
try {
  const token = await login(server.baseURL);
  const runs = Number(process.env.RUNS ?? 5);

  if (!process.argv.includes('--library-only')) {
    const story = mp4OfSize(work, 30 * MB - 4096, 'story-30mb.mp4');
    const insertData = storyInsertData();
    const baseline = resetPeak(server.pid);
    const storyRuns = await measure(runs, story, () =>
      timeUpload(`${server.baseURL}/api/App/Add/Story/Video`, token, { insertData }, [['video', story]]),
    );
    row('story 30 MB x ' + runs, storyRuns, memoryOf(server.pid).peak - baseline);
  }

  if (!process.argv.includes('--story-only')) {
    const category = await createCategory(server.baseURL, token, work);

    const big = mp4OfSize(work, 200 * MB - 4096, 'library-200mb.mp4');
    const parts = Array.from({ length: 10 }, (_, i) => mp4OfSize(work, 50 * MB - 4096 - i, `batch-${i}.mp4`));
    const libraryRuns = runs;
    let baseline = resetPeak(server.pid);
    // `--tus-only`: the resumable endpoint's rows alone.
    const formUploads = !process.argv.includes('--tus-only');
    // Off by default: the reference's kept files use up fresh page cache too, which slows whatever
    // writes next (see ddSpeed), so the server's own figures would not compare with earlier runs.
    const bareWriter = process.argv.includes('--bare-writer') ? await startBareWriter() : undefined;
    const bigRuns =
      formUploads &&
      (await measure(
        libraryRuns,
        big,
        () => timeUpload(`${server.baseURL}/api/App/video`, token, { category }, [['video', big]]),
        bareWriter && (() => timeUpload(bareWriter.url, token, { category }, [['video', big]])),
      ));
    bareWriter?.stop();
    if (bigRuns) row('library 200 MB x ' + libraryRuns, bigRuns, memoryOf(server.pid).peak - baseline);
    if (bigRuns?.reference) {
      row('  bare node:http, body to a file', bigRuns.reference);
      console.log(
        `  the server's 200 MB upload against it (ratios to dd): ${(ddRatio(bigRuns) / ddRatio(bigRuns.reference)).toFixed(2)}`,
      );
    }

    baseline = resetPeak(server.pid);
    const batchRuns =
      formUploads &&
      (await measure(libraryRuns, parts, () =>
        timeUpload(
          `${server.baseURL}/api/App/video`,
          token,
          { category },
          parts.map((p) => ['video', p]),
        ),
      ));
    if (batchRuns)
      row('library batch 10 x 50 MB x ' + libraryRuns, batchRuns, memoryOf(server.pid).peak - baseline);

    // Code the tus path loads on first use (@tus/server's handlers, the store) counted apart: one small
    // upload first, so the rows below show what each upload holds (0045, "Speed": 1-3 MB).
    const small = mp4OfSize(work, MB, 'tus-first-use.mp4');
    baseline = resetPeak(server.pid);
    await timeTus(server.baseURL, token, category, [small]);
    console.log(
      `tus first use, 1 MB                 peak RSS growth ${(memoryOf(server.pid).peak - baseline).toFixed(1)} MB`,
    );
    baseline = resetPeak(server.pid);
    const tusBig = await measure(libraryRuns, big, () => timeTus(server.baseURL, token, category, [big]));
    row('tus 200 MB x ' + libraryRuns, tusBig, memoryOf(server.pid).peak - baseline);
    baseline = resetPeak(server.pid);
    const tusParts = await measure(libraryRuns, parts, () => timeTus(server.baseURL, token, category, parts));
    row('tus batch 10 x 50 MB x ' + libraryRuns, tusParts, memoryOf(server.pid).peak - baseline);
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
