import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findMediaBinary,
  mediaBinariesNote,
  missingMediaBinaries,
  missingToolsMessage,
  requireMediaBinaries,
} from './media-binaries.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bin-'));
const empty = mkdtempSync(path.join(os.tmpdir(), 'sd-bin-empty-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});
const tool = (name: string, mode = 0o755) => {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
};

describe('media binaries', () => {
  it('finds the system ffmpeg and ffprobe on PATH', () => {
    const ffmpeg = tool('ffmpeg');
    tool('ffprobe');
    const env = { PATH: [empty, dir].join(path.delimiter) };
    expect(findMediaBinary('ffmpeg', env)).toBe(ffmpeg);
    expect(missingMediaBinaries(env)).toEqual([]);
    expect(mediaBinariesNote(env)).toBeUndefined();
    expect(() => requireMediaBinaries(env)).not.toThrow();
  });

  it('takes FFMPEG_PATH and FFPROBE_PATH over PATH, and a non-executable one as missing', () => {
    const custom = tool('my-ffmpeg');
    const notExecutable = tool('my-ffprobe', 0o644);
    const env = { PATH: dir, FFMPEG_PATH: custom, FFPROBE_PATH: notExecutable };
    expect(findMediaBinary('ffmpeg', env)).toBe(custom);
    expect(missingMediaBinaries(env)).toEqual(['ffprobe']);
  });

  it('without them the server still starts, says what to install, and refuses video uploads with 503', () => {
    const env = { PATH: empty };
    expect(missingMediaBinaries(env)).toEqual(['ffmpeg', 'ffprobe']);
    const note = mediaBinariesNote(env)!;
    expect(note).toContain('ffmpeg (PATH or FFMPEG_PATH) and ffprobe (PATH or FFPROBE_PATH) not found');
    expect(note).toContain('video uploads');
    expect(note).toContain('apt-get install ffmpeg');
    expect(() => requireMediaBinaries(env)).toThrow(
      expect.objectContaining({ statusCode: 503, message: missingToolsMessage }),
    );
  });
});
