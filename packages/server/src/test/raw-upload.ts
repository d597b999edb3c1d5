import net from 'node:net';
import type { TestApp } from './test-app.js';
import { TEST_API_KEY } from './test-app.js';

/**
 * A multipart upload written out byte for byte, for tests that send it over a raw socket in pieces, slowly,
 * or not whole: app.inject() and fetch() hand the server the body at once.
 */
const BOUNDARY = '----raw-upload';
export const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** A text field's part. */
export const fieldPart = (name: string, value: string): Buffer =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/** A file part's head (its bytes follow, then `partEnd`). */
export const fileHead = (field: string, filename: string): Buffer =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );

export const partEnd = Buffer.from('\r\n');
export const formEnd = Buffer.from(`--${BOUNDARY}--\r\n`);

/** The request head of an admin POST of a multipart body of `length` bytes to `path`. */
export function postHead(t: TestApp, path: string, length: number): Buffer {
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\napi-key: ${TEST_API_KEY}\r\n` +
      `authorization: Bearer ${t.token}\r\ncontent-type: ${multipartType}\r\n` +
      `content-length: ${length}\r\n\r\n`,
  );
}

/** A request head and its whole body, as one buffer. */
export const wholeRequest = (t: TestApp, path: string, body: Buffer[]): Buffer => {
  const joined = Buffer.concat(body);
  return Buffer.concat([postHead(t, path, joined.length), joined]);
};

export interface RawClient {
  /** Writes bytes and resolves once the socket has taken them. */
  write(bytes: Buffer): Promise<void>;
  /** What the server has sent back so far. */
  reply(): string;
  /** Resolves with the whole reply once the server closes the connection. */
  closed: Promise<string>;
  /** Goes away mid-request, as a browser tab closed during an upload. */
  destroy(): void;
}

/** A connection to the test server on `port`, written by the test at its own pace. */
export async function connect(port: number): Promise<RawClient> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let reply = '';
  socket.on('data', (d: Buffer) => (reply += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(reply)));
  return {
    write: (bytes) =>
      new Promise((resolve, reject) => socket.write(bytes, (e) => (e ? reject(e) : resolve()))),
    reply: () => reply,
    closed,
    destroy: () => socket.destroy(),
  };
}
