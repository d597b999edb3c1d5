// A small tus 1.0.0 client for the benchmarks: what the upload page does with tus-js-client (a creation,
// then PATCHes of the page's own size streamed from the file, three files at a time), with Node's own http.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { VIDEO_UPLOAD_CHUNK_BYTES } from '@streamdesk/contract/video-uploads';

const MB = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true });

function send(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, agent });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
    });
    if (body) body.pipe(req);
    else req.end();
  });
}

/** Sends one file; resolves with the server's JSON reply to its last PATCH (the new library video). */
export async function tusUpload(endpoint, headers, file, metadata, chunkBytes = VIDEO_UPLOAD_CHUNK_BYTES) {
  const size = statSync(file).size;
  const meta = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await send('POST', endpoint, {
    ...headers,
    'upload-length': String(size),
    'upload-metadata': meta,
  });
  if (created.status !== 201) throw new Error(`creation: ${created.status} ${created.body}`);
  const url = new URL(created.headers.location, endpoint);
  let offset = 0;
  let last;
  while (offset < size) {
    const end = Math.min(size, offset + chunkBytes);
    last = await send(
      'PATCH',
      url,
      {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      createReadStream(file, { start: offset, end: end - 1, highWaterMark: MB }),
    );
    if (last.status >= 300) throw new Error(`PATCH at ${offset}: ${last.status} ${last.body}`);
    offset = Number(last.headers['upload-offset']);
  }
  return JSON.parse(last.body);
}

/** Sends `files` `atOnce` at a time, as the page does. */
export async function tusBatch(
  endpoint,
  headers,
  files,
  metadataOf,
  atOnce = 3,
  chunkBytes = VIDEO_UPLOAD_CHUNK_BYTES,
) {
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift())
      await tusUpload(endpoint, headers, file, metadataOf(file), chunkBytes);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, files.length) }, worker));
}
