import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tusRequest } from './tus-request.js';

/** A server whose one request is handed to `handle` as the tus endpoint sees it; resolves with its port. */
let server: Server | undefined;
let socket: Socket | undefined;
afterEach(() => {
  socket?.destroy();
  server?.closeAllConnections();
  server?.close();
});

function listen(handle: (raw: IncomingMessage, request: Request) => void): Promise<number> {
  server = createServer((raw, res) => handle(raw, tusRequest(raw, res)));
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)),
  );
}

function send(port: number, length: number, bytes: Buffer): Socket {
  socket = connect(port, '127.0.0.1');
  socket.write(
    `PATCH /u HTTP/1.1\r\nHost: x\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${length}\r\n\r\n`,
  );
  socket.write(bytes);
  return socket;
}

/** A promise and its resolve, for a value the server's handler hands out. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

describe('The request a tus call is read from', () => {
  it('hands on the request body chunks themselves, not copies of them', async () => {
    const bytes = Buffer.alloc(300_000, 5);
    const seen = deferred<{ raw: Buffer[]; web: Uint8Array[] }>();
    const port = await listen((raw, request) => {
      const rawChunks: Buffer[] = [];
      raw.on('data', (chunk: Buffer) => rawChunks.push(chunk));
      void readAll(request.body!).then((web) => seen.resolve({ raw: rawChunks, web }));
    });
    send(port, bytes.length, bytes);
    const { raw, web } = await seen.promise;
    expect(Buffer.concat(web)).toEqual(bytes);
    expect(web).toHaveLength(raw.length);
    web.forEach((chunk, i) => expect(chunk).toBe(raw[i]));
  });

  it('fails the read when the connection is cut before the end', async () => {
    const read = deferred<{ all: Promise<Uint8Array[]> }>();
    const port = await listen((_raw, request) => read.resolve({ all: readAll(request.body!) }));
    const client = send(port, 100_000, Buffer.alloc(1000, 1));
    const { all } = await read.promise;
    client.destroy();
    await expect(all).rejects.toThrow();
  });

  it('has no body to read on a HEAD', async () => {
    const body = deferred<unknown>();
    const port = await listen((_raw, request) => body.resolve(request.body));
    socket = connect(port, '127.0.0.1');
    socket.write('HEAD /u HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await body.promise).toBeNull();
  });
});
