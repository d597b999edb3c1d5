import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaBinaries } from '../platform/media/media-binaries.js';

/** Real, small media files for upload tests, made once per machine (the MP4s with ffmpeg). */

// A 1x1 PNG and a 1x1 GIF, byte for byte.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
// An 8x8 JPEG as ffmpeg writes it (SOI to EOI: a whole file, as the upload check requires).
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgQEBMQExYWFhYWFhoYGhsbGxoaGhobGxsdHR0iIiIdHR0bGx0dICAiIiUmJSMjIiMmJigoKDAwLi44ODpFRVP/xABrAAEAAAAAAAAAAAAAAAAAAAAFAQEBAAAAAAAAAAAAAAAAAAABAxAAAQQCAgMBAAAAAAAAAAAAAREDAgQAEiI0gxSyIREAAQMDAwEJAQAAAAAAAAAAAQISEQQDExQAMgY2kUKCIcExsSIj/8AAEQgACAAIAwESAAISAAMSAP/aAAwDAQACEQMRAD8ANiHqdMThwcDdX1yolq4YyLmqqBsRHZeMkA/QMSu9St4fiWEarBofBl1jf5u4MyObkj9t5NkxE7em/mu83vugUVVVqmuxni6LiGiC0Xk2XFIYopingySClJPqnc1dpu/73//Z',
  'base64',
);

const dir = path.join(os.tmpdir(), 'streamdesk-test-media');

const ffmpeg = () => mediaBinaries().ffmpeg;

/** Makes `name` in the fixtures folder with ffmpeg unless it is there already; returns its bytes. */
function made(name: string, args: (out: string) => string[]): Buffer {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    // Test files run in parallel workers: each writes its own partial file and renames it into place.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}${path.extname(name)}`;
    execFileSync(ffmpeg(), ['-v', 'error', '-y', ...args(partial)]);
    renameSync(partial, file);
  }
  return readFileSync(file);
}

/**
 * A playable H.264 MP4 of `seconds` seconds (about 10-20 KB a second at 160x120); `moovLast` writes the
 * index after the frames, as cameras do, instead of first (faststart); `quickTime` writes the same
 * video as a QuickTime .mov (an iPhone's format: the same box structure, a `qt  ` brand); `tiny` makes
 * a long video small and quick to make (16x16, one still frame a second: an hour is about 50 KB).
 */
export function mp4(seconds = 1, { moovLast = false, quickTime = false, tiny = false } = {}): Buffer {
  const name = `clip-${seconds}s${moovLast ? '-moov-last' : ''}${tiny ? '-tiny' : ''}`;
  return made(quickTime ? `${name}.mov` : `${name}.mp4`, (out) => [
    '-f',
    'lavfi',
    '-i',
    tiny ? 'color=c=blue:size=16x16:rate=1' : 'testsrc=size=160x120:rate=10',
    '-t',
    String(seconds),
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    ...(tiny ? ['-preset', 'ultrafast', '-tune', 'stillimage'] : []),
    ...(moovLast ? [] : ['-movflags', '+faststart']),
    ...(quickTime ? ['-f', 'mov'] : []),
    out,
  ]);
}

/**
 * A 1 s (or `seconds`) H.264/AAC MP4 `height` pixels high (16:9, 10 frames a second, a sine tone), for
 * the processing's ladder; `moovLast` leaves its index after the frames, as cameras write it; `portrait`
 * stands it up (`height` is then its width, the short side); `pcmSound` writes its sound as PCM in a MOV
 * with an MP4 brand and the index last, as a camera does (an MP4 muxer cannot take PCM).
 */
export function sizedMp4(
  height: number,
  { moovLast = false, portrait = false, seconds = 1, pcmSound = false } = {},
): Buffer {
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const size = portrait ? `${height}x${width}` : `${width}x${height}`;
  const name = `clip-${height}p${moovLast ? '-moov-last' : ''}${portrait ? '-portrait' : ''}${pcmSound ? '-pcm' : ''}`;
  return made(`${name}${seconds === 1 ? '' : `-${seconds}s`}.mp4`, (out) => [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=10`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=22050',
    '-t',
    String(seconds),
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    pcmSound ? 'pcm_s16le' : 'aac',
    ...(moovLast || pcmSound ? [] : ['-movflags', '+faststart']),
    ...(pcmSound ? ['-f', 'mov', '-brand', 'mp42'] : []),
    out,
  ]);
}

/** A whole PNG, GIF or JPEG as ffmpeg writes it (a 64x64 test pattern, a few KB), to cut short in tests. */
export function realImage(kind: 'png' | 'gif' | 'jpeg'): Buffer {
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  return made(`pattern.${ext}`, (out) => ['-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1', out]);
}

/**
 * A real image cut short as uploads are cut: to its signature alone (which the type check takes for
 * the kind), to half, and missing only its last byte.
 */
export function cutShort(kind: 'png' | 'gif' | 'jpeg'): { cut: string; data: Buffer }[] {
  const whole = realImage(kind);
  const signature = { png: 8, gif: 6, jpeg: 3 }[kind];
  return [
    { cut: 'signature only', data: whole.subarray(0, signature) },
    { cut: 'half', data: whole.subarray(0, whole.length >> 1) },
    { cut: 'last byte missing', data: whole.subarray(0, whole.length - 1) },
  ];
}

/** Bytes that start like an MP4 but are not a playable video. */
export const BROKEN_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(2000, 7),
]);

/**
 * An MP4's first 2,000 bytes, index (moov) first: ffprobe reads its stream and duration from the index,
 * but the frames are gone (issue 38: accepted, it never played and its thumbnail never came).
 */
export const truncatedMp4 = (): Buffer => mp4(2).subarray(0, 2000);

/** Pads a file with trailing bytes to an exact size (still sniffs as the same type). */
export function ofSize(head: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size, 0);
  head.copy(out, 0, 0, Math.min(head.length, size));
  return out;
}

/** A multipart body for app.inject. */
export function form(
  fields: Record<string, string>,
  files: { field: string; name: string; data: Buffer; type?: string }[],
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files)
    body.append(f.field, new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  return body;
}
