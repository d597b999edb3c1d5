import { OutageLog } from '../../platform/outage-log.js';
import {
  countSeenByMatch,
  countSeenSince,
  forgetSeenBefore,
  writeSeen,
  type SeenRow,
} from './live-viewers.repository.js';
import type { AppDb } from '../../platform/db/database.js';

/** The row of the overall count: live match ids are never empty. */
export const ANY_MATCH = '';

/**
 * Which app clients this process heard a heartbeat from, and which of those beats the shared table still
 * lacks. Every server process writes its beats to one table, so the system stats count distinct clients
 * across all of them: behind a load balancer one phone's heartbeats reach several processes, and each
 * process alone would count only the phones it happened to hear.
 */
export class LiveViewerTracker {
  /** `${match}\u0000${client}` → when it last beat here, and the beat the table has from here. */
  private readonly beats = new Map<string, { seen: number; written: number }>();
  private lastSweep = 0;

  /**
   * @param windowMs how long a client counts after its last heartbeat
   * @param rewriteMs a client beating more often than this is written once per this interval, so a chatty
   *   app costs no more writes than one beating at this pace (its count may end up to this much early)
   */
  constructor(
    readonly windowMs = 60_000,
    private readonly rewriteMs = 10_000,
  ) {}

  /**
   * A heartbeat sent at `seenAt` (its event's `at`, at most `now`): a beat an app kept while offline and
   * sends later says the client watched then, so it counts from then, and not at all once the window
   * has passed.
   */
  beat(clientId: string, matchId: string | undefined, now = Date.now(), seenAt = now): void {
    // Clients that stopped beating are forgotten even if no write comes: every new clientId would stay
    // in memory meanwhile.
    if (now - this.lastSweep >= this.windowMs / 6) this.sweep(now);
    if (now - seenAt > this.windowMs) return;
    this.note(`${ANY_MATCH}\u0000${clientId}`, seenAt);
    if (matchId) this.note(`${matchId}\u0000${clientId}`, seenAt);
  }

  private note(key: string, now: number): void {
    const known = this.beats.get(key);
    if (known) known.seen = Math.max(known.seen, now);
    else this.beats.set(key, { seen: now, written: -Infinity });
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, beat] of this.beats) if (now - beat.seen > this.windowMs) this.beats.delete(key);
  }

  /** The beats the table lacks: new clients, and clients whose last write is `rewriteMs` old. */
  due(): SeenRow[] {
    const rows: SeenRow[] = [];
    for (const [key, beat] of this.beats) {
      if (beat.seen - beat.written < this.rewriteMs) continue;
      const cut = key.indexOf('\u0000');
      rows.push({ match_id: key.slice(0, cut), client_id: key.slice(cut + 1), last_seen: beat.seen });
    }
    return rows;
  }

  /** Marks rows from `due()` as in the table. */
  written(rows: readonly SeenRow[]): void {
    for (const row of rows) {
      const beat = this.beats.get(`${row.match_id}\u0000${row.client_id}`);
      if (beat) beat.written = Math.max(beat.written, row.last_seen);
    }
  }

  /** How many client entries are held, overall and per match (what the sweep keeps bounded). */
  held(): number {
    return this.beats.size;
  }
}

/**
 * Live viewers as every server process sees them: each writes its beats to `live_viewers` about once a
 * second; a count reads the table. Rows past the window are deleted every few seconds by whichever
 * process writes.
 */
export class SharedLiveViewers {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastForget = 0;
  private readonly outage: OutageLog;

  constructor(
    private readonly db: AppDb,
    readonly tracker: LiveViewerTracker,
    log: ConstructorParameters<typeof OutageLog>[0],
  ) {
    this.outage = new OutageLog(log, {
      failed: 'writing live viewers failed; will retry',
      back: 'live viewers are written again',
    });
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.write(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.write();
  }

  /** Writes the beats the table lacks; writes never overlap. A failed write is tried again next time. */
  write(now = Date.now()): Promise<void> {
    this.writing = this.writing.then(() => this.send(now));
    return this.writing;
  }

  private async send(now: number): Promise<void> {
    const rows = this.tracker.due();
    const forget = now - this.lastForget >= this.tracker.windowMs / 6;
    if (rows.length === 0 && !forget) return;
    try {
      await writeSeen(this.db, rows);
      this.tracker.written(rows);
      if (forget) {
        await forgetSeenBefore(this.db, now - this.tracker.windowMs);
        this.lastForget = now;
      }
      this.outage.succeeded();
    } catch (error) {
      this.outage.failed(error);
    }
  }

  /** Distinct clients with a heartbeat in the window, on any process; per live match with `matchId`. */
  count(matchId = ANY_MATCH, now = Date.now()): Promise<number> {
    return countSeenSince(this.db, matchId, now - this.tracker.windowMs);
  }

  /** The count of every live match with viewers, by match id. */
  perMatch(now = Date.now()): Promise<Map<string, number>> {
    return countSeenByMatch(this.db, now - this.tracker.windowMs);
  }
}
