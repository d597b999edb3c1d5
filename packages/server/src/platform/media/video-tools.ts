import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { mediaMessages } from '@streamdesk/contract/media';
import pLimit from 'p-limit';
import { badRequest } from '../errors.js';
import type { MediaStore, SavedMedia } from './media-store.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The system's binary when there is one (Debian's ffmpeg), else the one shipped in the npm package. */
function findBinary(name: 'ffmpeg' | 'ffprobe'): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = `${dir}/${name}`;
    if (dir && existsSync(candidate)) return candidate;
  }
  const pkg = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  return (require(pkg) as { path: string }).path;
}

let binaries: { ffmpeg: string; ffprobe: string } | undefined;
const bin = () => (binaries ??= { ffmpeg: findBinary('ffmpeg'), ffprobe: findBinary('ffprobe') });

export interface VideoInfo {
  durationSeconds: number;
}

const PROBE_ARGS = [
  '-v',
  'error',
  '-select_streams',
  'v:0',
  '-show_entries',
  'stream=codec_type:format=duration',
];
const PROBE_TIMEOUT_MS = 30_000;

/** ffprobe's JSON to a VideoInfo; anything without a video stream is not a video. */
function readProbe(stdout: string): VideoInfo {
  const info = JSON.parse(stdout) as {
    streams?: { codec_type?: string }[];
    format?: { duration?: string };
  };
  if (!info.streams?.some((s) => s.codec_type === 'video')) throw new Error('no video stream');
  return { durationSeconds: Number(info.format?.duration ?? 0) || 0 };
}

/** Reads a video's duration; a file ffprobe cannot read as a video is refused with a clear message. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  try {
    const { stdout } = await run(bin().ffprobe, [...PROBE_ARGS, '-of', 'json', file], {
      timeout: PROBE_TIMEOUT_MS,
    });
    return readProbe(stdout);
  } catch {
    throw badRequest(mediaMessages.unreadableVideo);
  }
}

/** A probe fed with the upload's bytes as they arrive: `input` takes them, `result` settles after. */
export interface StreamProbe {
  input: Writable;
  /** The video's info, or undefined when ffprobe could not tell from the stream (probe the file then). */
  result: Promise<VideoInfo | undefined>;
}

/**
 * One ffprobe started ahead of time and waiting on its stdin. Debian's ffprobe links some 200 shared
 * libraries and needs ~60 ms to start, longer than a 30 MB upload takes on loopback; a spare that is
 * already running lets the probe read the upload while it streams and finish with it.
 */
let spare: ChildProcessWithoutNullStreams | undefined;

/** Whether a child (and its pipes, sockets at run time) keeps this process alive. */
function holdOpen(child: ChildProcessWithoutNullStreams, hold: boolean) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref?(): void; unref?(): void }[])
    if (hold) handle.ref?.();
    else handle.unref?.();
}

function spawnProbe(): ChildProcessWithoutNullStreams {
  const child = spawn(bin().ffprobe, [...PROBE_ARGS, '-of', 'json', '-i', 'pipe:0']);
  child.on('error', () => undefined);
  child.stdin.on('error', () => undefined);
  // A spare must not keep the process alive (tests, CLI scripts); it is ref'd again when taken.
  holdOpen(child, false);
  return child;
}

/** A spare was taken since the last replacement. */
let taken = false;

/** Starts the spare ffprobe now if there is none (server start-up). */
export function warmProbe(): void {
  if (!spare || spare.exitCode !== null || spare.killed) spare = spawnProbe();
}

/**
 * Replaces a spare that an upload took. Spawning forks this whole process (~10-20 ms of a blocked event
 * loop at a server's size), so it is called once a reply has been sent (an onResponse hook), never while
 * an upload streams in: ffprobe has what it needs after the first few hundred KB and exits long before its
 * upload ends.
 */
export function replaceTakenProbe(): void {
  if (!taken) return;
  taken = false;
  warmProbe();
}

/** Takes the waiting ffprobe (or starts one) and returns it as a StreamProbe. */
export function streamProbe(): StreamProbe {
  warmProbe();
  const child = spare!;
  spare = undefined;
  taken = true;
  holdOpen(child, true);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.resume();
  const result = new Promise<VideoInfo | undefined>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.once('close', (code) => {
      clearTimeout(timer);
      try {
        resolve(code === 0 ? readProbe(stdout) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
  // Destroying the input (a failed upload) ends the probe too.
  child.stdin.once('close', () => {
    if (child.exitCode === null && child.stdin.destroyed && !child.stdin.writableFinished) child.kill();
  });
  return { input: child.stdin, result };
}

/** Stops the waiting spare ffprobe (server shutdown). */
export function stopSpareProbe(): void {
  spare?.kill();
  spare = undefined;
}

/** Writes a JPEG thumbnail (320 px wide) from early in the video. */
export async function makeThumbnail(video: string, output: string, durationSeconds: number): Promise<void> {
  const at = durationSeconds > 1 ? '1' : '0';
  try {
    await run(
      bin().ffmpeg,
      [
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
        output,
      ],
      { timeout: 60_000 },
    );
  } catch {
    throw badRequest(mediaMessages.unreadableVideo);
  }
  if (!existsSync(output)) throw badRequest(mediaMessages.unreadableVideo);
}

/** Background thumbnails share the two cores with uploads and replies: at most two ffmpeg at a time. */
const thumbnailSlots = pLimit(2);

export interface AcceptedVideo {
  durationSeconds: number;
  /** The thumbnail's key and URL; the file itself is made just after (serving it waits for it). */
  thumbnail: { key: string; url: string };
}

/**
 * The one way an uploaded video becomes usable: its duration comes from the probe that watched it
 * stream in (or from the file when that probe could not tell), a video ffprobe cannot read is refused,
 * and its thumbnail is made in the background so the upload's reply does not wait for ffmpeg.
 */
export async function acceptVideo(
  store: MediaStore,
  video: SavedMedia & { probe?: Promise<VideoInfo | undefined> },
  thumbnailFolder: string,
  log?: { warn(details: object, message: string): void },
): Promise<AcceptedVideo> {
  const file = store.pathOf(video.key);
  const info = (await video.probe) ?? (await probeVideo(file));
  const thumbnail = store.writeLater(thumbnailFolder, 'jpg', (out) =>
    thumbnailSlots(() => makeThumbnail(file, out, info.durationSeconds)).catch((error: unknown) => {
      log?.warn({ err: error, video: video.key }, 'thumbnail not made');
      throw error;
    }),
  );
  return { durationSeconds: info.durationSeconds, thumbnail };
}
