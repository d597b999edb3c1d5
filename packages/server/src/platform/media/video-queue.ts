import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppCache } from '../app-cache.js';
import type { AppDb } from '../db/database.js';
import { nowIso } from '../db/values.js';
import { afterWriteScope } from '../db/write-scope.js';
import { MEDIA_URL_PREFIX, type MediaStore } from './media-store.js';
import { OWNER, ownerGone } from '../process-owner.js';
import { indexFirst, makeHls, makePoster, probeSource, progressOf, remuxFaststart } from './hls.js';
import { createPosterBackfill } from './poster-backfill.js';
import * as repo from './video-queue.repository.js';

/** A run and its two retries. */
export const MAX_ATTEMPTS = 3;
/** A run renews its hold this often (and writes its progress); a hold not renewed for LEASE_MS is free. */
const TICK_MS = 2_000;
const LEASE_MS = 60_000;
/** Share of the progress given to the faststart remux (a copy of the streams, quick beside the ladder). */
const REMUX_SHARE = 5;

export interface VideoQueueOptions {
  atOnce: number;
  /** How often a process looks for queued videos besides being woken by an upload. */
  pollMs?: number;
  /**
   * How often a run writes its percent and renews its lease (2 s). Tests of the percent make it short:
   * a test clip is made faster than one 2 s tick on a quick machine.
   */
  tickMs?: number;
}

/** What the queue needs of the app (the platform's part of the feature context). */
export interface VideoQueueContext {
  db: AppDb;
  media: MediaStore;
  /** A run's new percent drops the cached reads tagged with its kind's progressTagOf. */
  cache: AppCache;
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * A kind of video the queue processes (docs/decisions/0059-processing-for-every-video.md): its table (with
 * the queue's columns, `processingColumns`), the column naming its MP4, the media folder its remuxed MP4
 * and ladder are stored in (the feature declares `hls` and `hls_files` among its media columns, so the
 * orphan sweep and the trash's purge find the ladder), and what changes when a run takes, finishes or
 * fails one of its videos (its cached lists and app reads). A run's new percent (every 2 s at most)
 * drops only the cached reads tagged with the kind's `progressTagOf`: every kind has that tag, so a
 * cached read that shows a percent takes it with `progressTagsOf` and follows the run.
 */
export interface VideoKind extends repo.QueueTable {
  folder: string;
  changed: () => void;
}

/** The cache tag of a kind's cached reads that show one of its videos in processing. */
export const progressTagOf = (kind: repo.QueueTable) => `${kind.table}-progress`;

/**
 * `AppCache.get`'s `tagsOf` for a read showing `items` of `kind`: its progress tag while one of them is
 * processing, so a new percent drops that read and leaves the others cached.
 */
export const progressTagsOf = (kind: repo.QueueTable, items: readonly { state: string }[]) =>
  items.some((item) => item.state === 'processing') ? [progressTagOf(kind)] : [];

const keyOf = (url: string) => url.slice(MEDIA_URL_PREFIX.length);
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The processing queue of videos (docs/decisions/0044-video-processing.md, 0059): the queue is the rows of
 * the registered kinds' tables (library videos, reels...): a new video is `queued`; each process with
 * `atOnce` above 0 takes the one queued longest ago, of any kind, with a conditional UPDATE and a lease it
 * renews while ffmpeg works, so a video is processed by one process, and one a stopped process held is
 * taken again when its lease runs out. A run remuxes an MP4 whose index is last (faststart, no re-encode)
 * and makes the HLS ladder next to it; a failure is tried again twice, then the video is `failed` with the
 * reason. `atOnce` bounds the runs of every kind together.
 */
export function createVideoQueue(ctx: VideoQueueContext, options: VideoQueueOptions) {
  const db = ctx.db;
  const tickMs = options.tickMs ?? TICK_MS;
  const kinds: VideoKind[] = [];
  const workRoot = path.join(ctx.dataDir, 'processing');
  const runs = new Set<Promise<void>>();
  let stopping = false;
  // Stops the tools of runs under way (a server stopping): see ToolLauncher.run.
  const stopped = new AbortController();
  let filling: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let count = 0;
  // Wakes run outside the write scope of the request that queued the video (it has committed by then).
  const outside = AsyncLocalStorage.snapshot();

  const posters = createPosterBackfill(ctx, kinds, workRoot, stopped.signal);

  /** Takes queued videos while a slot is free; with none queued, makes the posters earlier runs lack. */
  const fill = async () => {
    while (!stopping && runs.size < options.atOnce) {
      const worker = `${OWNER}.${++count}`;
      const video = await repo.takeNext(db, kinds, worker, nowIso(), later(LEASE_MS));
      if (stopping) return;
      video?.kind.changed();
      const work = video ? () => process(video, worker) : await posters.next(worker);
      if (!work || stopping) return;
      const run = work().finally(() => {
        runs.delete(run);
        wake();
      });
      runs.add(run);
    }
  };
  const wake = () =>
    outside(() => {
      if (stopping || options.atOnce === 0 || filling) return;
      filling = fill()
        .catch((err: unknown) => ctx.log.warn({ err }, 'video processing: taking a queued video failed'))
        .finally(() => (filling = undefined));
    });

  async function process(video: QueuedVideo, worker: string): Promise<void> {
    const kind = video.kind;
    const dir = path.join(workRoot, `${worker}.${video.id}`);
    let progress = 0;
    let written = 0;
    let held = true;
    const tick = setInterval(() => {
      const percent = Math.floor(progress);
      void repo
        .renew(db, kind, video.id, worker, later(LEASE_MS), percent)
        .then((still) => {
          held = still;
          if (still && percent !== written) ctx.cache.invalidate(progressTagOf(kind));
          written = percent;
        })
        .catch(() => undefined);
    }, tickMs);
    const stored: string[] = [];
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const outcome = await transcode(video, dir, (p) => (progress = p), stored);
      if (stopping) throw new Stopped();
      if (
        held &&
        (await repo.settle(db, kind, video.id, worker, {
          state: 'ready',
          progress: 100,
          error: '',
          ...outcome,
        }))
      ) {
        // The record points at the new file now; the old one goes (0004).
        if (outcome.video) await ctx.media.remove(video.video);
        kind.changed();
        return;
      }
      // Deleted meanwhile, or taken by another process: what this run stored is no one's.
      await removeAll(stored);
    } catch (error) {
      await removeAll(stored);
      if (stopping) return;
      const reason = error instanceof Error ? error.message : String(error);
      const again = video.attempts < MAX_ATTEMPTS;
      ctx.log.warn(
        { err: error, table: kind.table, video: video.id, attempt: video.attempts },
        'video processing failed',
      );
      await repo
        .settle(
          db,
          kind,
          video.id,
          worker,
          again
            ? { state: 'queued', progress: 0, error: '' }
            : { state: 'failed', progress: 0, error: reason.slice(0, 500) },
        )
        .then(() => kind.changed())
        .catch(() => undefined);
    } finally {
      clearInterval(tick);
      // Retried: a run stopped with its server ends before its killed ffmpeg's last segment is written,
      // and that write made the removal fail once (ENOTEMPTY) and leave the folder behind.
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch((err: unknown) =>
        ctx.log.warn({ err }, 'video processing: could not remove its work folder'),
      );
    }
  }

  const removeAll = (urls: string[]) => Promise.all(urls.map((u) => ctx.media.remove(u)));

  /**
   * The run itself; `stored` collects each media URL as it is stored, for removal on failure. It works in
   * `dir` on the local disk (the source is a downloaded copy when the media are in a bucket) and moves
   * each result into the store once made (docs/decisions/0046-object-storage.md).
   */
  async function transcode(video: QueuedVideo, dir: string, report: (p: number) => void, stored: string[]) {
    const original = await ctx.media.local(keyOf(video.video));
    try {
      return await transcodeFile(original.path, video.kind.folder, dir, report, stored);
    } finally {
      await original.release();
    }
  }

  async function transcodeFile(
    original: string,
    folder: string,
    dir: string,
    report: (p: number) => void,
    stored: string[],
  ) {
    let source = original;
    const info = await probeSource(source, stopped.signal);
    const remuxed = !(await indexFirst(source));
    if (remuxed) {
      source = path.join(dir, 'faststart.mp4');
      await remuxFaststart(original, source, info, stopped.signal);
    }
    report(REMUX_SHARE);
    const progressFile = path.join(dir, 'progress.txt');
    const watch = setInterval(() => {
      void progressOf(progressFile, info.durationSeconds).then((f) =>
        report(REMUX_SHARE + f * (99 - REMUX_SHARE)),
      );
    }, tickMs / 2);
    const hlsDir = path.join(dir, 'hls');
    await mkdir(hlsDir);
    let files;
    try {
      files = await makeHls(source, hlsDir, info, progressFile, stopped.signal);
    } finally {
      clearInterval(watch);
    }
    const poster = path.join(dir, 'poster.jpg');
    await makePoster(source, poster, info, stopped.signal);
    const put = async (file: string, ext: string) => {
      const { url } = await ctx.media.put(file, folder, ext);
      stored.push(url);
      return url;
    };
    const moved = remuxed ? await put(source, 'mp4') : undefined;
    // Each file gets a name of the store's; the playlists are rewritten to name them, so each is stored
    // after the files it names.
    const names = new Map<string, string>();
    const ladder: string[] = [];
    const renamed = (text: string) =>
      text.replace(/^([^#\s][^\s]*)$/gm, (name) => path.posix.basename(names.get(name) ?? name));
    const putPlaylist = async (name: string) => {
      const file = path.join(hlsDir, name);
      await writeFile(file, renamed(await readFile(file, 'utf8')));
      return put(file, 'm3u8');
    };
    for (const r of files.renditions) {
      names.set(r.media, await put(path.join(hlsDir, r.media), 'ts'));
      names.set(r.playlist, await putPlaylist(r.playlist));
      ladder.push(names.get(r.media)!, names.get(r.playlist)!);
    }
    const master = await putPlaylist(files.master);
    // The poster is one of the ladder's files: every path that removes the ladder removes it (0061).
    ladder.push(await put(poster, 'jpg'));
    return {
      ...(moved ? { video: moved } : {}),
      hls: master,
      hls_files: ladder.join(' '),
    };
  }

  /** Work folders of stopped processes (a crash mid-run) go at start. */
  async function clearLeftovers() {
    for (const name of await readdir(workRoot).catch(() => [] as string[])) {
      const owner = name.split('.')[0]!;
      if (ownerGone(owner)) await rm(path.join(workRoot, name), { recursive: true, force: true });
    }
  }

  return {
    /** Adds a kind of video to process; answers the wake its writes call once they queued videos. */
    register(kind: VideoKind): () => void {
      kinds.push(kind);
      return wake;
    },
    wake,
    /**
     * Queues failed videos of `kind` again with a fresh count of attempts (a Retry, 0044): unknown ids
     * among known ones are ignored, as in every bulk action; none known is `refuse.none()`, and a known
     * one that is not failed `refuse.notFailed(ids)`. Answers how many were queued.
     */
    async retry(
      kind: VideoKind,
      ids: readonly string[],
      refuse: { none: () => Error; notFailed: (ids: string[]) => Error },
    ) {
      const rows = await repo.statesOf(db, kind, [...new Set(ids)]);
      if (!rows.length) throw refuse.none();
      const notFailed = rows.filter((r) => r.state !== 'failed').map((r) => r.id);
      if (notFailed.length) throw refuse.notFailed(notFailed);
      const retried = await repo.requeueFailed(
        db,
        kind,
        rows.map((r) => r.id),
        nowIso(),
      );
      kind.changed();
      afterWriteScope(wake);
      return retried;
    },
    async start() {
      if (options.atOnce === 0) return;
      await clearLeftovers();
      posters.start();
      wake();
      timer = setInterval(wake, options.pollMs ?? 5_000);
      timer.unref();
    },
    /**
     * Stops taking videos and gives back the ones under way, so the next process takes them at once
     * rather than after their lease; their ffmpeg ends with the tool launcher (stopMediaTools).
     */
    async stop() {
      stopping = true;
      stopped.abort();
      if (timer) clearInterval(timer);
      await filling;
      await repo.giveBack(db, kinds, `${OWNER}.`).catch(() => undefined);
    },
    /** Resolves once the runs under way have ended (tests). */
    async idle() {
      while (runs.size || filling) await Promise.all([...runs, filling]);
    },
  };
}

type QueuedVideo = repo.QueuedVideo & { kind: VideoKind };

class Stopped extends Error {}

export type VideoQueue = ReturnType<typeof createVideoQueue>;
