import { Upload, type DetailedError, type PreviousUpload } from 'tus-js-client';
import {
  VIDEO_UPLOAD_CHUNK_BYTES,
  VIDEO_UPLOADS_PATH,
  videoUploadMessages,
} from '@streamdesk/contract/video-uploads';
import { videoMessages, videoRoutes, type Video } from '@streamdesk/contract/videos';
import { authHeaders, parseJson } from '@/lib/api-client';
import { watchedHttpStack } from './stall-watchdog';

/** Absolute: tus-js-client resolves the Location it is given against it. */
const endpoint = () => new URL(VIDEO_UPLOADS_PATH, window.location.origin).href;

/** Waits between automatic tries after a dropped connection; then the file fails and offers Retry. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface ResumableEvents {
  onProgress(sent: number, total: number): void;
  /** The connection dropped and tus-js-client tries again by itself. */
  onRetrying(): void;
  onDone(videos: Video[]): void;
  /** `offline`: the browser had no network, so no try was made; it is worth sending again once online. */
  onFailed(message: string, offline: boolean): void;
}

export interface ResumableUpload {
  start(): void;
  /** Stops sending; the server keeps what it has. */
  pause(): void;
  /** Stops and removes what the server has (tus termination). */
  cancel(): Promise<void>;
  /**
   * The page went: pauses unless every byte is out, and tells the page nothing more. A file whose every
   * byte is out gets its answer: the server makes the video either way, and the answer removes the stored
   * URL, which would otherwise send the file again from zero once the upload behind it is gone.
   */
  leave(): void;
}

/** The refusal's own words (`{ status: false, message }`), else the generic failure. */
function failureOf(error: Error, file: string): { message: string; offline: boolean } {
  const response = (error as DetailedError).originalResponse;
  if (!response)
    return navigator.onLine
      ? { message: videoMessages.connectionError, offline: false }
      : { message: videoUploadMessages.offline, offline: true };
  const body = parseJson(response.getBody()) as { message?: unknown } | undefined;
  const said = typeof body?.message === 'string' && body.message ? body.message : undefined;
  return { message: said ?? `${videoMessages.uploadFailed} (${file})`, offline: false };
}

/** A refusal (4xx but a conflict or a lock) is final; a dropped connection or a 5xx is tried again. */
function worthRetrying(error: Error): boolean {
  const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
  const refused = status >= 400 && status < 500 && status !== 409 && status !== 423;
  return !refused && navigator.onLine;
}

/**
 * One library video sent with tus (docs/decisions/0045-resumable-uploads.md). tus-js-client keeps the
 * upload's URL in localStorage under the file's name, type, size and date, so the same file picked
 * after a reload resumes where the server stopped (`previous`).
 */
export function resumableUpload(
  file: File,
  category: string,
  events: ResumableEvents,
  previous?: PreviousUpload,
): ResumableUpload {
  /** The page still listens (until `leave`). */
  let heard = true;
  /** The request under way has sent the file's last byte: only its answer is awaited. */
  let allOut = false;
  const upload = new Upload(file, {
    endpoint: endpoint(),
    metadata: { filename: file.name, filetype: file.type || 'video/mp4', category },
    // Read at each request: a session renewed meanwhile sends its new token.
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(authHeaders(videoRoutes.upload))) req.setHeader(name, value);
    },
    // Large PATCHes for speed; the watchdog gives up one that stopped moving (a dropped network), and
    // tus-js-client resumes from the server's offset. A cut loses nothing: the server keeps what arrived.
    chunkSize: VIDEO_UPLOAD_CHUNK_BYTES,
    httpStack: watchedHttpStack(),
    retryDelays: RETRY_DELAYS_MS,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => {
      allOut = false;
      // Once the page has gone, nothing is tried again out of sight: the stored URL waits for the file.
      const again = heard && worthRetrying(error);
      if (again) events.onRetrying();
      return again;
    },
    onProgress: (sent, total) => {
      allOut = sent >= total;
      if (heard) events.onProgress(sent, total);
    },
    onSuccess: ({ lastResponse }) => {
      const reply = parseJson(lastResponse.getBody()) as { data?: Video[] } | undefined;
      if (heard) events.onDone(reply?.data ?? []);
    },
    onError: (error) => {
      const { message, offline } = failureOf(error, file.name);
      if (heard) events.onFailed(message, offline);
    },
  });
  if (previous) upload.resumeFromPreviousUpload(previous);
  return {
    start: () => upload.start(),
    pause: () => void upload.abort(false),
    cancel: () => upload.abort(true),
    leave: () => {
      heard = false;
      if (!allOut) void upload.abort(false);
    },
  };
}

/** An unfinished upload of this file that this browser started before (a reload, a closed tab). */
export async function unfinishedUpload(file: File): Promise<PreviousUpload | undefined> {
  const probe = new Upload(file, { endpoint: endpoint() });
  const found = await probe.findPreviousUploads().catch(() => []);
  // The newest first: an older one may have expired on the server.
  return found.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
}
