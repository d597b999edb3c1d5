import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes received between two looks at V8's external memory (a look costs about 1 µs). */
const CHECK_EVERY = 4 * 1024 * 1024;
/** Growth of external memory above its floor past which dead upload buffers are collected. */
const MAX_GROWTH = 40 * 1024 * 1024;

type Gc = (options?: { type: 'minor' | 'major' }) => void;
let gc: Gc | undefined;

/**
 * Node's `gc` (a full collection by default), reachable only with --expose-gc; setting the flag at run time
 * and reading `gc` from a new context gives it without changing how the server is started.
 */
export function exposedGc(): Gc {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  return gc;
}

/** A minor (young generation) collection. */
export function collectYoung(): void {
  exposedGc()({ type: 'minor' });
}

/**
 * Keeps the garbage uploads leave behind bounded. Every socket read arrives as a new 64 KB buffer that
 * is garbage once written; V8 frees such buffers at a minor GC, which it starts by itself after some
 * 30 MB of them (bench:upload: 30-42 MB of RSS growth per part). About once in ten runs it let two
 * uploads' worth pile up (71 MB, over the 64 MB target). Every 4 MB received this looks at V8's external
 * memory and asks for a minor GC (about 0.5 ms) only when it stands 40 MB above its floor: the lowest
 * level seen since the last collection it asked for (V8's own collections bring it back down there), so
 * garbage left by an earlier upload counts too. Live memory that grows for good (cached replies) moves the
 * floor up at the next collection instead of causing one every 4 MB.
 * A minor GC every 16 MB regardless (tried) promoted live stream objects early and made RSS creep by about
 * 1 MB an upload, so it is a threshold, not a schedule.
 * Kept on Node 24 (issue 37, 2026-12-02): without it, `bench:upload --story-only` (RUNS=5) grew the
 * server's peak RSS by 74.5 / 77.1 / 71.9 MB against 63.4 / 49.1 / 32.1 MB with it, interleaved (and
 * 64.4-77.1 MB in seven runs without it on 2026-12-01); the target is under 64 MB.
 */
export class UploadMemoryGuard {
  private sinceCheck = 0;
  private floor = Infinity;

  constructor(
    private readonly v8 = {
      externalMemory: () => getHeapStatistics().external_memory,
      collectYoung,
    },
  ) {}

  /**
   * `bytes` more received. `maxGrowth` is the growth above the floor that this caller's bytes collect at
   * (the resumable uploads ask for less: features/videos/video-uploads.store.ts).
   */
  received(bytes: number, maxGrowth = MAX_GROWTH): void {
    this.sinceCheck += bytes;
    if (this.sinceCheck < CHECK_EVERY) return;
    this.sinceCheck = 0;
    const external = this.v8.externalMemory();
    this.floor = Math.min(this.floor, external);
    if (external - this.floor < maxGrowth) return;
    this.v8.collectYoung();
    this.floor = this.v8.externalMemory();
  }
}

/** The server's one guard: uploads running at the same time add to the same garbage. */
export const uploadMemory = new UploadMemoryGuard();
