import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes received between two looks at V8's external memory (a look costs about 1 µs). */
const CHECK_EVERY = 4 * 1024 * 1024;
/** Growth of external memory during one upload past which its dead buffers are collected. */
const MAX_GROWTH = 40 * 1024 * 1024;

let minorGc: (() => void) | undefined;

/**
 * Node's `gc` is reachable only with --expose-gc; setting the flag at run time and reading `gc` from a new
 * context gives it without changing how the server is started.
 */
export function collectYoung(): void {
  if (!minorGc) {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
    minorGc = () => gc({ type: 'minor' });
  }
  minorGc();
}

/**
 * Keeps the garbage one upload leaves behind bounded. Every socket read arrives as a new 64 KB buffer
 * that is garbage once written; V8 frees such buffers at a minor GC, which it starts by itself after some
 * 30 MB of them (bench:upload: 30-42 MB of RSS growth per part). About once in ten runs it let two
 * uploads' worth pile up (71 MB, over the 64 MB target). This looks at V8's external memory every 4 MB
 * received and asks for a minor GC (about 0.5 ms) only when it has grown by 40 MB during this upload.
 * A minor GC every 16 MB regardless (tried) promoted live stream objects early and made RSS creep by about
 * 1 MB an upload, so it is a threshold, not a schedule.
 */
export class UploadMemoryGuard {
  private sinceCheck = 0;
  private baseline: number;

  constructor(
    private readonly v8 = {
      externalMemory: () => getHeapStatistics().external_memory,
      collectYoung,
    },
  ) {
    this.baseline = v8.externalMemory();
  }

  received(bytes: number): void {
    this.sinceCheck += bytes;
    if (this.sinceCheck < CHECK_EVERY) return;
    this.sinceCheck = 0;
    if (this.v8.externalMemory() - this.baseline < MAX_GROWTH) return;
    this.v8.collectYoung();
    this.baseline = this.v8.externalMemory();
  }
}
