import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { keyOf } from './media-store.js';
import { makePoster, probeSource } from './hls.js';
import * as repo from './video-queue.repository.js';
import type { VideoKind, VideoQueueContext } from './video-queue.js';

/**
 * Posters for the videos processed before posters were made (docs/decisions/0061-ladder-poster.md): from
 * a start of the queue, each ready row of every kind whose ladder has no poster gets one, made alone (one
 * ffmpeg frame from its MP4, no new ladder) and added to its `hls_files`, so it goes with the ladder as a
 * run's poster does. The queue runs these only when no video is queued, in its own slots (`atOnce`).
 */
export function createPosterBackfill(
  ctx: VideoQueueContext,
  kinds: readonly VideoKind[],
  workRoot: string,
  signal: AbortSignal,
) {
  // Each kind's walk by id, from a start; empty until then and once every row was looked at.
  let walks: { kind: VideoKind; after: string }[] = [];

  async function makeOne(kind: VideoKind, row: repo.PosterlessRow, worker: string) {
    const dir = path.join(workRoot, `${worker}.${row.id}`);
    let url: string | undefined;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const poster = path.join(dir, 'poster.jpg');
      const original = await ctx.media.local(keyOf(row.video));
      try {
        await makePoster(original.path, poster, await probeSource(original.path, signal), signal);
      } finally {
        await original.release();
      }
      url = (await ctx.media.put(poster, kind.folder, 'jpg')).url;
      if (await repo.addPoster(ctx.db, kind, row, url)) {
        kind.changed();
        return;
      }
      // Its ladder changed or went meanwhile: this poster is no one's.
      await ctx.media.remove(url);
    } catch (err) {
      if (url) await ctx.media.remove(url).catch(() => undefined);
      // The video keeps showing its thumbnail; the next start tries it again.
      if (!signal.aborted)
        ctx.log.warn({ err, table: kind.table, video: row.id }, 'video processing: a poster failed');
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
    }
  }

  return {
    start() {
      walks = kinds.map((kind) => ({ kind, after: '' }));
    },
    /** The next poster to make, as a run for `worker`; undefined once every kind's walk is done. */
    async next(worker: string): Promise<(() => Promise<void>) | undefined> {
      while (walks.length) {
        const walk = walks[0]!;
        const row = await repo.nextWithoutPoster(ctx.db, walk.kind, walk.after);
        if (!row) {
          walks.shift();
          continue;
        }
        walk.after = row.id;
        return () => makeOne(walk.kind, row, worker);
      }
      return undefined;
    },
  };
}
