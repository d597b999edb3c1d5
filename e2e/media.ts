import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Real small media files for the browser tests, generated once (MP4s with ffmpeg). */
export const mediaDir = path.join(os.tmpdir(), 'streamdesk-e2e-media');

export const mediaFiles = {
  png: path.join(mediaDir, 'logo.png'),
  gif: path.join(mediaDir, 'logo.gif'),
  jpeg: path.join(mediaDir, 'photo.jpg'),
  mp4: path.join(mediaDir, 'clip.mp4'),
  mp4b: path.join(mediaDir, 'clip-b.mp4'),
  mp4c: path.join(mediaDir, 'clip-c.mp4'),
  notAnImage: path.join(mediaDir, 'fake.png'),
  /** The first half of the PNG: it starts like one but its end is missing. */
  cutPng: path.join(mediaDir, 'cut.png'),
  /** An MP4's header (so the browser's check passes) over bytes no player can read. */
  brokenMp4: path.join(mediaDir, 'broken.mp4'),
  /**
   * An MP4 (an MP4 brand, index last) whose processing fails: its video is raw (uncompressed 4:2:2), which
   * the upload's checks read (duration, thumbnail) but the faststart remux cannot copy into
   * an MP4 (0044), so every run ends 'failed'. (PCM sound no longer fails: the remux makes it AAC.)
   */
  failsProcessing: path.join(mediaDir, 'fails-processing-raw.mp4'),
};

/** The system's ffmpeg (on PATH, or FFMPEG_PATH), as the server finds it. */
function ffmpeg(args: string[]): void {
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-v', 'error', '-y', ...args]);
}

export function makeMediaFiles(): void {
  mkdirSync(mediaDir, { recursive: true });
  if (!existsSync(mediaFiles.png))
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x2563eb:s=96x96', '-frames:v', '1', mediaFiles.png]);
  if (!existsSync(mediaFiles.gif))
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x16a34a:s=96x96', '-frames:v', '1', mediaFiles.gif]);
  if (!existsSync(mediaFiles.jpeg))
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xdc2626:s=96x96', '-frames:v', '1', mediaFiles.jpeg]);
  const clips: [string, string][] = [
    [mediaFiles.mp4, 'testsrc'],
    [mediaFiles.mp4b, 'testsrc2'],
    [mediaFiles.mp4c, 'smptebars'],
  ];
  for (const [file, source] of clips) {
    if (existsSync(file)) continue;
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `${source}=size=240x426:rate=15`,
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-movflags',
      '+faststart',
      file,
    ]);
  }
  if (!existsSync(mediaFiles.failsProcessing))
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=240x426:rate=15', '-t', '2'],
      ...['-pix_fmt', 'uyvy422', '-c:v', 'rawvideo'],
      ...['-f', 'mov', '-brand', 'mp42', mediaFiles.failsProcessing],
    ]);
  if (!existsSync(mediaFiles.notAnImage))
    writeFileSync(mediaFiles.notAnImage, 'this is plain text, not a PNG');
  if (!existsSync(mediaFiles.cutPng)) {
    const png = readFileSync(mediaFiles.png);
    writeFileSync(mediaFiles.cutPng, png.subarray(0, Math.floor(png.length / 2)));
  }
  if (!existsSync(mediaFiles.brokenMp4)) {
    const header = readFileSync(mediaFiles.mp4).subarray(0, 32);
    writeFileSync(mediaFiles.brokenMp4, Buffer.concat([header, Buffer.alloc(64 * 1024, 'not a video ')]));
  }
}
