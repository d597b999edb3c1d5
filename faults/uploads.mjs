// Hostile uploads on every upload route of the OpenAPI document: a file of another kind under the name
// of the expected one, one byte over the limit, an MP4 cut after its first 2,000 bytes; each must be
// refused (4xx, not a refusal of the sender) and leave no file. And slow bodies (slowloris): connections
// trickling a byte at a time must be cut per the body deadlines, and refused senders at once.
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { API_KEY, createCategory, makeMp4, makePng, storyInsertData } from '../bench/lib.mjs';
import { adminHeaders } from './lib.mjs';
import { valid } from './fuzz.mjs';

/** The server settings the slow-body cases assume (the upload deadline's least is one minute). */
export const SLOW_ENV = { BODY_DEADLINE_SECONDS: '3', UPLOAD_DEADLINE_MINUTES: '1', UPLOADS_PER_CLIENT: '4' };
const BODY_DEADLINE_MS = 3000;
const UPLOAD_DEADLINE_MS = 60_000;
/** What a cut may take past its deadline (a busy machine, the 1 s timers). */
const SLACK_MS = 5000;

/** The files of a media folder (its temporary folder apart), as keys. */
export function mediaFiles(dataDir, sub = 'media') {
  const root = path.join(dataDir, sub);
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'))
    .sort();
}
export const partialFiles = (dataDir) => mediaFiles(dataDir, 'media/.tmp');

/**
 * Sends a multipart form whose file parts are streamed (`head`, then `zeros` bytes, or `head` paced over
 * `pace` ms) on a socket of its own, and answers `{ status, text }`: the answer is read even when the
 * server answers before the body's end (an over-limit file); `{ error }` only when none came.
 *
 * The connection is kept alive, as a browser's is, and closed here once the whole answer has come. With
 * `Connection: close` the server closed after an early answer while the body was still arriving, the
 * kernel reset the connection on the next bytes, and the reset could lose the answer already sent (ci-88).
 */
export function postForm(baseURL, urlPath, headers, fields, files, method = 'POST') {
  const boundary = `----faults-upload-${Date.now().toString(16)}`;
  const pieces = [];
  for (const [name, value] of Object.entries(fields))
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const { field, filename, type, head, zeros = 0, pace = 0 } of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      pace ? { paced: head, ms: pace } : head,
    );
    if (zeros) pieces.push({ zeros });
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce(
    (n, p) => n + (Buffer.isBuffer(p) ? p.length : (p.paced?.length ?? p.zeros)),
    0,
  );
  const { hostname, port } = new URL(baseURL);
  const lines = [
    `${method} ${urlPath} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const received = [];
    let closed = false;
    // The answer once it has all come: its status and body, by its Content-Length.
    const answer = () => {
      const all = Buffer.concat(received);
      const bodyAt = all.indexOf('\r\n\r\n') + 4;
      if (bodyAt < 4) return undefined;
      const head = all.subarray(0, bodyAt).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (!status || length === undefined || all.length - bodyAt < Number(length)) return undefined;
      return { status, text: all.subarray(bodyAt, bodyAt + Number(length)).toString('utf8') };
    };
    socket.on('data', (d) => {
      received.push(d);
      if (answer()) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.setTimeout(120_000, () => socket.destroy());
    socket.on('close', () => {
      closed = true;
      const whole = answer();
      if (whole) return resolve(whole);
      // An answer without a length (or cut off) ends with the connection.
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      if (!status) return resolve({ error: 'the connection ended without an answer' });
      resolve({ status, text: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    const write = (data) => (closed ? true : socket.write(data));
    const drained = () =>
      closed
        ? undefined
        : new Promise((resolve) => {
            const done = () => {
              socket.off('drain', done);
              socket.off('close', done);
              resolve();
            };
            socket.on('drain', done);
            socket.on('close', done);
          });
    socket.on('connect', async () => {
      write(`${lines.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(1024 * 1024);
      for (const piece of pieces) {
        if (closed) return;
        if (Buffer.isBuffer(piece)) {
          if (!write(piece)) await drained();
        } else if (piece.paced) {
          // 64 KB pieces spread over `ms`: an upload still arriving when something happens to the server.
          const step = 64 * 1024;
          const pause = (piece.ms * step) / piece.paced.length;
          for (let at = 0; at < piece.paced.length && !closed; at += step) {
            if (!write(piece.paced.subarray(at, at + step))) await drained();
            await new Promise((r) => setTimeout(r, pause));
          }
        } else {
          for (let left = piece.zeros; left > 0 && !closed; left -= chunk.length)
            if (!write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await drained();
        }
      }
    });
  });
}

/** Each upload route's file fields, with the kinds and size limit their description gives, and its text fields. */
export function uploadRoutes(doc) {
  const routes = [];
  for (const [urlPath, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.['multipart/form-data']?.schema;
      if (!schema) continue;
      const fields = [];
      const text = {};
      for (const [name, s] of Object.entries(schema.properties ?? {})) {
        const description = s.description ?? s.items?.description;
        if (s.format === 'binary' || s.items?.format === 'binary') {
          const [, kinds, bytes] = /^(.*), at most (\d+) bytes/.exec(description ?? '') ?? [];
          fields.push({ name, video: /mp4/.test(kinds ?? ''), maxBytes: Number(bytes) });
        } else text[name] = s;
      }
      routes.push({
        method: method.toUpperCase(),
        path: urlPath,
        fields,
        text,
        required: schema.required ?? [],
      });
    }
  return routes;
}

/** The record a PUT route edits is made by this POST route (the same path, but for stories). */
const MADE_BY = { '/api/App/Edit/story/video': '/api/App/Add/Story/Video' };
let named = 0;

/**
 * A form the route takes, as far as its text goes: its required fields (and those below) with values its
 * rules accept, the record of a PUT made by the route's own POST first. Built from the document, with
 * the few field names whose rules the schema cannot say (URLs, a story's JSON, a category's id).
 */
function goodText(route, { ids, categoryId, video }) {
  const out = {};
  for (const [name, schema] of Object.entries(route.text)) {
    const wanted =
      route.required.includes(name) || ['insertData', 'medType', '_id', 'id', 's_no'].includes(name);
    if (!wanted) continue;
    if (/url|callToAction/i.test(name)) out[name] = 'https://example.com/faults';
    else if (name === 'insertData') out[name] = storyInsertData();
    else if (name === 'medType') out[name] = video ? 'video' : 'image';
    else if (name === 'category') out[name] = categoryId;
    else if (name === 's_no') out[name] = String(++named);
    else if (name === '_id' || name === 'id') out[name] = ids.get(MADE_BY[route.path] ?? route.path) ?? 'x0';
    else if (schema.type === 'number' || schema.type === 'integer') out[name] = String(valid(schema) || 5);
    else if (schema.enum) out[name] = schema.enum[0];
    else out[name] = `Faults ${++named}`;
  }
  return out;
}

/**
 * Every hostile upload on every upload route, each in a form that is good but for the one file: the same
 * form with good files is sent first (the control), and its record is the one the route's PUT edits.
 * Answers the cases tried, those not refused, the controls refused, and files kept.
 */
export async function hostileUploads(baseURL, doc, token, dataDir, workDir) {
  const png = readFileSync(makePng(path.join(workDir, 'spoof.png')));
  const mp4 = readFileSync(makeMp4(path.join(workDir, 'index-first.mp4'), { faststart: true }));
  const categoryId = await createCategory(baseURL, token, workDir);
  const good = (field) =>
    field.video
      ? { field: field.name, filename: 'good.mp4', type: 'video/mp4', head: mp4 }
      : { field: field.name, filename: 'good.png', type: 'image/png', head: png };
  // A story and an in-house ad take a video or an image, not both: a form holds the tested file's kind.
  const goodFiles = (route, tested) => {
    const video = tested ? tested.video : route.fields.some((f) => f.video);
    return route.fields
      .filter((f) => f !== tested && !(video ? f.name === 'image' : tested?.name === 'image' && f.video))
      .map(good);
  };
  const ids = new Map();
  const controls = [];
  const cases = [];
  const routes = uploadRoutes(doc);
  // The controls first: they make the records the PUT routes edit, and their files are kept.
  for (const route of routes) {
    const text = goodText(route, { ids, categoryId, video: route.fields.some((f) => f.video) });
    const res = await postForm(
      baseURL,
      route.path,
      adminHeaders(token),
      text,
      goodFiles(route),
      route.method,
    );
    const id = /"_id":"(\w+)"/.exec(res.text ?? '')?.[1];
    if (res.status === 200 && id && route.method === 'POST') ids.set(route.path, id);
    controls.push({
      route: `${route.method} ${route.path}`,
      status: res.status,
      answer: res.text?.slice(0, 160),
    });
  }
  // The controls' thumbnails are made after their replies: the folder as it is once they are there.
  let before = mediaFiles(dataDir);
  for (let still = 0, waited = 0; still < 1000 && waited < 15_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    const now = mediaFiles(dataDir);
    still = now.join() === before.join() ? still + 250 : 0;
    before = now;
  }
  for (const route of routes) {
    for (const field of route.fields) {
      const text = goodText(route, { ids, categoryId, video: field.video });
      const others = goodFiles(route, field);
      const tries = [
        // A PNG named as the MP4 a video field wants; an MP4 named as the image an image field wants.
        field.video
          ? { kind: 'spoofed', filename: 'clip.mp4', type: 'video/mp4', head: png }
          : { kind: 'spoofed', filename: 'image.png', type: 'image/png', head: mp4 },
        // One byte over the limit, its head a real file of the kind, the rest zeros.
        field.video
          ? {
              kind: 'oversized',
              filename: 'big.mp4',
              type: 'video/mp4',
              head: mp4,
              zeros: field.maxBytes + 1 - mp4.length,
            }
          : {
              kind: 'oversized',
              filename: 'big.png',
              type: 'image/png',
              head: png,
              zeros: field.maxBytes + 1 - png.length,
            },
        ...(field.video
          ? [{ kind: 'truncated', filename: 'cut.mp4', type: 'video/mp4', head: mp4.subarray(0, 2000) }]
          : []),
      ];
      for (const t of tries) {
        const res = await postForm(
          baseURL,
          route.path,
          adminHeaders(token),
          text,
          [{ field: field.name, ...t }, ...others],
          route.method,
        );
        // Refused for the file: 400, or 413 for the size (not a refusal of the sender, or a 404 of the record).
        const refused = res.status === 400 || (t.kind === 'oversized' && res.status === 413);
        cases.push({
          route: `${route.method} ${route.path}`,
          field: field.name,
          kind: t.kind,
          status: res.status ?? res.error,
          ok: refused,
          answer: res.text?.slice(0, 160) ?? res.error,
        });
      }
    }
  }
  // Nothing kept: no new media file, and no partial one once the refusals have cleaned up.
  let kept = [];
  let partial = [];
  for (let waited = 0; waited <= 5000; waited += 250) {
    kept = mediaFiles(dataDir).filter((key) => !before.includes(key));
    partial = partialFiles(dataDir);
    if (!kept.length && !partial.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { cases, controls, kept, partial };
}

/**
 * Opens `count` connections that send a request's head and then trickle its body a byte every
 * `everyMs`; answers, per connection, the status it got (if any) and how long the server held it.
 */
function trickle(baseURL, { count, path: urlPath, headers, everyMs = 500, bodyBytes = 1_000_000 }) {
  const { hostname, port } = new URL(baseURL);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const started = Date.now();
          const socket = net.connect(Number(port), hostname);
          let head = '';
          let timer;
          const done = () => {
            clearInterval(timer);
            const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]) || undefined;
            resolve({ status, heldMs: Date.now() - started });
          };
          socket.on('data', (d) => (head += d.toString('latin1')));
          socket.on('close', done);
          socket.on('error', () => undefined);
          socket.on('connect', () => {
            const lines = [
              `POST ${urlPath} HTTP/1.1`,
              `Host: ${hostname}:${port}`,
              `Content-Length: ${bodyBytes}`,
            ];
            for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
            socket.write(`${lines.join('\r\n')}\r\n\r\n`);
            timer = setInterval(() => socket.write('{'), everyMs);
          });
          // Never longer than the longest deadline and its slack: a connection still held then is a finding.
          setTimeout(() => socket.destroy(), UPLOAD_DEADLINE_MS + 3 * SLACK_MS).unref();
        }),
    ),
  );
}

/**
 * Slow bodies against a server started with SLOW_ENV. Starts the slow uploads (which take the upload
 * deadline, a minute) and answers a promise of every case once all are over.
 */
export function slowBodies(baseURL, token) {
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'multipart/form-data; boundary=slow' };
  const cases = [
    {
      kind: 'no api-key, JSON trickled (300 connections)',
      run: () => trickle(baseURL, { count: 300, path: '/api/App/events', headers: json, bodyBytes: 100_000 }),
      ok: (r) => r.status === 403 && r.heldMs < SLACK_MS,
      bound: `403 and closed within ${SLACK_MS / 1000} s`,
    },
    {
      kind: 'wrong token, upload trickled (50 connections)',
      run: () =>
        trickle(baseURL, {
          count: 50,
          path: '/api/App/reels',
          headers: { ...form, ...adminHeaders('not-a-token') },
        }),
      ok: (r) => r.status === 401 && r.heldMs < SLACK_MS,
      bound: `401 and closed within ${SLACK_MS / 1000} s`,
    },
    {
      kind: 'api-key, JSON trickled (100 connections)',
      run: () =>
        trickle(baseURL, {
          count: 100,
          path: '/api/App/events',
          headers: { ...json, 'api-key': API_KEY },
          bodyBytes: 100_000,
        }),
      ok: (r) => r.status === undefined && r.heldMs < BODY_DEADLINE_MS + SLACK_MS,
      bound: `cut within ${(BODY_DEADLINE_MS + SLACK_MS) / 1000} s (deadline ${BODY_DEADLINE_MS / 1000} s)`,
    },
    {
      kind: 'admin uploads trickled (6 connections, 4 allowed)',
      run: () =>
        trickle(baseURL, { count: 6, path: '/api/App/reels', headers: { ...form, ...adminHeaders(token) } }),
      ok: (r, all) => {
        const refused = all.filter((x) => x.status === 429).length;
        if (refused !== 2) return false;
        return r.status === 429 ? r.heldMs < SLACK_MS : r.heldMs < UPLOAD_DEADLINE_MS + SLACK_MS;
      },
      bound: `2 refused 429 at once, 4 cut within ${(UPLOAD_DEADLINE_MS + SLACK_MS) / 1000} s`,
    },
  ];
  return Promise.all(
    cases.map(async (c) => {
      const results = await c.run();
      const wrong = results.filter((r) => !c.ok(r, results));
      return {
        kind: c.kind,
        bound: c.bound,
        connections: results.length,
        wrong: wrong.length,
        longestMs: Math.max(...results.map((r) => r.heldMs)),
        statuses: [...new Set(results.map((r) => r.status ?? 'cut'))].join('/'),
      };
    }),
  );
}
