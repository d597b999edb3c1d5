import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Real, small media files for upload tests, made once per machine (the MP4s with ffmpeg). */

// A 1x1 PNG and a 1x1 GIF, byte for byte.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const dir = path.join(os.tmpdir(), 'streamdesk-test-media');

function ffmpeg(): string {
  for (const d of (process.env.PATH ?? '').split(':'))
    if (d && existsSync(`${d}/ffmpeg`)) return `${d}/ffmpeg`;
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * A playable H.264 MP4 of `seconds` seconds (about 10-20 KB a second at 160x120); `moovLast` writes the
 * index after the frames, as cameras do, instead of first (faststart); `quickTime` writes the same
 * video as a QuickTime .mov (an iPhone's format: the same box structure, a `qt  ` brand).
 */
export function mp4(seconds = 1, { moovLast = false, quickTime = false } = {}): Buffer {
  mkdirSync(dir, { recursive: true });
  const name = `clip-${seconds}s${moovLast ? '-moov-last' : ''}`;
  const file = path.join(dir, quickTime ? `${name}.mov` : `${name}.mp4`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.mp4`;
    execFileSync(ffmpeg(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=160x120:rate=10`,
      '-t',
      String(seconds),
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      ...(moovLast ? [] : ['-movflags', '+faststart']),
      ...(quickTime ? ['-f', 'mov'] : []),
      partial,
    ]);
    // Test files run in parallel workers: each writes its own partial file and renames it into place.
    renameSync(partial, file);
  }
  return readFileSync(file);
}

/** Bytes that start like an MP4 but are not a playable video. */
export const BROKEN_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(2000, 7),
]);

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
