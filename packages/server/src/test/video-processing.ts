import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import { getMedia, storeHas } from './stored-files.js';

// What the processing tests (library videos, reels) read of a processed video: its MP4's boxes, its
// ladder's playlists, files that go.

/** A media URL's text, as a player reads it (through the redirect to a bucket). */
export const media = async (t: TestApp, url: string) => {
  const res = await getMedia(t, url);
  expect(res.status).toBe(200);
  return { body: res.body.toString() };
};

/** Waits until the store no longer has `url`. */
export async function gone(t: TestApp, url: string) {
  for (let tries = 0; await storeHas(t, url); tries++) {
    if (tries > 300) throw new Error(`${url} is still there`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The top-level MP4 boxes' types, in order. */
export function boxes(data: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    const size = data.readUInt32BE(at);
    types.push(data.toString('latin1', at + 4, at + 8));
    at += size === 1 ? Number(data.readBigUInt64BE(at + 8)) : size || data.length;
  }
  return types;
}
export const before = (list: string[], a: string, b: string) =>
  list.indexOf(a) >= 0 && list.indexOf(a) < list.indexOf(b);

/** The master playlist's renditions: resolution and playlist URL. */
export async function renditions(t: TestApp, master: string) {
  const text = (await media(t, master)).body;
  return [...text.matchAll(/RESOLUTION=(\d+)x(\d+).*\n(\S+)/g)].map(([, width, height, uri]) => ({
    width: Number(width),
    height: Number(height),
    url: path.posix.join(path.posix.dirname(master), uri!),
  }));
}

/** Polls `read` until `done` holds (a loaded 2-core machine transcodes slowly: a long limit). */
export async function polled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
