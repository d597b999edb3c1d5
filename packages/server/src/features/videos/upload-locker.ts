import { randomUUID } from 'node:crypto';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import type { ProcessNotices } from '../../platform/db/process-notices.js';
import type { RecordLocks } from '../../platform/record-locks.js';
import { tusRefusal } from './video-uploads.service.js';

/** The record lock of one upload's bytes: apart from its finish's lock, which runs after a PATCH's. */
const LOCKED = 'video_upload_bytes';

/** How long a request waits for the one holding the same upload before it is refused (423). */
export const UPLOAD_LOCK_WAIT_MS = 30_000;

/** Where a request waiting in one process asks the holder of its upload in another to stop. */
export const UPLOAD_RELEASE_CHANNEL = 'streamdesk_upload_release';

/**
 * How often a request still waiting asks again: the holder it asked may have handed the lock to another
 * request of its process meanwhile, or the notice was lost (its listening connection being reopened).
 */
const ASK_AGAIN_MS = 5000;

/**
 * One PATCH at a time per upload, across every server process of the database: @tus/server's default
 * `MemoryLocker` holds within one process only, so two processes on one PostgreSQL could both append to
 * the same file. Built on the record locks (platform/record-locks.ts): this process's queue, then the
 * upload's advisory lock on PostgreSQL (on SQLite, one process: the queue alone). @tus/server takes it
 * for a POST, HEAD and DELETE too, for the moment they read or change the upload's files.
 *
 * As `MemoryLocker` does, a request that waits asks the holder to stop: a PATCH's client has most likely
 * reconnected (a dropped phone connection whose resume the load balancer sent to another process), and
 * the stale PATCH ends with what it stored. A holder of this process is asked directly; one in another
 * process through a notice (PostgreSQL NOTIFY) to every process, which asks its holder of that upload.
 * A holder that does not let go (or a notice lost with its process, whose advisory lock went with it)
 * leaves the waiter to give up after `waitMs` with 423 Locked, which tus clients try again. Nothing is
 * written while waiting, and the PATCH that gets the lock checks its offset against the bytes stored
 * (409 when another wrote first).
 */
export class UploadLocker implements Locker {
  /** The release requests of the requests holding a lock in this process, by upload. */
  readonly holders = new Map<string, RequestRelease>();
  /** How many requests of this process wait for each upload's lock. */
  readonly waiting = new Map<string, number>();
  /** This process's own notices come back to it: they are not for its holders. */
  private readonly self = randomUUID();

  constructor(
    private readonly locks: RecordLocks,
    private readonly opts: { notices?: ProcessNotices | undefined; waitMs?: number } = {},
  ) {}

  newLock(id: string): Lock {
    return new UploadLock(id, this.locks, this, this.opts.waitMs ?? UPLOAD_LOCK_WAIT_MS);
  }

  /** Hears the other processes' requests to stop (from the app's start: a resume may come at once). */
  async listen(): Promise<void> {
    await this.opts.notices?.listen(UPLOAD_RELEASE_CHANNEL, (notice) => {
      const [from, id] = notice.split(' ', 2);
      // The same path as a request of this process asking (`lock` below).
      if (from !== this.self && id) void Promise.resolve(this.holders.get(id)?.()).catch(() => {});
    });
  }

  /** Asks the holder of the upload in another process to stop: a hint, the waiter waits regardless. */
  askOthers(id: string): void {
    void this.opts.notices?.send(UPLOAD_RELEASE_CHANNEL, `${this.self} ${id}`).catch(() => {});
  }
}

class UploadLock implements Lock {
  private release?: () => void;
  private requestRelease?: RequestRelease;

  constructor(
    private readonly id: string,
    private readonly locks: RecordLocks,
    private readonly local: UploadLocker,
    private readonly waitMs: number,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    let given = false;
    let abandoned = false;
    let failure: unknown;
    let askingAgain: NodeJS.Timeout | undefined;
    let acquired!: () => void;
    const turn = new Promise<void>((resolve) => (acquired = resolve));
    const released = new Promise<void>((resolve) => (this.release = resolve));
    // Held from `acquired` until `unlock`; a waiter that gave up lets it go as soon as its turn comes.
    void this.locks
      .run(
        LOCKED,
        [this.id],
        async () => {
          if (abandoned) return;
          given = true;
          this.requestRelease = requestRelease;
          this.local.holders.set(this.id, requestRelease);
          acquired();
          // Others of this process queued behind it before it was known as the holder (it counts itself
          // until `lock` returns).
          if ((this.local.waiting.get(this.id) ?? 0) > 1) await requestRelease();
          await released;
        },
        () => {
          // Another process holds it (PostgreSQL): asked as a holder of this process would be.
          if (abandoned) return;
          this.local.askOthers(this.id);
          askingAgain = setInterval(() => this.local.askOthers(this.id), ASK_AGAIN_MS);
        },
      )
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
    clearInterval(askingAgain);
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
