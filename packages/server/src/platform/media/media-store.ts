import { constants, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { access, copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaKind } from '@streamdesk/contract/media';
import { newId } from '../db/values.js';
import { badRequest, payloadTooLarge, type HttpError } from '../errors.js';
import { OWNER, ownerGone } from '../process-owner.js';
import { uploadMemory } from './memory-guard.js';
import {
  brokenImageMessage,
  extensionOf,
  imageFault,
  isImageKind,
  SNIFF_BYTES,
  sniffMediaKind,
} from './sniff.js';

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

export interface SaveOptions {
  /**
   * Also receives every accepted byte as it streams in (e.g. ffprobe's stdin, so the probe is done when
   * the upload is). It may stop reading early: write errors on it are ignored.
   */
  observer?: Writable;
}

/** Makes a background file again from its source (both local paths): a thumbnail from its video. */
export type Remake = (sourcePath: string, outPath: string) => Promise<void>;

/** What a background write's marker holds: who writes it, its key, and what it is made from. */
interface Marker {
  owner: string;
  key: string;
  source?: string;
}

/** A stored file as a local path for the tools (ffprobe, ffmpeg); `release` once done with it. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/**
 * Where uploaded media live: the local disk (this file) or an S3-compatible bucket (s3-media-store.ts,
 * docs/decisions/0046-object-storage.md).
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Streams a file in, checking its type and size as it arrives; nothing is left behind on failure. */
  save(source: Readable, folder: string, rule: MediaRule, options?: SaveOptions): Promise<SavedMedia>;
  /** Removes a stored file given its key or URL (after its pending write); a missing file is fine. */
  remove(keyOrUrl: string | null | undefined): Promise<void>;
  /**
   * A stored file on the local disk, for the tools: the file itself on the local store, a downloaded copy
   * (removed by `release`) on a bucket.
   */
  local(key: string): Promise<LocalFile>;
  /** Moves a file the server made (a local path) into the store under a new key; `file` is gone after. */
  put(file: string, folder: string, ext: string): Promise<{ key: string; url: string }>;
  /** A copy of a stored file under a new key of `folder`, or undefined when there is no such file. */
  copy(key: string, folder: string): Promise<{ key: string; url: string } | undefined>;
  /** Whether a stored file is there (tests, checks). */
  exists(key: string): Promise<boolean>;
  /**
   * Names a file the server makes in the background (a thumbnail made after the reply): `write` gets a
   * temporary path and the result is renamed into place when it succeeds. Serving and removing the key
   * wait for it, so a client never sees it half-made and a delete never leaves it behind; serving waits
   * in another server process on the same media folder too.
   */
  writeLater(
    folder: string,
    ext: string,
    write: (tmpPath: string) => Promise<void>,
    /** The stored file it is made from, so a start after a crash can make it again (`reconcile`). */
    source?: string,
  ): { key: string; url: string };
  /**
   * Resolves once the background write of a key (if any) has finished, whether or not it succeeded: this
   * process's own, or another process's (seen by its marker file, waited for up to `OTHERS_WAIT_MS`).
   */
  settled(keyOrUrl: string): Promise<void>;
  /** Resolves once every background write has finished (shutdown, tests). */
  idle(): Promise<void>;
  /**
   * Run at start: deletes what a process that stopped mid-way left in the temporary folder (a cut-off
   * upload's part file, a thumbnail's half-made file and marker): at once when the file names its
   * process and that process is gone, else once untouched for `olderThanMs`. A background file whose
   * marker names its source (a video's thumbnail) is made again with `remake` rather than left missing.
   */
  reconcile(olderThanMs: number, remake: Remake): Promise<{ removed: number; remade: string[] }>;
  /**
   * Run at start, once the features have declared their media columns: moves each stored file that no
   * row names (not among what `named` answers of the stored keys it is given) and that is untouched for
   * `olderThanMs` to `orphansDir`, in the same folder layout, and answers their keys. A younger file may be
   * an upload whose row is about to be written (in this process or another), so it stays.
   */
  moveOrphans(
    named: (stored: ReadonlySet<string>) => Promise<ReadonlySet<string>>,
    olderThanMs: number,
    orphansDir: string,
  ): Promise<string[]>;
}

export const MEDIA_URL_PREFIX = '/media/';

export const FOLDER = /^[a-z0-9-]+$/;
/** How long serving waits for another process's background write, polling its marker. */
const OTHERS_WAIT_MS = 30_000;
/** A marker this old is a process that died mid-write: nothing waits for it. */
const STALE_MARKER_MS = 5 * 60_000;
const PENDING = '.pending';
/** A part file named by its process (`<owner>.<id>.part`). */
const PART = /^(\d+-[0-9a-f]+)\.[^.]+\.part$/;

/** A marker's contents; undefined for one written before markers held them (empty). */
async function readMarker(file: string): Promise<Marker | undefined> {
  try {
    const marker = JSON.parse(await readFile(file, 'utf8')) as Partial<Marker>;
    return typeof marker.owner === 'string' && typeof marker.key === 'string'
      ? (marker as Marker)
      : undefined;
  } catch {
    return undefined;
  }
}
const KEY = /^[a-z0-9-]+\/[0-9a-f]{24}(-[a-z]+)?\.[a-z0-9]+$/;

/**
 * Whether a key has the shape of a name the store gives (`<folder>/<id>.<ext>`, lowercase): never a
 * dotfile, never in `.tmp`, never with `..`, `/` or `\` beyond the one folder separator.
 */
export const isMediaKey = (key: string): boolean => KEY.test(key);

/** A key given as itself or as its `/media/<key>` URL. */
export const keyOf = (keyOrUrl: string): string =>
  keyOrUrl.startsWith(MEDIA_URL_PREFIX) ? keyOrUrl.slice(MEDIA_URL_PREFIX.length) : keyOrUrl;

/** Bytes an observer may fall behind by before the upload waits for it (bounds memory). */
const OBSERVER_MAX_BEHIND = 8 * 1024 * 1024;

type Done = (error?: Error | null, data?: Buffer) => void;

/**
 * Checks the first bytes, then counts every byte, refusing as soon as a rule is broken; an image is also
 * checked whole once it has all arrived (a PNG cut off after its signature starts like any other).
 * A refused file is read to its end and dropped, and the refusal is raised only then: destroying the
 * part's stream instead would stop the multipart parser, losing every part after it (a batch's good
 * videos) and the request's unread body with them.
 */
export class Inspector extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  kind: MediaKind | undefined;
  /** Why the file was refused, raised once its last byte has gone by. */
  refusal: HttpError | undefined;
  /**
   * An image's bytes, kept until its end for the whole-file check. Images are at most the rule's size
   * (1 MB); a video is never kept: ffprobe reads it (acceptVideo).
   */
  private image: Buffer[] | undefined;
  private observing: boolean;

  constructor(
    private readonly rule: MediaRule,
    private readonly observer?: Writable,
  ) {
    super();
    this.observing = Boolean(observer);
    // An observer that stops reading early (ffprobe once it has what it needs) is simply dropped.
    observer?.on('error', () => (this.observing = false));
    observer?.on('close', () => (this.observing = false));
  }

  /** Passes accepted bytes on, and to the observer; waits for the observer only when far behind. */
  private accept(chunk: Buffer, done: Done) {
    const observer = this.observer;
    if (!observer || !this.observing) return done(null, chunk);
    if (observer.write(chunk) || observer.writableLength < OBSERVER_MAX_BEHIND) return done(null, chunk);
    const resume = () => {
      observer.off('drain', resume).off('close', resume);
      done(null, chunk);
    };
    observer.on('drain', resume).on('close', resume);
  }

  /**
   * Refuses the file: nothing more is passed on or kept, and the rest of it is read and dropped (the
   * per-chunk work is swapped out, so the accepted path carries no check for this).
   */
  private refuse(error: HttpError, done: Done) {
    this.refusal = error;
    this.image = undefined;
    this.head = Buffer.alloc(0);
    this.finishObserver(true);
    this._transform = drop;
    done();
  }

  /** The type is known: the bytes so far go on, and an image's are kept from here. */
  private typed(kind: MediaKind, head: Buffer, done: Done) {
    if (!this.rule.kinds.includes(kind)) return this.refuse(badRequest(this.rule.typeMessage), done);
    if (isImageKind(kind)) this.image = [head];
    this.accept(head, done);
  }

  /** The refusal of an image that is not whole (cut off or damaged), if it is not. */
  private brokenImage(): HttpError | undefined {
    if (!this.image || !this.kind || !isImageKind(this.kind)) return undefined;
    const fault = imageFault(Buffer.concat(this.image), this.kind);
    return fault && badRequest(brokenImageMessage(fault, this.rule.typeMessage));
  }

  /** Tells the observer the file is complete (or abandons it when the upload failed). */
  finishObserver(failed: boolean) {
    if (!this.observer) return;
    if (failed) this.observer.destroy();
    else if (this.observing) this.observer.end();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: Done) {
    this.size += chunk.length;
    uploadMemory.received(chunk.length);
    if (this.size > this.rule.maxBytes) return this.refuse(payloadTooLarge(this.rule.sizeMessage), done);
    if (!this.kind) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= SNIFF_BYTES) {
        this.kind = sniffMediaKind(this.head);
        if (!this.kind) return this.refuse(badRequest(this.rule.typeMessage), done);
        const buffered = this.head;
        this.head = Buffer.alloc(0);
        return this.typed(this.kind, buffered, done);
      }
      return done();
    }
    this.image?.push(chunk);
    this.accept(chunk, done);
  }

  override _flush(done: Done) {
    if (this.refusal) return done(this.refusal);
    if (this.kind) return done(this.brokenImage());
    // Shorter than the sniff window: decide on what there is (an 8-byte PNG signature, say).
    this.kind = sniffMediaKind(this.head);
    if (this.size === 0 || !this.kind) return done(badRequest(this.rule.typeMessage));
    this.typed(this.kind, this.head, (error, data) =>
      done(error ?? this.refusal ?? this.brokenImage(), data),
    );
  }
}

/** A refused file's remaining bytes: counted for the memory guard, then dropped. */
function drop(this: Inspector, chunk: Buffer, _enc: BufferEncoding, done: Done) {
  this.size += chunk.length;
  uploadMemory.received(chunk.length);
  done();
}

/** The local disk's store, which also names the local path of a key (tests write and read files there). */
export interface LocalMediaStore extends MediaStore {
  readonly kind: 'local';
  /** The local path of a key. */
  pathOf(key: string): string;
  /** Registers a file written by the server itself at the path it answers. */
  adopt(folder: string, ext: string): { key: string; path: string; url: string };
}

/** A rename, or a copy where the two paths are on two file systems. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

export function createLocalMediaStore(root: string): LocalMediaStore {
  const tmpDir = path.join(root, '.tmp');
  /** Background writes by key; each entry settles (never rejects) when its write is over. */
  const pending = new Map<string, Promise<void>>();
  /**
   * A background write's marker, there from before `writeLater` returns until the write is over: behind
   * a load balancer the request for a thumbnail just uploaded may reach another process, which has no
   * entry in its `pending` and would answer 404 while this one is still making it.
   */
  const markerOf = (key: string) => path.join(tmpDir, `${path.basename(key)}${PENDING}`);
  const othersWrite = async (key: string): Promise<boolean> => {
    try {
      return Date.now() - (await stat(markerOf(key))).mtimeMs < STALE_MARKER_MS;
    } catch {
      return false;
    }
  };

  /**
   * Writes `key` in the background: `write` gets a temporary path, renamed into place when it succeeds.
   * Its marker (this process, the key, the source) is written before the reply that names the key goes
   * out, so no other process can miss it.
   */
  const background = (key: string, write: (tmpPath: string) => Promise<void>, source?: string) => {
    const tmp = path.join(tmpDir, path.basename(key));
    const marker = markerOf(key);
    mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
    writeFileSync(marker, JSON.stringify({ owner: OWNER, key, source } satisfies Marker));
    const job = (async () => {
      try {
        await write(tmp);
        await rename(tmp, path.join(root, key));
      } catch {
        // The caller's job logs its own failure; the key then simply has no file (a 404).
        await rm(tmp, { force: true });
      } finally {
        await rm(marker, { force: true });
        pending.delete(key);
      }
    })();
    pending.set(key, job);
  };

  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid media key ${key}`);
    return path.join(root, key);
  };
  const adopt = (folder: string, ext: string) => {
    if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
    const key = `${folder}/${newId()}.${ext}`;
    return { key, path: path.join(root, key), url: MEDIA_URL_PREFIX + key };
  };

  const present = (key: string) =>
    access(pathOf(key)).then(
      () => true,
      () => false,
    );

  return {
    kind: 'local',
    pathOf,
    adopt,

    async local(key) {
      return { path: pathOf(key), release: async () => undefined };
    },

    async put(file, folder, ext) {
      const target = adopt(folder, ext);
      await mkdir(path.dirname(target.path), { recursive: true, mode: 0o700 });
      await moveFile(file, target.path);
      return { key: target.key, url: target.url };
    },

    async copy(key, folder) {
      if (!KEY.test(key)) return undefined;
      const copy = adopt(folder, key.slice(key.lastIndexOf('.') + 1));
      try {
        // A reflink where the file system has them: each row owns its own file, at no cost in space.
        await copyFile(pathOf(key), copy.path, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      } catch (error) {
        await rm(copy.path, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return { key: copy.key, url: copy.url };
    },

    exists: (key) => (KEY.test(key) ? present(key) : Promise.resolve(false)),

    async save(source, folder, rule, options = {}) {
      if (!FOLDER.test(folder)) throw new Error(`Invalid media folder ${folder}`);
      // Readable by the server's user only, as secrets.json is (and the database file).
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      await mkdir(path.join(root, folder), { recursive: true, mode: 0o700 });
      const id = newId();
      // Named by its process, so a start after a crash removes it at once (`reconcile`).
      const tmp = path.join(tmpDir, `${OWNER}.${id}.part`);
      const inspector = new Inspector(rule, options.observer);
      // A 1 MB buffer lets the network keep filling while the disk write in flight finishes, and the
      // chunks gathered meanwhile go out as one writev: with the default 16 KB each 64 KB socket read
      // waited for its own write, which halved the upload speed. Larger is slower again: the write's
      // copy into the page cache (39% of the server's CPU in an upload) reads chunks that have left
      // the CPU cache by then. 200 MB uploads, medians of five: 1 MB 714-840 MB/s, 4 MB 580-597,
      // 16 MB 429 (docs/decisions/0004-media-urls.md).
      const out = createWriteStream(tmp, { flags: 'wx', highWaterMark: 1024 * 1024 });
      try {
        await pipeline(source, inspector, out);
        // @fastify/multipart truncates at its own limit instead of failing; treat that as too large.
        if ((source as Readable & { truncated?: boolean }).truncated) throw payloadTooLarge(rule.sizeMessage);
        inspector.finishObserver(false);
        const kind = inspector.kind!;
        const key = `${folder}/${id}.${extensionOf[kind]}`;
        await rename(tmp, path.join(root, key));
        return { key, kind, size: inspector.size, url: MEDIA_URL_PREFIX + key };
      } catch (error) {
        inspector.finishObserver(true);
        // A rule can fail before the file has even been opened; removing it then would race the open
        // and leave a partial file behind, so wait until the write stream has closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmp, { force: true });
        throw error;
      }
    },

    async remove(keyOrUrl) {
      if (!keyOrUrl) return;
      const key = keyOf(keyOrUrl);
      if (!KEY.test(key)) return;
      await pending.get(key);
      await rm(path.join(root, key), { force: true });
    },

    writeLater(folder, ext, write, source) {
      const target = adopt(folder, ext);
      background(target.key, write, source);
      return { key: target.key, url: target.url };
    },

    async settled(keyOrUrl) {
      const key = keyOf(keyOrUrl);
      const own = pending.get(key);
      if (own) return own;
      if (!KEY.test(key)) return;
      const deadline = Date.now() + OTHERS_WAIT_MS;
      while (Date.now() < deadline && (await othersWrite(key))) await sleep(50);
    },

    async idle() {
      while (pending.size) await Promise.all(pending.values());
    },

    async reconcile(olderThanMs, remake) {
      // Another process on this folder may be writing some of these right now: its files name it (or,
      // from before they did, keep their time fresh; nothing in .tmp lasts an hour when its process is
      // alive).
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      const stale = async (file: string) =>
        Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0) >= olderThanMs;
      const exists = (key: string) =>
        access(path.join(root, key)).then(
          () => true,
          () => false,
        );
      const keep = new Set<string>();
      const remade: string[] = [];
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith(PENDING))) {
        const file = path.join(tmpDir, name);
        const output = name.slice(0, -PENDING.length);
        const marker = await readMarker(file);
        if (marker ? !ownerGone(marker.owner) : !(await stale(file))) {
          keep.add(output);
          continue;
        }
        await rm(path.join(tmpDir, output), { force: true });
        const { key, source } = marker ?? {};
        if (
          key &&
          source &&
          KEY.test(key) &&
          KEY.test(source) &&
          !(await exists(key)) &&
          (await exists(source))
        ) {
          background(key, (out) => remake(path.join(root, source), out), source);
          keep.add(output);
          remade.push(key);
        } else {
          await rm(file, { force: true });
          removed++;
        }
      }
      for (const name of names) {
        if (name.endsWith(PENDING) || keep.has(name)) continue;
        const file = path.join(tmpDir, name);
        const owner = PART.exec(name)?.[1];
        if (owner ? ownerGone(owner) : await stale(file)) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return { removed, remade };
    },

    async moveOrphans(named, olderThanMs, orphansDir) {
      const moved: string[] = [];
      const stored = new Set((await storedKeys(root)).filter((key) => !pending.has(key)));
      const referenced = await named(stored);
      for (const key of stored) {
        if (referenced.has(key)) continue;
        const file = path.join(root, key);
        const info = await stat(file).catch(() => undefined);
        if (!info || Date.now() - info.mtimeMs < olderThanMs) continue;
        const target = path.join(orphansDir, key);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await rename(file, target);
        moved.push(key);
      }
      return moved.sort();
    },
  };
}

/** The keys (paths under `root`, with `/`) of every stored file, the temporary folder aside. */
async function storedKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'));
}
