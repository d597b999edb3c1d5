import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { uploadMetadata, videoUploadMessages, type UploadMetadata } from '@streamdesk/contract/video-uploads';
import { VIDEO_MAX_BYTES, videoMessages, videoRoutes } from '@streamdesk/contract/videos';
import type { Upload } from '@tus/server';
import type { FeatureContext } from '../../platform/feature-context.js';
import { recordAs } from '../../platform/activity/activity-route.js';
import { HttpError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/media/multipart.js';
import { SNIFF_BYTES, sniffMediaKind } from '../../platform/media/sniff.js';
import { storedHeadProbe } from '../../platform/media/video-tools.js';
import {
  displayName,
  VIDEOS_FOLDER,
  type VideoCategoryLookup,
  type VideosService,
} from './videos.service.js';

/** How @tus/server takes a refusal from a hook: its status and the body it sends. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

/** The project's error reply (`{ status: false, message }`) as a tus refusal. */
export const tusRefusal = (statusCode: number, message: string): TusRefusal => ({
  status_code: statusCode,
  body: JSON.stringify({ status: false, message }),
});

export const isTusRefusal = (value: unknown): value is TusRefusal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TusRefusal).status_code === 'number' &&
  typeof (value as TusRefusal).body === 'string';

/** An upload's metadata, checked: the first problem is the message. */
export function readMetadata(metadata: Upload['metadata']): UploadMetadata {
  const given = Object.fromEntries(Object.entries(metadata ?? {}).filter(([, v]) => v !== null));
  const parsed = uploadMetadata.safeParse(given);
  if (!parsed.success) throw tusRefusal(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The first bytes of a file: what its kind is told from. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface VideoUploadsDeps {
  videos: VideosService;
  categories: VideoCategoryLookup;
  /** The folder the tus file store keeps uploads in: `<id>` (the bytes) and `<id>.json` (its record). */
  directory: string;
  /** The store's view of an upload: its record, and its offset from the bytes stored. */
  getUpload?: (id: string) => Promise<Upload>;
}

/** The record lock of one upload (platform/record-locks.ts): its finish runs once. */
const LOCKED = 'video_uploads';

/**
 * The rules of resumable library uploads: what a new upload must say, what a finished one must be,
 * and how it becomes a library video (the same service call and activity entry as the form upload).
 */
export function createVideoUploadsService(ctx: FeatureContext, deps: VideoUploadsDeps) {
  const { directory } = deps;
  const dataOf = (id: string) => path.join(directory, id);
  const recordOf = (id: string) => path.join(directory, `${id}.json`);

  /** Removes an upload's bytes and its record. */
  const discard = (id: string) =>
    Promise.all([rm(dataOf(id), { force: true }), rm(recordOf(id), { force: true })]).then(() => undefined);

  /**
   * An MP4 by its content becomes a library video through `videos.upload`, recorded as `POST
   * /api/App/video` is; anything refused leaves nothing behind.
   */
  async function finishNow(request: FastifyRequest, upload: Upload) {
    const metadata = readMetadata(upload.metadata);
    const name = displayName(metadata.filename);
    const source = dataOf(upload.id);
    if (sniffMediaKind(await headOf(source)) !== 'mp4') {
      await discard(upload.id);
      throw tusRefusal(400, videoMessages.notMp4(name));
    }
    // Its bytes came in several requests, so no probe read them as they came (as the form upload's does):
    // a spare one reads the file's head, opened before the move.
    const probe = await storedHeadProbe(source);
    // Streamed into the store: a rename on the local disk, a multipart upload into a bucket.
    const target = await ctx.media.put(source, VIDEOS_FOLDER, 'mp4');
    await rm(recordOf(upload.id), { force: true });
    const file: UploadedFile = {
      key: target.key,
      kind: 'mp4',
      size: upload.size ?? upload.offset,
      url: target.url,
      filename: metadata.filename || name,
      probe: probe?.result,
    };
    const { method, path: routePath } = videoRoutes.upload;
    try {
      return await recordAs(ctx.app, request, { method, path: routePath }, () =>
        deps.videos.upload(metadata.category, [file], []),
      );
    } catch (error) {
      await ctx.media.remove(file.key);
      if (error instanceof HttpError) throw tusRefusal(error.statusCode, error.message);
      throw error;
    }
  }

  /**
   * A finished upload becomes a library video once: under the upload's lock, and only while its record is
   * there (a finish that ran removed it). Undefined when another finish took it first.
   */
  const finish = (request: FastifyRequest, upload: Upload) =>
    ctx.locks.run(LOCKED, [upload.id], async () =>
      (await stat(recordOf(upload.id)).catch(() => undefined)) ? finishNow(request, upload) : undefined,
    );

  return {
    discard,

    /** At creation: a size within the limit and a category that exists (before a byte is stored). */
    async checkNew(upload: Upload): Promise<void> {
      const metadata = readMetadata(upload.metadata);
      if (upload.size === undefined) throw tusRefusal(400, videoUploadMessages.lengthRequired);
      if (upload.size > VIDEO_MAX_BYTES)
        throw tusRefusal(413, videoMessages.tooLarge(displayName(metadata.filename)));
      if (!(await deps.categories.exists(metadata.category)))
        throw tusRefusal(404, videoMessages.categoryNotFound);
    },

    finish,

    /**
     * An upload whose every byte was stored but that never became a library video (the process stopped
     * between its last byte and the row): finished now, for the HEAD a resuming client sends first, which
     * would otherwise answer "complete" and leave the video unmade. Undefined for any other upload.
     */
    async finishArrived(request: FastifyRequest, id: string): Promise<Upload | undefined> {
      const upload = await deps.getUpload?.(id).catch(() => undefined);
      if (upload?.size === undefined || upload.offset !== upload.size) return undefined;
      return (await finish(request, upload)) ? upload : undefined;
    },

    /**
     * Removes the uploads created more than `olderThanMs` ago and never finished (a finished one is moved
     * out at once). Read from the folder rather than with the store's `deleteExpired`, which stops at the
     * first record whose bytes are gone (a crash between the move and the record's removal).
     */
    async removeExpired(olderThanMs: number): Promise<number> {
      const names = await readdir(directory).catch(() => [] as string[]);
      const now = Date.now();
      let removed = 0;
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
        if (id !== name && names.includes(id)) continue; // the bytes' turn decides
        const created = await createdAt(directory, id);
        if (created !== undefined && now - created > olderThanMs) {
          await discard(id);
          removed++;
        }
      }
      return removed;
    },
  };
}

/** When an upload was created: its record's `creation_date`, or its files' time without a readable one. */
async function createdAt(directory: string, id: string): Promise<number | undefined> {
  try {
    const record = JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as {
      creation_date?: string;
    };
    const time = Date.parse(record.creation_date ?? '');
    if (!Number.isNaN(time)) return time;
  } catch {
    // No record (or a broken one): the time of whichever file is there.
  }
  const info =
    (await stat(path.join(directory, id)).catch(() => undefined)) ??
    (await stat(path.join(directory, `${id}.json`)).catch(() => undefined));
  return info?.mtimeMs;
}

export type VideoUploadsService = ReturnType<typeof createVideoUploadsService>;
