import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { mediaMessages } from '@streamdesk/contract/media';
import { badRequest } from '../errors.js';

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

/** Reads a video's duration; a file ffprobe cannot read as a video is refused with a clear message. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  try {
    const { stdout } = await run(
      bin().ffprobe,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_type:format=duration',
        '-of',
        'json',
        file,
      ],
      { timeout: 30_000 },
    );
    const info = JSON.parse(stdout) as {
      streams?: { codec_type?: string }[];
      format?: { duration?: string };
    };
    if (!info.streams?.some((s) => s.codec_type === 'video')) throw new Error('no video stream');
    return { durationSeconds: Number(info.format?.duration ?? 0) || 0 };
  } catch {
    throw badRequest(mediaMessages.unreadableVideo);
  }
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
