import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaKind } from '@streamdesk/contract/media';
import { newId } from '../db/values.js';
import { badRequest, HttpError, payloadTooLarge } from '../errors.js';
import { extensionOf, SNIFF_BYTES, sniffMediaKind } from './sniff.js';

export interface MediaRule {
  /** Kinds accepted, decided from the file's first bytes. */
  kinds: readonly MediaKind[];
  maxBytes: number;
  /** The spec's message for a file of the wrong type. */
  typeMessage: string;
  /** The spec's message for a file over maxBytes (answered with 413). */
  sizeMessage: string;
}

export interface SavedMedia {
  /** Store key, e.g. `stories/6650f0c1a2b3c4d5e6f70812.mp4`. */
  key: string;
  kind: MediaKind;
  size: number;
  /** The URL the file is served at (`/media/<key>`). */
  url: string;
}

/** Where uploaded media live. Local disk now; an S3-compatible store can implement the same. */
export interface MediaStore {
  /** Streams a file in, checking its type and size as it arrives; nothing is left behind on failure. */
  save(source: Readable, folder: string, rule: MediaRule): Promise<SavedMedia>;
  /** Removes a stored file given its key or URL; a missing file is not an error. */
  remove(keyOrUrl: string | null | undefined): Promise<void>;
  /** The local path of a key (for ffmpeg). */
  pathOf(key: string): string;
  /** Registers a file written by the server itself (a thumbnail). */
  adopt(folder: string, ext: string): { key: string; path: string; url: string };
}

export const MEDIA_URL_PREFIX = '/media/';

const FOLDER = /^[a-z0-9-]+$/;
const KEY = /^[a-z0-9-]+\/[0-9a-f]{24}(-[a-z]+)?\.[a-z0-9]+$/;

/** Checks the first bytes, then counts every byte, failing as soon as a rule is broken. */
class Inspector extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  kind: MediaKind | undefined;

  constructor(private readonly rule: MediaRule) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.size += chunk.length;
    if (this.size > this.rule.maxBytes) return done(payloadTooLarge(this.rule.sizeMessage));
    if (!this.kind) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= SNIFF_BYTES) {
        this.kind = sniffMediaKind(this.head);
        if (!this.kind || !this.rule.kinds.includes(this.kind))
          return done(badRequest(this.rule.typeMessage));
        const buffered = this.head;
        this.head = Buffer.alloc(0);
        return done(null, buffered);
      }
      return done();
    }
    done(null, chunk);
  }

  override _flush(done: (error?: Error | null, data?: Buffer) => void) {
    if (this.kind) return done();
    // Shorter than the sniff window: decide on what there is.
    this.kind = sniffMediaKind(this.head);
    if (this.size === 0 || !this.kind || !this.rule.kinds.includes(this.kind)) {
      return done(badRequest(this.rule.typeMessage));
    }
    done(null, this.head);
  }
}

export function createLocalMediaStore(root: string): MediaStore {
  const tmpDir = path.join(root, '.tmp');

  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid media key ${key}`);
    return path.join(root, key);
  };

  return {
    pathOf,

    async save(source, folder, rule) {
      if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.join(root, folder), { recursive: true });
      const id = newId();
      const tmp = path.join(tmpDir, `${id}.part`);
      const inspector = new Inspector(rule);
      const out = createWriteStream(tmp, { flags: 'wx' });
      try {
        await pipeline(source, inspector, out);
        // @fastify/multipart truncates at its own limit instead of failing; treat that as too large.
        if ((source as Readable & { truncated?: boolean }).truncated) throw payloadTooLarge(rule.sizeMessage);
        const kind = inspector.kind!;
        const key = `${folder}/${id}.${extensionOf[kind]}`;
        await rename(tmp, path.join(root, key));
        return { key, kind, size: inspector.size, url: MEDIA_URL_PREFIX + key };
      } catch (error) {
        // A rule can fail before the file has even been opened; removing it then would race the open
        // and leave a partial file behind, so wait until the write stream has closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmp, { force: true });
        // Let the rest of this part flow past so the request can still be answered.
        source.resume();
        if (error instanceof HttpError) throw error;
        throw error;
      }
    },

    async remove(keyOrUrl) {
      if (!keyOrUrl) return;
      const key = keyOrUrl.startsWith(MEDIA_URL_PREFIX) ? keyOrUrl.slice(MEDIA_URL_PREFIX.length) : keyOrUrl;
      if (!KEY.test(key)) return;
      await rm(path.join(root, key), { force: true });
    },

    adopt(folder, ext) {
      if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
      const key = `${folder}/${newId()}.${ext}`;
      return { key, path: path.join(root, key), url: MEDIA_URL_PREFIX + key };
    },
  };
}

/** Size of a stored file, or undefined when missing. */
export async function storedSize(file: string): Promise<number | undefined> {
  return stat(file).then(
    (s) => s.size,
    () => undefined,
  );
}
