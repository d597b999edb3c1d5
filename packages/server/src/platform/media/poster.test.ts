import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageSize } from '../../test/video-processing.js';
import { makePoster, probeSource } from './hls.js';
import { mediaBinaries } from './media-binaries.js';
import { startMediaTools, stopMediaTools } from './video-tools.js';

// The ladder's poster (docs/decisions/0061-ladder-poster.md), made from a real clip by ffmpeg.
const dir = mkdtempSync(path.join(os.tmpdir(), 'streamdesk-poster-'));
afterAll(() => {
  stopMediaTools();
  rmSync(dir, { recursive: true, force: true });
});

/** A 2 s white 640x360 clip that fades in from a black first frame, as many videos open. */
function fadingIn(): string {
  const file = path.join(dir, 'fade-in.mp4');
  const source = 'color=c=white:size=640x360:rate=10:duration=2,fade=in:st=0:d=0.1';
  execFileSync(mediaBinaries().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', source],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', file],
  ]);
  return file;
}

/** The mean brightness of an image (0 black, 255 white): ffmpeg shrinks it to one grey pixel. */
function brightness(file: string): number {
  const args = ['-v', 'error', '-i', file, '-vf', 'scale=1:1', '-pix_fmt', 'gray', '-f', 'rawvideo', '-'];
  return execFileSync(mediaBinaries().ffmpeg, args)[0]!;
}

describe('the poster', () => {
  it('is a JPEG from a tenth into the video, past its black first frame, at the largest rung', async () => {
    await startMediaTools();
    const video = fadingIn();
    const first = path.join(dir, 'first.jpg');
    execFileSync(mediaBinaries().ffmpeg, ['-v', 'error', '-y', '-i', video, '-frames:v', '1', first]);
    expect(brightness(first)).toBeLessThan(40);

    const poster = path.join(dir, 'poster.jpg');
    await makePoster(video, poster, await probeSource(video));
    const bytes = readFileSync(poster);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(brightness(poster)).toBeGreaterThan(200);
    // 360p: the ladder's top rung is 360 (never upscaled), at the video's own proportions.
    expect(imageSize(bytes)).toEqual({ width: 640, height: 360 });
  });
});
