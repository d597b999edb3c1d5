// Shared pieces of the benchmarks: start the built server, sign in, read a process's memory.
import { spawn, execFileSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  ftruncateSync,
  mkdtempSync,
  openAsBlob,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSealedReply, openReply } from '@streamdesk/contract/envelope';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_KEY = 'bench-api-key-0123456789abcdef';
export const PAYLOAD_KEY = '3c'.repeat(32);
export const ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

/** Debian's Chromium as the browser suite starts it (e2e/chromium-args.mjs). */
export { CHROMIUM_ARGS } from '../e2e/chromium-args.mjs';

/**
 * Opens a server's SQLite file with the better-sqlite3 build the server picks for this Node
 * (packages/server/src/platform/db/sqlite-driver.ts says why).
 */
export function openDatabase(file, options) {
  const Database = createRequire(import.meta.url)(
    Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
  );
  const db = new Database(file, options);
  // The search indexes' triggers (docs/decisions/0048-search-indexes.md) fold text with the function every
  // server connection registers: a bench writing rows through its own connection needs it too.
  db.function('unicode_lower', { deterministic: true }, (text) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  return db;
}

export function ensureBuilt() {
  if (
    !existsSync(path.join(root, 'packages/server/dist/main.js')) ||
    !existsSync(path.join(root, 'packages/contract/dist'))
  ) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
}

/**
 * Starts the built server on a random loopback port with a fresh data folder. BENCH_SERVER_ARGS adds
 * node flags to the server only, e.g. `BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`
 * (NODE_OPTIONS refuses --cpu-prof, and would profile the load generator too). BENCH_SERVER_LOG names a
 * file that receives the server's stdout (e.g. with `BENCH_SERVER_ARGS=--trace-gc`).
 */
export async function startServer(env = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sd-bench-'));
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'packages/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_KEY,
      PAYLOAD_KEY,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      EVENTS_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  if (process.env.BENCH_SERVER_LOG) child.stdout.pipe(createWriteStream(process.env.BENCH_SERVER_LOG));
  const baseURL = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/[^\s/]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    baseURL,
    dataDir,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
    /** kill -9, as a crash: resolves once the process is gone. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts `node -e <code> ...args`, a small server for comparison that prints its loopback port once
 * listening; resolves with its URL and a stop().
 */
export function startScriptServer(code, args = []) {
  const child = spawn(process.execPath, ['-e', code, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) =>
    child.stdout.once('data', (d) =>
      resolve({ url: `http://127.0.0.1:${String(d).trim()}/`, stop: () => child.kill() }),
    ),
  );
}

export async function readJson(res) {
  const body = await res.json();
  return isSealedReply(body) ? openReply(body, PAYLOAD_KEY) : body;
}

export async function login(baseURL) {
  const res = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ a_email: ADMIN.email, a_password: ADMIN.password }),
  });
  const body = await readJson(res);
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
/**
 * Resets a process's peak RSS (VmHWM) to its current RSS (Linux `clear_refs` 5), so a later `memoryOf`
 * peak covers only what ran since: the server's start-up and the admin login (argon2id) peak above the
 * RSS an upload starts from, and would otherwise count as upload memory.
 */
export function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return memoryOf(pid).rss;
}

export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The machine's load averages (1, 5, 15 minutes) as a bench prints them. */
export const machineLoad = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Posts a multipart form whose files are streamed from disk in 1 MB reads over one plain
 * `http.request`, the way curl or a mobile app's HTTP client sends them. Node's fetch with a
 * FormData of Blobs tops out near 300-400 MB/s on loopback here (measured against a server that only
 * discards the body), well under the disk, so it would measure the client rather than the server.
 * Resolves with the reply's status and JSON body.
 */
export async function postMultipart(url, headers, fields, files) {
  const boundary = `----streamdesk-bench-${Date.now().toString(16)}`;
  const pieces = [];
  for (const [name, value] of Object.entries(fields))
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, file, type] of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${path.basename(file)}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      { file, size: statSync(file).size },
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.size), 0);

  const { status, text } = await new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    (async () => {
      for (const piece of pieces) {
        if (Buffer.isBuffer(piece)) {
          if (!req.write(piece)) await once(req, 'drain');
          continue;
        }
        for await (const chunk of createReadStream(piece.file, { highWaterMark: 1024 * 1024 }))
          if (!req.write(chunk)) await once(req, 'drain');
      }
      req.end();
    })().catch((error) => req.destroy(error));
  });
  const body = JSON.parse(text);
  return { status, body: isSealedReply(body) ? await openReply(body, PAYLOAD_KEY) : body };
}

/** Runs ffmpeg on one of its generated sources (lavfi) into `file`. */
function fromLavfi(source, args, file) {
  // The system's ffmpeg (on PATH, or FFMPEG_PATH), as the server finds it.
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...args,
    file,
  ]);
  return file;
}

/** A small solid-colour PNG, made by ffmpeg. */
export function makePng(file, color = 'red') {
  return fromLavfi(`color=c=${color}:s=64x64`, ['-frames:v', '1'], file);
}

/** A playable H.264 MP4 of ffmpeg's test pattern. */
export function makeMp4(file, { size = '160x120', rate = 10, seconds = 1, faststart = false } = {}) {
  return fromLavfi(
    `testsrc=size=${size}:rate=${rate}`,
    [
      '-t',
      String(seconds),
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      ...(faststart ? ['-movflags', '+faststart'] : []),
    ],
    file,
  );
}

/** A story's insertData (the story endpoints' JSON field): no limits, a button, `overrides` on top. */
export function storyInsertData(overrides = {}) {
  return JSON.stringify({
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
    ...overrides,
  });
}

/** A playable MP4 in `dir` padded with trailing zeros to an exact size (players and ffprobe ignore the tail). */
export function mp4OfSize(dir, bytes, name) {
  const file = path.join(dir, name);
  const clip = path.join(dir, 'clip.mp4');
  if (!existsSync(clip)) makeMp4(clip, { size: '320x240', rate: 25, seconds: 2, faststart: true });
  writeFileSync(file, readFileSync(clip));
  const fd = openSync(file, 'r+');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

/** Adds a video category (its image made in `dir`) and returns its id, for library uploads. */
export async function createCategory(baseURL, token, dir) {
  const headers = { 'api-key': API_KEY, authorization: `Bearer ${token}` };
  const png = makePng(path.join(dir, 'cat.png'), 'blue');
  const form = new FormData();
  form.append('name', `Bench ${Date.now()}`);
  form.append('image', await openAsBlob(png, { type: 'image/png' }), 'cat.png');
  await readJson(await fetch(`${baseURL}/api/App/video/category`, { method: 'POST', headers, body: form }));
  const list = await readJson(await fetch(`${baseURL}/api/App/video/category`, { headers }));
  const category = list.data?.[0]?._id;
  if (!category) throw new Error(`no category: ${JSON.stringify(list).slice(0, 200)}`);
  return category;
}
