#!/usr/bin/env node
// npm run bench:processing: the processing of a library video (docs/decisions/0044-video-processing.md)
// on the built server with the system's ffmpeg. A CLIP_SECONDS (60) s 1280x720 H.264/AAC clip, its index last
// as cameras write it, is uploaded through the form upload; the library is then read every 250 ms until
// the video is ready. Prints the time from the upload's reply to a playable HLS ladder, and the transcode
// speed: seconds of 720p video processed per second (the clip's length over that time, faststart remux
// included). Not a test: it prints figures. It loads the machine's cores for about that long.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_KEY, createCategory, ensureBuilt, login, postMultipart, startServer } from './lib.mjs';

const SECONDS = Number(process.env.CLIP_SECONDS ?? 60);
const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-processing-'));
const clip = path.join(work, 'clip-720p.mp4');
execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS)],
  ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', clip],
]);

ensureBuilt();
const server = await startServer({ VIDEO_JOBS_AT_ONCE: '1' });
try {
  const token = await login(server.baseURL);
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const category = await createCategory(server.baseURL, token, work);
  const { status, body } = await postMultipart(`${server.baseURL}/api/App/video`, headers, { category }, [
    ['video', clip, 'video/mp4'],
  ]);
  if (status !== 200) throw new Error(`upload ${status}: ${JSON.stringify(body).slice(0, 200)}`);
  const uploaded = performance.now();
  const id = body.data[0]._id;
  for (;;) {
    const res = await fetch(`${server.baseURL}/api/App/video/category/admin/${category}`, { headers });
    const video = (await res.json()).data.find((v) => v._id === id);
    if (video.state === 'failed') throw new Error(`processing failed: ${video.error}`);
    if (video.state === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - uploaded) / 1000;
  console.log(`${SECONDS} s 720p clip: upload complete to playable HLS ${seconds.toFixed(1)} s`);
  console.log(`transcode speed: ${(SECONDS / seconds).toFixed(2)} s of 720p video per second`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
