import { z } from 'zod';
import { uploadFields } from './videos.js';

/**
 * Resumable library uploads (issue 35, docs/decisions/0045-resumable-uploads.md): the tus 1.0.0
 * protocol with its creation, termination and expiration extensions. A file is created with a POST to
 * the endpoint, sent with PATCHes to the URL it is given, asked for its offset with HEAD and cancelled
 * with DELETE. The finished file becomes a library video exactly as `POST /api/App/video` makes one.
 */
export const VIDEO_UPLOADS_PATH = '/api/App/video/uploads';
/** One upload's URL: the endpoint and the id the server gave it. */
export const VIDEO_UPLOAD_PATH = `${VIDEO_UPLOADS_PATH}/:id`;

/**
 * Bytes per PATCH the upload page sends (and bench:upload, to measure what the page does). Each PATCH
 * costs a request, the upload's lock, its record and a new write stream: 8 MB ran at about 70 % of the
 * speed of 64 MB on loopback. A dropped network is noticed by the page's stall watchdog, not by the
 * next PATCH (docs/decisions/0045-resumable-uploads.md, "Speed").
 */
export const VIDEO_UPLOAD_CHUNK_BYTES = 64 * 1024 * 1024;

/** Hours an unfinished upload is kept before it is removed (`UPLOAD_EXPIRY_HOURS`). */
export const UPLOAD_EXPIRY_HOURS_DEFAULT = 24;

/**
 * What `Upload-Metadata` carries: the file's own name and type (the type is the browser's guess from the
 * name; the content decides) and the category the video goes to.
 */
export const uploadMetadata = uploadFields.extend({
  filename: z.string().trim().max(1000, 'filename must be at most 1000 characters').default(''),
  filetype: z.string().trim().max(200, 'filetype must be at most 200 characters').default(''),
});
export type UploadMetadata = z.infer<typeof uploadMetadata>;

export const videoUploadMessages = {
  /** A creation without Upload-Length: the size limit is checked on the declared size. */
  lengthRequired: 'Upload-Length is required: send the size of the file.',
  /** 423: another request is still writing this upload's bytes (tus clients try again by themselves). */
  locked: 'This upload is receiving bytes from another request: try again shortly.',
  /** Web: a file of a batch the page was sending when it was left (a reload), picked again. */
  resumes: 'Resumes where it stopped',
  paused: 'Paused',
  cancelled: 'Cancelled',
  /** Web: the browser is offline; the file goes on by itself once it is back online. */
  offline: 'Offline: resumes once back online',
  /** Web: a batch that stopped with files refused or failed. */
  stopped: 'Upload stopped',
  /** Web: the connection dropped; tus-js-client tries again by itself. */
  retrying: 'Connection lost, retrying...',
  /** Web: every automatic try failed; Retry sends it again from the last byte the server has. */
  failed: (file: string) => `${file} could not be uploaded.`,
} as const;
