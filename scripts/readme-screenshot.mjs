#!/usr/bin/env node
// npm run screenshot: makes docs/screenshot.png, the README's picture of the back office, from the built
// product (run `npm run build` first). Starts the server on loopback with a fresh data folder, adds three
// live matches through the API, and photographs the Live Match screen in Debian's Chromium at 1360x820.
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  API_KEY,
  CHROMIUM_ARGS,
  ensureBuilt,
  login,
  makePng,
  readJson,
  root,
  startServer,
} from '../bench/lib.mjs';

const MATCHES = [
  ['IND vs AUS · Final', 'green'],
  ['MI vs CSK', 'blue'],
  ['RCB vs KKR', 'red'],
];

ensureBuilt();
const server = await startServer();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sd-screenshot-'));
try {
  const token = await login(server.baseURL);
  for (const [i, [title, color]] of MATCHES.entries()) {
    const form = new FormData();
    form.append('title', title);
    form.append('url', `https://live.example.com/${i + 1}`);
    const image = makePng(path.join(tmp, `${i}.png`), color);
    form.append('image', await openAsBlob(image, { type: 'image/png' }), 'match.png');
    const res = await fetch(`${server.baseURL}/api/App/liveMatch/admin`, {
      method: 'POST',
      headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` },
      body: form,
    });
    const reply = await readJson(res);
    if (!res.ok || reply.status === false) throw new Error(`adding ${title}: ${JSON.stringify(reply)}`);
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
  await page.goto(`${server.baseURL}/admin/panel/login`);
  await page.evaluate(
    (t) => localStorage.setItem('admin_download', JSON.stringify({ token: t, isAdmin: true })),
    token,
  );
  // The CPU badge's first reading covers everything since the server started (its start-up, the seeding,
  // Chromium's launch): the picture waits for the next poll, which covers the last few seconds only.
  const readings = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/admin/system/stats')) readings.push(res);
  });
  await page.goto(`${server.baseURL}/add/liveMatch`);
  await page.getByRole('row', { name: /RCB vs KKR/ }).waitFor();
  await page.getByRole('img').last().waitFor();
  while (readings.length < 2) await page.waitForTimeout(250);
  await page.waitForTimeout(500);
  const file = path.join(root, 'docs/screenshot.png');
  await page.screenshot({ path: file });
  await browser.close();
  console.log(`wrote ${path.relative(root, file)}`);
} finally {
  await server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
