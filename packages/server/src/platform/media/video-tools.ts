import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mediaMessages } from '@streamdesk/contract/media';
import pLimit from 'p-limit';
import { badRequest } from '../errors.js';
import { mediaBinaries as bin, requireMediaBinaries } from './media-binaries.js';
import type { MediaStore, SavedMedia } from './media-store.js';
import { ToolLauncher, type ToolOutput } from './tool-launcher.js';

export interface VideoInfo {
  durationSeconds: number;
  /** The video stream's size in pixels (0 when ffprobe did not say). */
  width: number;
  height: number;
}

// Besides the stream and the duration, the first packet is decoded (-count_frames over one packet): a
// file cut short after its index (moov) names a stream and a duration but has no frame to play.
const PROBE_ARGS = [
  '-v',
  'error',
  '-select_streams',
  'v:0',
  '-count_frames',
  '-read_intervals',
  '%+#1',
  '-show_entries',
  'stream=codec_type,nb_read_frames,width,height:format=duration',
  '-of',
  'json',
];
const PROBE_TIMEOUT_MS = 30_000;

/** ffprobe's output to a VideoInfo; undefined without a video stream, a duration and a decoded frame. */
function readProbe(output: ToolOutput | undefined): VideoInfo | undefined {
  if (output?.code !== 0) return undefined;
  try {
    const info = JSON.parse(output.stdout) as {
      streams?: { codec_type?: string; nb_read_frames?: string; width?: number; height?: number }[];
      format?: { duration?: string };
    };
    const durationSeconds = Number(info.format?.duration);
    const stream = info.streams?.find((s) => s.codec_type === 'video' && Number(s.nb_read_frames) > 0);
    if (!stream || !(durationSeconds > 0)) return undefined;
    const pixels = (n: number | undefined) => (Number.isInteger(n) && n! > 0 ? n! : 0);
    return { durationSeconds, width: pixels(stream.width), height: pixels(stream.height) };
  } catch {
    return undefined;
  }
}

/** ffmpeg and ffprobe are started by a launcher process, never forked from the server mid-upload. */
const tools = new ToolLauncher(() => [bin().ffprobe, ...PROBE_ARGS]);

/**
 * Runs ffmpeg or ffprobe through the launcher with its error output in `stdout` (the launcher keeps only
 * stdout): a shell that execs the tool with stderr on stdout, the arguments passed as its own, never
 * parsed by the shell.
 */
export const runTool = (
  argv: readonly string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ToolOutput> => tools.run(['/bin/sh', '-c', 'exec "$0" "$@" 2>&1', ...argv], timeoutMs, signal);

/** Starts the launcher and its spare ffprobes (server start-up); resolves once they are listening. */
export function startMediaTools(): Promise<void> {
  return tools.ready();
}

/** Stops the launcher (server shutdown); the next upload starts it again. */
export function stopMediaTools(): void {
  tools.stop();
}

/** Reads a video's duration; a file ffprobe cannot read as a video is refused with a clear message. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const info = readProbe(await tools.run([bin().ffprobe, ...PROBE_ARGS, file], PROBE_TIMEOUT_MS));
  if (!info) throw badRequest(mediaMessages.unreadableVideo);
  return info;
}

/** A probe fed with the upload's bytes as they arrive: `input` takes them, `result` settles after. */
export interface StreamProbe {
  input: Writable;
  /** The video's info, or undefined when ffprobe could not tell from the stream (probe the file then). */
  result: Promise<VideoInfo | undefined>;
}

/**
 * A spare ffprobe that reads the upload while it streams in, so the probe is done when the upload is;
 * undefined when none is listening yet (the file is probed once stored).
 */
export function streamProbe(): StreamProbe | undefined {
  const taken = tools.takeSpare(PROBE_TIMEOUT_MS);
  return taken && { input: taken.input, result: taken.output.then(readProbe) };
}

/** The most of a stored file a spare probe is fed: a moov at the start and the first frames fit. */
const STORED_HEAD_BYTES = 16 * 1024 * 1024;

/**
 * A stored file's head read by a spare ffprobe (already started and listening), for a video whose bytes
 * came in several requests (a resumable upload), instead of an ffprobe started for its path at the end:
 * 0.4-0.6 s of the last request's reply on a loaded machine (0045, "Speed"). The file is open before this
 * resolves, so it may then be moved. Undefined when no spare is listening; its `result` is undefined when
 * the head did not tell (a moov at the end): acceptVideo probes the file by its path then.
 */
export async function storedHeadProbe(file: string): Promise<StreamProbe | undefined> {
  const probe = streamProbe();
  if (!probe) return undefined;
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) {
    probe.input.destroy();
    return probe;
  }
  // ffprobe closes its input once it has what it needs: that ends the feed, not the probe. The file is
  // closed here once the feed is over either way (a read stream cut short left it to the collector).
  pipeline(handle.createReadStream({ end: STORED_HEAD_BYTES - 1, autoClose: false }), probe.input)
    .catch(() => undefined)
    .finally(() => handle.close().catch(() => undefined));
  return probe;
}

/** Writes a JPEG thumbnail (320 px wide) from early in the video. */
export async function makeThumbnail(video: string, output: string, durationSeconds: number): Promise<void> {
  const at = durationSeconds > 1 ? '1' : '0';
  const args = [
    '-v',
    'error',
    '-y',
    '-ss',
    at,
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    'scale=320:-2',
    '-q:v',
    '4',
  ];
  const { code } = await tools.run([bin().ffmpeg, ...args, output], 60_000);
  if (code !== 0 || !existsSync(output)) throw badRequest(mediaMessages.unreadableVideo);
}

/** Background thumbnails share the two cores with uploads and replies: at most two ffmpeg at a time. */
const thumbnailSlots = pLimit(2);

/** A thumbnail a crash left unmade, made again at start from its video (MediaStore.reconcile). */
export const remakeThumbnail = async (video: string, output: string): Promise<void> => {
  const { durationSeconds } = await probeVideo(video);
  await thumbnailSlots(() => makeThumbnail(video, output, durationSeconds));
};

export interface AcceptedVideo extends VideoInfo {
  /** The thumbnail's key and URL; the file itself is made just after (serving it waits for it). */
  thumbnail: { key: string; url: string };
}

/** The longest video a feature takes, and its message for a longer one. */
export interface DurationLimit {
  maxSeconds: number;
  message: string;
}

/**
 * The one way an uploaded video becomes usable: its duration comes from the probe that watched it
 * stream in (or from the file when that probe could not tell), a video ffprobe cannot read is refused,
 * and so is one longer than the feature's `limit` (before its thumbnail is started, so a refusal leaves
 * nothing to remove but the upload), and its thumbnail is made in the background so the upload's reply
 * does not wait for ffmpeg.
 */
export async function acceptVideo(
  store: MediaStore,
  video: SavedMedia & { probe?: Promise<VideoInfo | undefined> },
  thumbnailFolder: string,
  log?: { warn(details: object, message: string): void },
  limit?: DurationLimit,
): Promise<AcceptedVideo> {
  requireMediaBinaries();
  const info = (await video.probe) ?? (await withLocalFile(store, video.key, (file) => probeVideo(file)));
  if (limit && info.durationSeconds > limit.maxSeconds) throw badRequest(limit.message);
  const thumbnail = store.writeLater(
    thumbnailFolder,
    'jpg',
    (out) =>
      thumbnailSlots(() =>
        withLocalFile(store, video.key, (file) => makeThumbnail(file, out, info.durationSeconds)),
      ).catch((error: unknown) => {
        log?.warn({ err: error, video: video.key }, 'thumbnail not made');
        throw error;
      }),
    video.key,
  );
  return { ...info, thumbnail };
}

/** Runs `work` on a stored file's local path (a downloaded copy on a bucket, removed after). */
export async function withLocalFile<T>(
  store: MediaStore,
  key: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const file = await store.local(key);
  try {
    return await work(file.path);
  } finally {
    await file.release();
  }
}
