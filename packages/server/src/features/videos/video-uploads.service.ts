import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { uploadMetadata, videoUploadMessages, type UploadMetadata } from '@streamdesk/contract/video-uploads';
import { VIDEO_MAX_BYTES, videoMessages, videoRoutes } from '@streamdesk/contract/videos';
import { ERRORS, Metadata, type Upload } from '@tus/server';
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

/** An upload's id as @tus/server makes them (16 random bytes in hex): nothing else names a file here. */
const UPLOAD_ID = /^[0-9a-f]{1,64}$/;

/**
 * An upload's record (`<id>.json`, @tus/file-store's). Once its video is made it stays, with `finished_at`,
 * while its bytes are the library's (docs/decisions/0070-a-finished-upload-says-complete.md).
 */
interface UploadRecord {
  size?: number;
  metadata?: Upload['metadata'];
  creation_date?: string;
  finished_at?: string;
}

/** A finished upload: what its HEAD and a PATCH at its end answer. */
export interface FinishedUpload {
  size: number;
  metadata?: Upload['metadata'];
}

/** How the tus routes answer a request on a finished upload. */
export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
  /** A refusal's `{ status: false, message }`. */
  body?: string;
}

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

  const readRecord = (id: string): Promise<UploadRecord | undefined> =>
    readFile(recordOf(id), 'utf8').then(
      (text) => JSON.parse(text) as UploadRecord,
      () => undefined,
    );

  const finishedOf = (record: UploadRecord | undefined): FinishedUpload | undefined =>
    record?.finished_at !== undefined && record.size !== undefined
      ? { size: record.size, metadata: record.metadata }
      : undefined;

  /**
   * The record of an upload whose video is made, kept so that a client whose last answer was lost hears
   * "complete" instead of 404 (on which tus-js-client sends the whole file again as a new upload). Written
   * whole and renamed over the record: a reader never sees half of it.
   */
  async function markFinished(id: string, record: UploadRecord) {
    const next = `${recordOf(id)}.${process.pid}.tmp`;
    await writeFile(next, JSON.stringify({ ...record, finished_at: new Date().toISOString() }));
    await rename(next, recordOf(id));
  }

  /**
   * An MP4 by its content becomes a library video through `videos.upload`, recorded as `POST
   * /api/App/video` is; anything refused leaves nothing behind.
   */
  async function finishNow(request: FastifyRequest, upload: Upload, record: UploadRecord) {
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
    const file: UploadedFile = {
      key: target.key,
      kind: 'mp4',
      size: upload.size ?? upload.offset,
      url: target.url,
      filename: metadata.filename || name,
      probe: probe?.result,
    };
    const { method, path: routePath } = videoRoutes.upload;
    let reply;
    try {
      reply = await recordAs(ctx.app, request, { method, path: routePath }, () =>
        deps.videos.upload(metadata.category, [file], []),
      );
    } catch (error) {
      await Promise.all([ctx.media.remove(file.key), rm(recordOf(upload.id), { force: true })]);
      if (error instanceof HttpError) throw tusRefusal(error.statusCode, error.message);
      throw error;
    }
    // The video is made whatever happens here: a record not marked only costs a lost answer its 404.
    await markFinished(upload.id, record).catch((error: unknown) =>
      request.log.error({ err: error }, "could not keep the finished upload's record"),
    );
    return reply;
  }

  /**
   * A finished upload becomes a library video once: under the upload's lock, and only while its record is
   * there and not yet finished. Undefined when another finish took it first.
   */
  const finish = (request: FastifyRequest, upload: Upload) =>
    ctx.locks.run(LOCKED, [upload.id], async () => {
      const record = await readRecord(upload.id);
      return record && record.finished_at === undefined ? finishNow(request, upload, record) : undefined;
    });

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
     * The upload behind `id` if its video is made, for the requests a client sends after losing the last
     * PATCH's answer. An upload whose every byte was stored but never became a video (the process stopped
     * in between) is finished now by a HEAD (`finishArrived`), the request a resuming client sends first,
     * which would otherwise answer "complete" and leave the video unmade. Undefined for any other upload.
     */
    async finished(
      request: FastifyRequest,
      id: string,
      finishArrived: boolean,
    ): Promise<FinishedUpload | undefined> {
      if (!UPLOAD_ID.test(id)) return undefined;
      const record = await readRecord(id);
      if (!record || record.finished_at !== undefined) return finishedOf(record);
      const stored = await stat(dataOf(id)).catch(() => undefined);
      // The record without its bytes: a finish is moving them into the library (or a crash left it there).
      if (!stored) return ctx.locks.run(LOCKED, [id], async () => finishedOf(await readRecord(id)));
      if (!finishArrived || record.size === undefined || stored.size !== record.size) return undefined;
      const upload = await deps.getUpload?.(id).catch(() => undefined);
      if (upload) await finish(request, upload);
      return finishedOf(await readRecord(id));
    },

    /**
     * What a finished upload answers (tus 1.0.0): a HEAD its full offset, a PATCH at its end 204 with
     * nothing made; other bytes, more bytes (a stated length, or `sendsBytes`) and a cancel are refused as
     * for any finished upload.
     */
    answerFinished(
      method: string,
      headers: FastifyRequest['headers'],
      done: FinishedUpload,
      /** A body without a stated length sent bytes (routes read it). */
      sendsBytes = false,
    ): TusAnswer {
      const base = { 'tus-resumable': '1.0.0', 'upload-offset': String(done.size) };
      // @tus/server's own refusals, in its words and the project's error shape.
      const refused = ({ status_code, body }: TusRefusal): TusAnswer => ({
        status: status_code,
        headers: { 'tus-resumable': '1.0.0', 'content-type': 'application/json; charset=utf-8' },
        body: tusRefusal(status_code, body.trim()).body,
      });
      if (method === 'HEAD')
        return {
          status: 200,
          headers: {
            ...base,
            'upload-length': String(done.size),
            'cache-control': 'no-store',
            ...(done.metadata ? { 'upload-metadata': Metadata.stringify(done.metadata) } : {}),
          },
        };
      if (method === 'DELETE') return refused(ERRORS.INVALID_TERMINATION);
      if (headers['upload-offset'] === undefined) return refused(ERRORS.MISSING_OFFSET);
      if (Number(headers['upload-offset']) !== done.size) return refused(ERRORS.INVALID_OFFSET);
      if (sendsBytes || Number(headers['content-length'] ?? 0) > 0)
        return refused({
          status_code: 413,
          body: videoMessages.tooLarge(displayName(done.metadata?.filename ?? '')),
        });
      return { status: 204, headers: base };
    },

    /**
     * Removes the uploads created more than `olderThanMs` ago and never finished, and the records of those
     * finished more than `olderThanMs` ago (their bytes moved out at the finish). Read from the folder
     * rather than with the store's `deleteExpired`, which stops at the first record whose bytes are gone.
     */
    async removeExpired(olderThanMs: number): Promise<number> {
      const names = await readdir(directory).catch(() => [] as string[]);
      const now = Date.now();
      let removed = 0;
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
        if (id !== name && names.includes(id)) continue; // the bytes' turn decides
        const since = await agedFrom(directory, id);
        if (since !== undefined && now - since > olderThanMs) {
          await discard(id);
          removed++;
        }
      }
      return removed;
    },
  };
}

/**
 * When an upload's time runs from: a finished one's from its finish (its record kept for a client whose
 * last answer was lost), any other's from its creation; its files' time without a readable record.
 */
async function agedFrom(directory: string, id: string): Promise<number | undefined> {
  try {
    const record = JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as UploadRecord;
    const time = Date.parse(record.finished_at ?? record.creation_date ?? '');
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
