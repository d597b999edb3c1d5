#!/usr/bin/env node
// npm run bench:upload: upload throughput and server memory through the real endpoints on loopback.
// - a 30 MB MP4 through the story endpoint, several times;
// - a 200 MB MP4 and a batch of 10 x 50 MB through the video library endpoint.
// Prints the median MB/s, the same bytes written by `dd ... conv=fsync` for a ratio, and the server's
// peak RSS growth (`--story-only` or `--library-only` runs one part). Not a test: it prints figures and never fails on them.
import { execFileSync, spawnSync } from 'node:child_process';
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
import { API_KEY, ensureBuilt, ffmpegPath, login, median, memoryOf, readJson, startServer } from './lib.mjs';

const MB = 1024 * 1024;
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-upload-'));

/** A playable MP4 padded with trailing zeros to an exact size (players and ffprobe ignore the tail). */
function mp4OfSize(bytes, name) {
  const file = path.join(work, name);
  const clip = path.join(work, 'clip.mp4');
  try {
    statSync(clip);
  } catch {
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-movflags',
      '+faststart',
      clip,
    ]);
  }
  writeFileSync(file, readFileSync(clip));
  const fd = openSync(file, 'r+');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

function ddSpeed(file) {
  const out = path.join(work, 'dd.out');
  const started = process.hrtime.bigint();
  spawnSync('dd', [`if=${file}`, `of=${out}`, 'bs=1M', 'conv=fsync'], { stdio: 'ignore' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(out, { force: true });
  return statSync(file).size / MB / seconds;
}

async function timeUpload(url, token, fields, files) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  let bytes = 0;
  for (const [field, file] of files) {
    form.append(field, await openAsBlob(file, { type: 'video/mp4' }), path.basename(file));
    bytes += statSync(file).size;
  }
  const started = process.hrtime.bigint();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await readJson(res);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!res.ok || body.status === false)
    throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { mbPerSecond: bytes / MB / seconds, body };
}

function row(label, speeds, dd, growth) {
  const med = median(speeds);
  console.log(
    `${label.padEnd(34)} median ${med.toFixed(1).padStart(7)} MB/s   dd ${dd.toFixed(1).padStart(7)} MB/s   ratio ${(med / dd).toFixed(2)}   peak RSS growth ${growth.toFixed(1)} MB`,
  );
}

ensureBuilt();
const server = await startServer();
try {
  const token = await login(server.baseURL);
  const baseline = memoryOf(server.pid).rss;
  const runs = Number(process.env.RUNS ?? 5);

  if (!process.argv.includes('--library-only')) {
    const story = mp4OfSize(30 * MB - 4096, 'story-30mb.mp4');
    const storySpeeds = [];
    const insertData = JSON.stringify({
      storyTime: 10,
      adsStory: false,
      btnName: 'Watch',
      btnUrl: 'https://example.com',
      NTV: false,
      NTV_ID: '',
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
    for (let i = 0; i < runs; i++) {
      storySpeeds.push(
        (
          await timeUpload(`${server.baseURL}/api/App/Add/Story/Video`, token, { insertData }, [
            ['video', story],
          ])
        ).mbPerSecond,
      );
    }
    row('story 30 MB x ' + runs, storySpeeds, ddSpeed(story), memoryOf(server.pid).peak - baseline);
  }

  if (!process.argv.includes('--story-only')) {
    const png = path.join(work, 'cat.png');
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=64x64',
      '-frames:v',
      '1',
      png,
    ]);
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
    const bigSpeeds = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      bigSpeeds.push(
        (await timeUpload(`${server.baseURL}/api/App/video`, token, { category }, [['video', big]]))
          .mbPerSecond,
      );
    }
    row(
      'library 200 MB x ' + bigSpeeds.length,
      bigSpeeds,
      ddSpeed(big),
      memoryOf(server.pid).peak - baseline,
    );

    const parts = Array.from({ length: 10 }, (_, i) => mp4OfSize(50 * MB - 4096 - i, `batch-${i}.mp4`));
    const batchSpeeds = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      batchSpeeds.push(
        (
          await timeUpload(
            `${server.baseURL}/api/App/video`,
            token,
            { category },
            parts.map((p) => ['video', p]),
          )
        ).mbPerSecond,
      );
    }
    row(
      'library batch 10 x 50 MB x ' + batchSpeeds.length,
      batchSpeeds,
      ddSpeed(parts[0]),
      memoryOf(server.pid).peak - baseline,
    );
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
