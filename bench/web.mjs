#!/usr/bin/env node
// npm run bench:web: how soon each back-office screen is usable on a mid-range laptop (issue 39). Starts
// the built server on loopback with a realistic data set (bench/seed.mjs: hundreds of stories, shortcuts,
// matches, ad units, reels, feed videos, in-house ads, a year of rollups), signs in, and opens every admin
// route in a fresh browser context (an empty cache: a first visit) with Chromium's CPU slowed 4x
// (CDP Emulation.setCPUThrottlingRate). Prints per route the JavaScript it loaded (gzipped) and the time
// until usable, the median of RUNS (3) loads. Not a test: it prints figures.
//
// Usable (docs/decisions/0049-web-screens-usable-fast.md): the page's main heading (h1) is visible, and so
// is the screen's first table body row or its first form field (input, textarea, select, switch) or, on
// the analytics screen, its chart; no loading indicator (role=status labelled Loading, aria-busy) is left
// in it, and the network is idle (no request in flight for IDLE_MS). The time is the later of the moment
// the page first showed all of that and the end of its last response, from the start of the navigation.
import { existsSync, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  API_KEY,
  CHROMIUM_ARGS,
  login,
  makeMp4,
  makePng,
  median,
  readJson,
  root,
  startServer,
  storyInsertData,
} from './lib.mjs';
import { seed, seedInHouseAds, seedRollups } from './seed.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/** The network counts as idle after this long with no request in flight. */
const IDLE_MS = 500;
/** A screen not usable after this long is reported as such. */
const GIVE_UP_MS = 30_000;

if (!existsSync(path.join(root, 'packages/web/dist/index.html'))) {
  console.error('bench:web measures the built product: run `npm run build` first.');
  process.exit(1);
}

/* global document, location, getComputedStyle */

/** In the page: the time (performance.now) at which the screen first looked usable, polled each frame. */
function usableInPage() {
  const visible = (el) =>
    !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const main = document.querySelector('main') ?? document.body;
  // Still in the head (a script there not in yet): not usable. A throw here ended the wait for good, and
  // the run counted as never usable.
  if (!main) return false;
  const heading = [...document.querySelectorAll('h1')].some(visible);
  // A screen with neither (the policy before Edit, a live ad field list with no fields yet) counts its
  // first button; that its data is in is what the idle network and the absent loader say.
  const chartScreen = location.pathname.startsWith('/views/dashboard');
  const content = [
    ...main.querySelectorAll(
      chartScreen ? '.chart-surface' : 'tbody tr, input, textarea, select, [role="switch"]',
    ),
  ].some(visible);
  const action = [...main.querySelectorAll('button')].some(visible);
  const loading = [
    ...document.querySelectorAll('[aria-busy="true"], [role="status"][aria-label^="Loading"]'),
  ].some(visible);
  return heading && (content || (action && !chartScreen)) && !loading ? performance.now() : false;
}

/** In the page: which part of usableInPage is missing, for a screen that never became usable. */
function missingInPage() {
  const main = document.querySelector('main') ?? document.body;
  return JSON.stringify({
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent),
    busy: [...document.querySelectorAll('[aria-busy="true"], [role="status"][aria-label^="Loading"]')].map(
      (e) => e.outerHTML.slice(0, 120),
    ),
    text: main.textContent.slice(0, 200),
  });
}

async function openScreen(browser, baseURL, route, token) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    if (token) {
      await context.addInitScript((t) => {
        if (!localStorage.getItem('admin_download'))
          localStorage.setItem('admin_download', JSON.stringify({ token: t, isAdmin: true }));
      }, token);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = [];
    let inFlight = 0;
    let quietSince = Date.now();
    page.on('request', (request) => {
      inFlight++;
      if (request.resourceType() === 'script') scripts.push(request);
    });
    const done = () => {
      inFlight--;
      if (inFlight === 0) quietSince = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto(baseURL + route, { waitUntil: 'commit' });
    const usable = await page
      .waitForFunction(usableInPage, undefined, { polling: 'raf', timeout: GIVE_UP_MS })
      .then((handle) => handle.jsonValue())
      .catch(() => undefined);
    if (usable === undefined && process.env.DEBUG) console.log(route, await page.evaluate(missingInPage));
    const deadline = Date.now() + GIVE_UP_MS;
    while ((inFlight > 0 || Date.now() - quietSince < IDLE_MS) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const lastResponse = await page.evaluate(() =>
      Math.max(...performance.getEntriesByType('resource').map((e) => e.responseEnd), 0),
    );
    // TRACE=1: when the screen looked usable, and the last responses to end (what the time waited for).
    if (process.env.TRACE) {
      const last = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .sort((a, b) => b.responseEnd - a.responseEnd)
          .slice(0, 6)
          .map(
            (e) =>
              `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`,
          ),
      );
      console.log(route, 'usable at', Math.round(usable ?? -1), last);
    }
    let gzipBytes = 0;
    for (const request of scripts) {
      const body = await (await request.response())?.body().catch(() => undefined);
      if (body) gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return {
      ms: usable === undefined || inFlight > 0 ? undefined : Math.max(usable, lastResponse),
      gzipBytes,
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-web-'));
const files = { png: makePng(path.join(work, 'x.png')), mp4: makeMp4(path.join(work, 'x.mp4')) };
// No video processing: the seed uploads 160 videos and reels, and making their HLS ladders (ffmpeg, for
// minutes) would run beside the measured screens and take the two cores from them. A server in steady
// use has processed its videos; bench:processing measures the processing itself.
const server = await startServer({ VIDEO_JOBS_AT_ONCE: '0' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const token = await login(server.baseURL);
  console.log('seeding...');
  // SEED=small: a few of each, for trying the bench out (its figures are not the benchmark's).
  const scale = process.env.SEED === 'small' ? 0.05 : 1;
  const counts = await seed(server.baseURL, token, files, scale);
  const inHouse = await seedInHouseAds(server.baseURL, token, files.png, Math.ceil(150 * scale));
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  let storyAds = 0;
  for (let i = 0; i < 100 * scale; i++) {
    const form = new FormData();
    form.append('insertData', storyInsertData({ adsStory: true, btnName: 'Install' }));
    form.append('image', await openAsBlob(files.png, { type: 'image/png' }), 'x.png');
    const reply = await readJson(
      await fetch(`${server.baseURL}/api/App/Add/Story/Video`, { method: 'POST', headers, body: form }),
    );
    if (reply.status) storyAds++;
  }
  const rollups = seedRollups(server.dataDir);
  const stories = await readJson(
    await fetch(`${server.baseURL}/api/App/all/only/story/video?page=1&limit=10`, { headers }),
  );
  const storyId = stories.data?.[0]?._id;
  console.log(
    `data: ${JSON.stringify({ ...counts, storyAds, inHouseAds: inHouse.length })}; rollups: ${rollups.rows} rows`,
  );

  const only = process.env.ROUTES?.split(',');
  const routes = [
    ['/admin/panel/login', false],
    ['/add/story', true],
    ['/add/story/video', true],
    ['/add/story/Ad', true],
    [`/update/story/video/${storyId}`, true],
    ['/controller', true],
    ['/story/add/reels', true],
    ['/policy', true],
    ['/add/liveMatch', true],
    ['/add/liveMatch/liveAd', true],
    ['/add/liveMatch/liveAdWeb', true],
    ['/add/liveMatch/liveAdWeb/history', true],
    ['/notification', true],
    ['/manage/ads/nativeAds/add', true],
    ['/manage/ads/ios/bannerAds/add', true],
    ['/manage/ads/inHouseAds/add', true],
    [`/manage/ads/inHouseAds/edit/${inHouse[0]}`, true],
    [`/views/dashboard/${rollups.sampleId}`, true],
    ['/add/video', true],
    ['/add/video/category', true],
    ['/show/video', true],
    ['/team', true],
    ['/activity', true],
    ['/trash', true],
    ['/account', true],
  ];
  console.log(`each route opened fresh ${RUNS} times, CPU slowed ${CPU_SLOWDOWN}x; median time to usable`);
  console.log(`${'route'.padEnd(48)} ${'JS gzip'.padStart(9)} ${'usable'.padStart(9)}`);
  const slow = [];
  for (const [route, signedIn] of routes.filter(([r]) => !only || only.some((o) => r.startsWith(o)))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await openScreen(browser, server.baseURL, route, signedIn && token));
    const times = runs.map((r) => r.ms).filter((t) => t !== undefined);
    const ms = times.length ? median(times) : undefined;
    const failed = RUNS - times.length;
    const kb = median(runs.map((r) => r.gzipBytes)) / 1000;
    const moved = runs[0].finalPath !== route ? `  (ended on ${runs[0].finalPath})` : '';
    console.log(
      `${route.slice(0, 48).padEnd(48)} ${`${kb.toFixed(1)} kB`.padStart(9)} ${(ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`).padStart(9)}${moved}${failed ? `  (${failed} of ${RUNS} runs never usable)` : ''}`,
    );
    if (ms === undefined || failed || ms > 1500) slow.push(route);
  }
  console.log(slow.length ? `over 1.5 s: ${slow.join(', ')}` : 'every route usable within 1.5 s');
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
