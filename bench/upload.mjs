#!/usr/bin/env node
// npm run bench:upload: upload throughput and server memory through the real endpoints on loopback.
// - a 30 MB MP4 through the story endpoint, several times;
// - a 200 MB MP4 and a batch of 10 x 50 MB through the video library endpoint.
// Prints the median MB/s, the same bytes written by `dd ... conv=fsync` for a ratio, and the server's
// peak RSS growth during each part, from the RSS it starts at (`--story-only` or `--library-only` runs one
// part). Not a test: it prints figures and never fails on them.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  mkdtempSync,
  openAsBlob,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_KEY,
  ensureBuilt,
  login,
  makeMp4,
  makePng,
  median,
  memoryOf,
  postMultipart,
  readJson,
  resetPeak,
  startServer,
  storyInsertData,
} from './lib.mjs';

const MB = 1024 * 1024;
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-upload-'));

/** A playable MP4 padded with trailing zeros to an exact size (players and ffprobe ignore the tail). */
function mp4OfSize(bytes, name) {
  const file = path.join(work, name);
  const clip = path.join(work, 'clip.mp4');
  try {
    statSync(clip);
  } catch {
    makeMp4(clip, { size: '320x240', rate: 25, seconds: 2, faststart: true });
  }
  writeFileSync(file, readFileSync(clip));
  const fd = openSync(file, 'r+');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

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
 * Runs the upload `runs` times with a `dd` of the same bytes after each: the disk's speed drifts with
 * writeback of earlier runs, so both sides are sampled under the same conditions and compared by median.
 */
async function measure(runs, files, upload) {
  const speeds = [];
  const dd = [];
  for (let i = 0; i < runs; i++) {
    speeds.push((await upload()).mbPerSecond);
    dd.push(ddSpeed(files));
  }
  return { speeds, dd };
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

function row(label, { speeds, dd }, growth) {
  const med = median(speeds);
  const ddMed = median(dd);
  console.log(
    `${label.padEnd(34)} median ${med.toFixed(1).padStart(7)} MB/s   dd ${ddMed.toFixed(1).padStart(7)} MB/s   ratio ${(med / ddMed).toFixed(2)}   peak RSS growth ${growth.toFixed(1)} MB`,
  );
}

ensureBuilt();
const server = await startServer();
try {
  const token = await login(server.baseURL);
  const runs = Number(process.env.RUNS ?? 5);

  if (!process.argv.includes('--library-only')) {
    const story = mp4OfSize(30 * MB - 4096, 'story-30mb.mp4');
    const insertData = storyInsertData();
    const baseline = resetPeak(server.pid);
    const storyRuns = await measure(runs, story, () =>
      timeUpload(`${server.baseURL}/api/App/Add/Story/Video`, token, { insertData }, [['video', story]]),
    );
    row('story 30 MB x ' + runs, storyRuns, memoryOf(server.pid).peak - baseline);
  }

  if (!process.argv.includes('--story-only')) {
    const png = makePng(path.join(work, 'cat.png'), 'blue');
    const categoryForm = new FormData();
    categoryForm.append('name', `Bench ${Date.now()}`);
    categoryForm.append('image', await openAsBlob(png, { type: 'image/png' }), 'cat.png');
    await readJson(
      await fetch(`${server.baseURL}/api/App/video/category`, {
        method: 'POST',
        headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` },
        body: categoryForm,
      }),
    );
    const list = await readJson(
      await fetch(`${server.baseURL}/api/App/video/category`, {
        headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` },
      }),
    );
    const category = list.data?.[0]?._id;
    if (!category) throw new Error(`no category: ${JSON.stringify(list).slice(0, 200)}`);

    const big = mp4OfSize(200 * MB - 4096, 'library-200mb.mp4');
    const libraryRuns = runs;
    let baseline = resetPeak(server.pid);
    const bigRuns = await measure(libraryRuns, big, () =>
      timeUpload(`${server.baseURL}/api/App/video`, token, { category }, [['video', big]]),
    );
    row('library 200 MB x ' + libraryRuns, bigRuns, memoryOf(server.pid).peak - baseline);

    baseline = resetPeak(server.pid);
    const parts = Array.from({ length: 10 }, (_, i) => mp4OfSize(50 * MB - 4096 - i, `batch-${i}.mp4`));
    const batchRuns = await measure(libraryRuns, parts, () =>
      timeUpload(
        `${server.baseURL}/api/App/video`,
        token,
        { category },
        parts.map((p) => ['video', p]),
      ),
    );
    row('library batch 10 x 50 MB x ' + libraryRuns, batchRuns, memoryOf(server.pid).peak - baseline);
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
