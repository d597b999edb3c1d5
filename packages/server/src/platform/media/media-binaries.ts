import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { HttpError } from '../errors.js';

/**
 * Where ffmpeg and ffprobe come from: the system's (Debian's `ffmpeg` package), found on PATH, or the
 * files FFMPEG_PATH and FFPROBE_PATH name. No copy is shipped in node_modules: the npm packages that did
 * ship one carried a 2018 build, and these tools decode untrusted uploads.
 */
export type MediaBinary = 'ffmpeg' | 'ffprobe';

const overrides = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;

export const missingToolsMessage =
  'Video uploads are unavailable: ffmpeg is not installed on the server. Ask its administrator to install it.';

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The binary's path, or undefined when it is not installed (or its override names no executable). */
export function findMediaBinary(name: MediaBinary, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env[overrides[name]];
  if (named) return isExecutableFile(named) ? named : undefined;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    const candidate = dir && path.join(dir, name);
    if (candidate && isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** The binaries not found, in a fixed order. */
export function missingMediaBinaries(env: NodeJS.ProcessEnv = process.env): MediaBinary[] {
  return (['ffmpeg', 'ffprobe'] as const).filter((name) => !findMediaBinary(name, env));
}

let found: Record<MediaBinary, string> | undefined;

/**
 * The paths the server runs, looked up once. A missing one is given by its bare name: running it then
 * fails like any tool that cannot start, and `requireMediaBinaries` refuses the upload before that.
 */
export function mediaBinaries(): Record<MediaBinary, string> {
  return (found ??= {
    ffmpeg: findMediaBinary('ffmpeg') ?? 'ffmpeg',
    ffprobe: findMediaBinary('ffprobe') ?? 'ffprobe',
  });
}

/**
 * Refuses a video upload with 503 and a message that says why when ffmpeg or ffprobe is missing: the
 * server is at fault, not the file, so "the video could not be read" would be untrue.
 */
export function requireMediaBinaries(env: NodeJS.ProcessEnv = process.env): void {
  if (missingMediaBinaries(env).length) throw new HttpError(503, missingToolsMessage);
}

/** The start-up note when either binary is missing: the server runs, and video uploads are refused. */
export function mediaBinariesNote(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const missing = missingMediaBinaries(env);
  if (!missing.length) return undefined;
  const where = missing.map((name) => `${name} (PATH or ${overrides[name]})`).join(' and ');
  return (
    `WARNING: ${where} not found: video uploads (stories, reels, in-house ads, videos) will be refused ` +
    'until it is installed. Install the system ffmpeg (Debian/Ubuntu: apt-get install ffmpeg), or set ' +
    'FFMPEG_PATH and FFPROBE_PATH to the binaries, and restart.'
  );
}
