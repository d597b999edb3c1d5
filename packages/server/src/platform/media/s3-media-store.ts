import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config.js';
import { newId } from '../db/values.js';
import { payloadTooLarge } from '../errors.js';
import { OWNER, ownerGone } from '../process-owner.js';
import { FOLDER, Inspector, isMediaKey, keyOf, MEDIA_URL_PREFIX, type MediaStore } from './media-store.js';
import { extensionOf } from './sniff.js';

/** How long a presigned media URL works: long enough to watch a film through, short enough not to share. */
export const PRESIGN_SECONDS = 6 * 60 * 60;
/** Multipart part size: memory per upload is about this times QUEUE (lib-storage keeps parts in flight). */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
/** Every stored name is server-made and never reused, so the bucket serves it as the local store does. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Where the orphan sweep moves files, inside the bucket: never a media key, so never served. */
const ORPHANS = 'orphans/';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
};
export const contentTypeOfKey = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** A bucket's media store: serving redirects to it (serve-media.ts), and it can open a file's bytes. */
export interface S3MediaStore extends MediaStore {
  readonly kind: 's3';
  /** The URL a browser reads `key` at: the public base URL's, or a presigned one. */
  urlFor(key: string): Promise<string>;
  /** Whether redirects point at the public base URL (cacheable for ever) rather than presigned URLs. */
  readonly isPublic: boolean;
  /** A stored file's bytes, or undefined when there is none (playlists are served through the app). */
  open(key: string): Promise<Readable | undefined>;
  /** The bucket's keys under `prefix` (tests, the orphan sweep). */
  list(prefix?: string): Promise<{ key: string; modified: number }[]>;
  client: S3Client;
  bucket: string;
}

const isMissing = (error: unknown) => {
  const e = error as S3ServiceException;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Media in an S3-compatible bucket. Files stream through lib-storage's multipart upload (parts of
 * PART_BYTES, QUEUE in flight), never whole in memory. What the tools work on (ffmpeg) is made in
 * `staging` on the local disk and moved in with `put`; a file a tool reads is downloaded there (`local`).
 */
export function createS3MediaStore(settings: S3Settings, staging: string): S3MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const bucket = settings.bucket;
  const tmpDir = path.join(staging, '.tmp');
  /** Background writes by key; each settles (never rejects) once its write is over. */
  const pending = new Map<string, Promise<void>>();

  const newKey = (folder: string, ext: string) => {
    if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
    return `${folder}/${newId()}.${ext}`;
  };
  const tmpPath = async (name: string) => {
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    // Named by its process, so a start after a crash removes it at once (`reconcile`).
    return path.join(tmpDir, `${OWNER}.${newId()}.${name}`);
  };
  const upload = (key: string, body: Readable) =>
    new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentType: contentTypeOfKey(key),
        CacheControl: CACHE_CONTROL,
      },
      partSize: PART_BYTES,
      queueSize: QUEUE,
    });
  const deleteObject = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  const putFile = async (file: string, key: string) => {
    try {
      await upload(key, createReadStream(file)).done();
    } finally {
      await rm(file, { force: true });
    }
  };
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };
  const list = async (prefix = '') => {
    const keys: { key: string; modified: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) keys.push({ key: o.Key, modified: o.LastModified?.getTime() ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };

  const open = async (key: string): Promise<Readable | undefined> => {
    try {
      const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return reply.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    kind: 's3',
    open,
    client,
    bucket,
    isPublic: Boolean(settings.publicUrl),
    list,
    exists: (key) => (isMediaKey(key) ? exists(key) : Promise.resolve(false)),

    async urlFor(key) {
      if (settings.publicUrl) return `${settings.publicUrl}/${key}`;
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: PRESIGN_SECONDS,
      });
    },

    async save(source, folder, rule, options = {}) {
      if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
      const id = newId();
      const inspector = new Inspector(rule, options.observer);
      // The key names the kind, known from the first bytes: the upload starts with the first accepted
      // chunk, and a file refused before that never reaches the bucket.
      const body = new PassThrough({ highWaterMark: 1024 * 1024 });
      // Its failure is the pipeline's or the upload's, raised there; not one more unhandled here.
      body.on('error', () => undefined);
      let key: string | undefined;
      let sending: Upload | undefined;
      let sent: Promise<unknown> | undefined;
      const sink = new Writable({
        highWaterMark: 1024 * 1024,
        write(chunk: Buffer, _enc, done) {
          if (!sending) {
            key = `${folder}/${id}.${extensionOf[inspector.kind!]}`;
            sending = upload(key, body);
            // A failed upload stops the stream feeding it, so the pipeline fails with its error.
            sent = sending.done().catch((error: unknown) => {
              sink.destroy(error as Error);
              throw error;
            });
            sent.catch(() => undefined);
          }
          if (body.write(chunk)) done();
          else body.once('drain', () => done());
        },
        final(done) {
          body.end();
          done();
        },
      });
      try {
        await pipeline(source, inspector, sink);
        // @fastify/multipart truncates at its own limit instead of failing; treat that as too large.
        if ((source as Readable & { truncated?: boolean }).truncated) throw payloadTooLarge(rule.sizeMessage);
        await sent;
        inspector.finishObserver(false);
        return { key: key!, kind: inspector.kind!, size: inspector.size, url: MEDIA_URL_PREFIX + key };
      } catch (error) {
        inspector.finishObserver(true);
        // lib-storage aborts its multipart upload when its body fails; a single-part one may have landed.
        body.destroy(error as Error);
        await sending?.abort().catch(() => undefined);
        await sent?.catch(() => undefined);
        if (key) await deleteObject(key).catch(() => undefined);
        throw error;
      }
    },

    async remove(keyOrUrl) {
      if (!keyOrUrl) return;
      const key = keyOf(keyOrUrl);
      if (!isMediaKey(key)) return;
      await pending.get(key);
      await deleteObject(key);
    },

    async local(key) {
      if (!isMediaKey(key)) throw new Error(`Invalid media key ${key}`);
      const file = await tmpPath(path.basename(key));
      const bytes = await open(key);
      if (!bytes) throw Object.assign(new Error(`No media file ${key}`), { code: 'ENOENT' });
      try {
        await pipeline(bytes, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },

    async put(file, folder, ext) {
      const key = newKey(folder, ext);
      await putFile(file, key);
      return { key, url: MEDIA_URL_PREFIX + key };
    },

    async copy(key, folder) {
      if (!isMediaKey(key)) return undefined;
      const copy = newKey(folder, key.slice(key.lastIndexOf('.') + 1));
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: copy, CopySource: `${bucket}/${key}` }),
        );
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return { key: copy, url: MEDIA_URL_PREFIX + copy };
    },

    writeLater(folder, ext, write) {
      const key = newKey(folder, ext);
      const job = (async () => {
        const tmp = await tmpPath(path.basename(key));
        try {
          await write(tmp);
          await putFile(tmp, key);
        } catch {
          // The caller's job logs its own failure; the key then simply has no file (a 404).
          await rm(tmp, { force: true });
        } finally {
          pending.delete(key);
        }
      })();
      pending.set(key, job);
      return { key, url: MEDIA_URL_PREFIX + key };
    },

    async settled(keyOrUrl) {
      await pending.get(keyOf(keyOrUrl));
    },

    async idle() {
      while (pending.size) await Promise.all(pending.values());
    },

    /**
     * The local staging folder's leftovers of a stopped process go. A thumbnail a stopped process had
     * not finished stays missing (its marker is the local store's alone: 0046 says so).
     */
    async reconcile(olderThanMs) {
      let removed = 0;
      for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
        const file = path.join(tmpDir, name);
        const owner = /^(\d+-[0-9a-f]+)\./.exec(name)?.[1];
        const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0);
        if (owner ? ownerGone(owner) : age >= olderThanMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return { removed, remade: [] };
    },

    /** Orphans move to `orphans/<key>` in the bucket (kept, not deleted, as the local store keeps them). */
    async moveOrphans(named, olderThanMs) {
      const moved: string[] = [];
      const old = (await list()).filter(
        ({ key, modified }) => isMediaKey(key) && !pending.has(key) && Date.now() - modified >= olderThanMs,
      );
      const referenced = await named(new Set(old.map(({ key }) => key)));
      for (const { key } of old) {
        if (referenced.has(key)) continue;
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: ORPHANS + key, CopySource: `${bucket}/${key}` }),
        );
        await deleteObject(key);
        moved.push(key);
      }
      return moved.sort();
    },
  };
}
