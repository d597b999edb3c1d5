import type { Lock, Locker, RequestRelease } from '@tus/server';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import type { RecordLocks } from '../../platform/record-locks.js';
import { tusRefusal } from './video-uploads.service.js';

/** The record lock of one upload's bytes: apart from its finish's lock, which runs after a PATCH's. */
const LOCKED = 'video_upload_bytes';

/** How long a request waits for the one holding the same upload before it is refused (423). */
export const UPLOAD_LOCK_WAIT_MS = 30_000;

/**
 * One PATCH at a time per upload, across every server process of the database: @tus/server's default
 * `MemoryLocker` holds within one process only, so two processes on one PostgreSQL could both append to
 * the same file. Built on the record locks (platform/record-locks.ts): this process's queue, then the
 * upload's advisory lock on PostgreSQL (on SQLite, one process: the queue alone). @tus/server takes it
 * for a POST, HEAD and DELETE too, for the moment they read or change the upload's files.
 *
 * As `MemoryLocker` does, a request that waits asks the holder of this process to stop (a PATCH's
 * client has most likely reconnected: it ends with what it stored); one in another process cannot be
 * asked, so the waiter gives up after `waitMs` with 423 Locked, which tus clients try again. Nothing is
 * written while waiting, and the PATCH that gets the lock checks its offset against the bytes stored
 * (409 when another wrote first).
 */
export function uploadLocker(locks: RecordLocks, waitMs = UPLOAD_LOCK_WAIT_MS): Locker {
  /** The release requests of the PATCHes holding a lock in this process, by upload. */
  const holders = new Map<string, RequestRelease>();
  /** How many requests of this process wait for each upload's lock. */
  const waiting = new Map<string, number>();
  return { newLock: (id) => new UploadLock(id, locks, { holders, waiting }, waitMs) };
}

interface Holders {
  holders: Map<string, RequestRelease>;
  waiting: Map<string, number>;
}

class UploadLock implements Lock {
  private release?: () => void;
  private requestRelease?: RequestRelease;

  constructor(
    private readonly id: string,
    private readonly locks: RecordLocks,
    private readonly local: Holders,
    private readonly waitMs: number,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    let given = false;
    let abandoned = false;
    let failure: unknown;
    let acquired!: () => void;
    const turn = new Promise<void>((resolve) => (acquired = resolve));
    const released = new Promise<void>((resolve) => (this.release = resolve));
    // Held from `acquired` until `unlock`; a waiter that gave up lets it go as soon as its turn comes.
    void this.locks
      .run(LOCKED, [this.id], async () => {
        if (abandoned) return;
        given = true;
        this.requestRelease = requestRelease;
        this.local.holders.set(this.id, requestRelease);
        acquired();
        // Others of this process queued behind it before it was known as the holder (it counts itself
        // until `lock` returns).
        if ((this.local.waiting.get(this.id) ?? 0) > 1) await requestRelease();
        await released;
      })
      .catch((error: unknown) => {
        failure = error; // the database lock could not be taken (its connection)
        acquired();
      });
    this.local.waiting.set(this.id, (this.local.waiting.get(this.id) ?? 0) + 1);
    await this.local.holders.get(this.id)?.();
    let timer: NodeJS.Timeout | undefined;
    const stop = new AbortController();
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.waitMs);
      if (stopSignal.aborted) resolve();
      stopSignal.addEventListener('abort', () => resolve(), { once: true, signal: stop.signal });
    });
    await Promise.race([turn, gaveUp]);
    const left = this.local.waiting.get(this.id)! - 1;
    if (left) this.local.waiting.set(this.id, left);
    else this.local.waiting.delete(this.id);
    clearTimeout(timer);
    stop.abort();
    if (given) return;
    abandoned = true;
    if (failure) throw failure;
    throw tusRefusal(423, videoUploadMessages.locked);
  }

  async unlock(): Promise<void> {
    if (this.requestRelease && this.local.holders.get(this.id) === this.requestRelease)
      this.local.holders.delete(this.id);
    this.release?.();
  }
}
