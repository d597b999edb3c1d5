import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { keyOf } from '../platform/media/media-store.js';
import type { S3MediaStore } from '../platform/media/s3-media-store.js';
import { localMedia, type TestApp } from './test-app.js';

/** The files stored in a media folder of a test app (`.tmp` holds partial uploads). */
export function storedFiles(t: TestApp, folder: string): string[] {
  const dir = path.join(t.config.dataDir, 'media', folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Whether the file behind a `/media/...` URL exists. */
export const isStored = (t: TestApp, url: string): boolean =>
  existsSync(path.join(t.config.dataDir, url.replace(/^\//, '')));

/*
 * The same questions asked of whichever store the app runs on (the local disk, or a bucket with
 * TEST_MEDIA_STORE=s3), for the tests that run on both.
 */

/** A stored file's bytes, by its `/media/...` URL or key. */
export async function storedBytes(t: TestApp, url: string): Promise<Buffer> {
  const file = await t.app.streamdesk.context.media.local(keyOf(url));
  try {
    return await readFile(file.path);
  } finally {
    await file.release();
  }
}

/** Whether the file behind a `/media/...` URL or key is stored. */
export const storeHas = (t: TestApp, url: string): Promise<boolean> =>
  t.app.streamdesk.context.media.exists(keyOf(url));

/** How many files a media folder holds (of those whose name ends with `ext`). */
export async function storedCount(t: TestApp, folder: string, ext = ''): Promise<number> {
  const media = t.app.streamdesk.context.media;
  const names =
    media.kind === 'local'
      ? storedFiles(t, folder)
      : (await (media as S3MediaStore).list(`${folder}/`)).map((o) => o.key);
  return names.filter((name) => name.endsWith(ext)).length;
}

/** Replaces a stored file's bytes under the same key (a file damaged after its upload). */
export async function overwriteStored(t: TestApp, url: string, bytes: Buffer): Promise<void> {
  const media = t.app.streamdesk.context.media;
  if (media.kind === 'local') return writeFileSync(localMedia(t).pathOf(keyOf(url)), bytes);
  const s3 = media as S3MediaStore;
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: keyOf(url), Body: bytes }));
}

/**
 * GETs a media URL as a browser does: a redirect to the bucket is followed with the same headers
 * (a Range too), so the answer is the file's either way.
 */
export async function getMedia(
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Buffer; redirected: boolean }> {
  const res = await t.request({ method: 'GET', url, admin: false, headers });
  if (res.statusCode !== 302)
    return {
      status: res.statusCode,
      headers: new Headers(res.headers as Record<string, string>),
      body: res.rawPayload,
      redirected: false,
    };
  const bucket = await fetch(String(res.headers.location), { headers });
  return {
    status: bucket.status,
    headers: bucket.headers,
    body: Buffer.from(await bucket.arrayBuffer()),
    redirected: true,
  };
}
