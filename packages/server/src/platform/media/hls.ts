import { open, readFile } from 'node:fs/promises';
import { mediaBinaries as bin } from './media-binaries.js';
import { runTool } from './video-tools.js';

/** What the processing needs to know of a source video. */
export interface SourceInfo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /**
   * Sound an MP4 cannot carry (PCM, as a camera writes into a MOV with an MP4 brand): the faststart
   * remux re-encodes it to AAC rather than copying it, which ffmpeg's MP4 muxer refuses.
   */
  audioNotMp4: boolean;
}

/** Sound codecs ffmpeg's MP4 muxer takes as they are (the remux copies these). */
const MP4_AUDIO = new Set(['aac', 'mp3', 'mp2', 'ac3', 'eac3', 'alac', 'flac', 'opus']);

/** The HLS ladder's heights and H.264 bitrates (kbit/s), from the top; a source is never upscaled. */
const RUNGS: readonly { height: number; kbps: number }[] = [
  { height: 1080, kbps: 5000 },
  { height: 720, kbps: 2800 },
  { height: 480, kbps: 1400 },
  { height: 360, kbps: 800 },
  { height: 240, kbps: 400 },
];
/** Seconds a segment lasts: a key frame is forced every SEGMENT_SECONDS, so every segment is this long. */
export const SEGMENT_SECONDS = 4;

/** The renditions for a source `height` pixels high: each rung at or below it (the lowest alone if none). */
export function ladderFor(height: number): { height: number; kbps: number }[] {
  const fitting = RUNGS.filter((r) => r.height <= height);
  if (fitting.length) return fitting;
  // Smaller than the lowest rung: one rendition at the source's own (even) height.
  return [{ height: Math.max(2, height - (height % 2)), kbps: RUNGS.at(-1)!.kbps }];
}

// Rungs are of the short side: a phone's portrait 1080x1920 is a 1080p video, not a 1920 one scaled
// down to 608x1080 (the public feed is vertical).
const rungsOf = (source: SourceInfo) => ladderFor(Math.min(source.width, source.height));
/** ffmpeg's scale to a rung: its short side `short` pixels, the other side kept in proportion (even). */
const scaleTo = (source: SourceInfo, short: number) =>
  source.width < source.height ? `${short}:-2` : `-2:${short}`;

/** An error from ffmpeg's own words (its last line), for the library row. */
export class ToolFailure extends Error {}

const failure = (what: string, output: { code: number; stdout: string }) => {
  const last = output.stdout.trim().split('\n').at(-1)?.trim();
  return new ToolFailure(
    `${what} failed${output.code === -1 ? ' (stopped or timed out)' : ` (exit ${output.code})`}${last ? `: ${last}` : ''}`.slice(
      0,
      500,
    ),
  );
};

/** Reads the duration, the video's height and whether there is an audio stream. */
export async function probeSource(file: string, signal?: AbortSignal): Promise<SourceInfo> {
  const args = [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height:format=duration',
    '-of',
    'json',
    file,
  ];
  const output = await runTool([bin().ffprobe, ...args], 60_000, signal);
  if (output.code !== 0) throw failure('Reading the video', output);
  const info = JSON.parse(output.stdout) as {
    streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === 'video');
  if (!video?.height) throw new ToolFailure('The file has no video stream');
  return {
    durationSeconds: Number(info.format?.duration) || 0,
    width: video.width ?? video.height,
    height: video.height,
    hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')),
    audioNotMp4: Boolean(
      info.streams?.some((s) => s.codec_type === 'audio' && !MP4_AUDIO.has(s.codec_name ?? '')),
    ),
  };
}

/**
 * Whether the MP4's index (`moov`) comes before its media data (`mdat`), so a player can start before
 * the whole file has arrived. Walks the top-level boxes' headers only.
 */
export async function indexFirst(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    for (let at = 0; at + 8 <= size;) {
      await handle.read(header, 0, 16, at);
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      const short = header.readUInt32BE(0);
      const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short === 0 ? size - at : short;
      if (length < 8) return false;
      at += length;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** Copies the MP4 with its index first: the video copied as it is, and sound an MP4 cannot carry made AAC. */
export async function remuxFaststart(
  input: string,
  output: string,
  source: Pick<SourceInfo, 'audioNotMp4'>,
  signal?: AbortSignal,
): Promise<void> {
  const args = ['-v', 'error', '-y', '-i', input, '-map', '0', '-c', 'copy'];
  // The video is still copied: only sound an MP4 cannot carry is made AAC (the ladder's sound too).
  if (source.audioNotMp4) args.push('-c:a', 'aac');
  args.push('-movflags', '+faststart');
  const result = await runTool([bin().ffmpeg, ...args, '-f', 'mp4', output], 30 * 60_000, signal);
  if (result.code !== 0) throw failure('The faststart remux', result);
}

/** The files the ladder wrote into its folder: the master playlist, and each rendition's playlist and media. */
export interface HlsFiles {
  master: string;
  renditions: { playlist: string; media: string }[];
}

/**
 * Writes the HLS ladder of `input` into `dir`: H.264/AAC renditions from `ladderFor`, segments of
 * SEGMENT_SECONDS as byte ranges of one media file per rendition (few files to store and name: 0044),
 * and one master playlist. `progressFile` receives ffmpeg's progress (`out_time_us=`) as it goes.
 */
export async function makeHls(
  input: string,
  dir: string,
  source: SourceInfo,
  progressFile: string,
  signal?: AbortSignal,
): Promise<HlsFiles> {
  const rungs = rungsOf(source);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${scaleTo(source, r.height)},format=yuv420p[o${i}]`);
  const maps = rungs.flatMap((_, i) => ['-map', `[o${i}]`, ...(source.hasAudio ? ['-map', '0:a:0'] : [])]);
  const rates = rungs.flatMap((r, i) => [
    `-b:v:${i}`,
    `${r.kbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(r.kbps * 1.07)}k`,
    `-bufsize:v:${i}`,
    `${r.kbps * 2}k`,
  ]);
  const streamMap = rungs.map((_, i) => (source.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  const args = [
    '-v',
    'error',
    '-y',
    '-nostats',
    '-progress',
    progressFile,
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
    ...maps,
    '-c:v',
    'libx264',
    // Two cores serve uploads and replies beside the transcode: veryfast is the usual trade for VOD on
    // small machines (bench:media prints the speed).
    '-preset',
    'veryfast',
    ...rates,
    ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : []),
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'single_file+independent_segments',
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    `${dir}/v%v.m3u8`,
  ];
  // A generous limit: veryfast on two cores runs near real time for 720p; a stuck ffmpeg still ends.
  const timeoutMs = (600 + source.durationSeconds * 20) * 1000;
  const result = await runTool([bin().ffmpeg, ...args], timeoutMs, signal);
  if (result.code !== 0) throw failure('The HLS transcode', result);
  return {
    master: 'master.m3u8',
    renditions: rungs.map((_, i) => ({ playlist: `v${i}.m3u8`, media: `v${i}.ts` })),
  };
}

/** Where the poster is taken from: a tenth into the video, past a black first frame or a fade-in. */
export const POSTER_AT = 0.1;

/**
 * Writes the video's poster (docs/decisions/0061-ladder-poster.md): one JPEG frame from POSTER_AT into
 * `input`, at the ladder's largest rendition's size, so a player shows it sharp at any rung.
 */
export async function makePoster(
  input: string,
  output: string,
  source: SourceInfo,
  signal?: AbortSignal,
): Promise<void> {
  const at = (source.durationSeconds * POSTER_AT).toFixed(3);
  const scale = `scale=${scaleTo(source, rungsOf(source)[0]!.height)}`;
  const args = ['-v', 'error', '-y', '-ss', at, '-i', input, '-frames:v', '1', '-vf', scale, '-q:v', '3'];
  const result = await runTool([bin().ffmpeg, ...args, '-f', 'image2', output], 120_000, signal);
  if (result.code !== 0) throw failure('The poster', result);
}

/** How far ffmpeg is (0-1) by its progress file, for a source of `durationSeconds`. */
export async function progressOf(progressFile: string, durationSeconds: number): Promise<number> {
  const text = await readFile(progressFile, 'utf8').catch(() => '');
  const times = [...text.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = times.at(-1)?.[1];
  if (!last || !(durationSeconds > 0)) return 0;
  return Math.min(1, Number(last) / 1e6 / durationSeconds);
}
