#!/usr/bin/env node
// npm run bench:processing: the processing of a library video (docs/decisions/0044-video-processing.md)
// on the built server with the system's ffmpeg. A CLIP_SECONDS (60) s 1280x720 H.264/AAC clip, its index last
// as cameras write it, is uploaded through the form upload; the library is then read every 250 ms until
// the video is ready. Prints the time from the upload's reply to a playable HLS ladder, and the transcode
// speed: seconds of 720p video processed per second (the clip's length over that time, faststart remux
// included). Then the video is put on the web and the public feed opened FEED_LOADS (5) times in Chromium
// as a phone (an Android Chrome's viewport, user agent and touch), each in a new context: prints the time
// from the visitor's Continue to the first video's first frame on screen (the frame callback of the
// feed's first <video>), median and max. Not a test: it prints figures. It loads the machine's cores for
// about that long.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ANDROID_PHONE } from '../e2e/android-phone.mjs';
import {
  API_KEY,
  CHROMIUM_ARGS,
  createCategory,
  ensureBuilt,
  login,
  median,
  postMultipart,
  startServer,
} from './lib.mjs';

const SECONDS = Number(process.env.CLIP_SECONDS ?? 60);
const FEED_LOADS = Number(process.env.FEED_LOADS ?? 5);

/* global window, document, requestAnimationFrame */
/**
 * Opens the public feed as a new visitor `loads` times and returns, for each, the milliseconds from the
 * click on the welcome dialog's Continue to the first frame of the feed's first video on screen.
 */
async function feedFirstFrames(baseURL, loads) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const times = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext(ANDROID_PHONE);
      const page = await context.newPage();
      await page.goto(`${baseURL}/site/`);
      const proceed = page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Continue' });
      await proceed.waitFor();
      // Watches from before the click: the click's time, then the first video's first presented frame.
      await page.evaluate(() => {
        const marks = (window.__feedMarks = {});
        document.addEventListener('click', () => (marks.clicked ??= performance.now()), true);
        const watch = () => {
          const video = document.querySelector('video[data-index="0"]');
          if (video) video.requestVideoFrameCallback((now) => (marks.frame = now));
          else requestAnimationFrame(watch);
        };
        watch();
      });
      await proceed.click();
      await page.waitForFunction(() => window.__feedMarks.frame !== undefined, null, { timeout: 30_000 });
      times.push(await page.evaluate(() => window.__feedMarks.frame - window.__feedMarks.clicked));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}
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

  const web = await fetch(`${server.baseURL}/api/App/video/web/status`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: [id], status: true }),
  });
  if (!web.ok) throw new Error(`web status ${web.status}: ${await web.text()}`);
  const frames = await feedFirstFrames(server.baseURL, FEED_LOADS);
  console.log(
    `the feed's first frame on a phone, Continue to the first video's first frame (${FEED_LOADS} loads): ` +
      `median ${median(frames).toFixed(0)} ms, max ${Math.max(...frames).toFixed(0)} ms ` +
      `(${frames.map((t) => t.toFixed(0)).join(' / ')})`,
  );
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
