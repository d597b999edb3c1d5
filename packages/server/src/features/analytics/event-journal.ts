import { randomUUID } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ownerGone } from '../../platform/process-owner.js';
import type { RollupRow } from './analytics.repository.js';

/** One acknowledged batch as the journal keeps it: its id (if it had one), when, and its counts. */
export interface JournalRecord {
  batchId?: string;
  receivedAt: number;
  rows: RollupRow[];
}

/** A journal file: `<journal>.<seq>.jsonl`, or `<journal>.<seq>.claimed-<claimer>.jsonl` while replayed. */
export interface SegmentName {
  journal: string;
  seq: number;
}

/** Append, create, and each write returns only once its data is on disk (as a write then fdatasync). */
const APPEND_DURABLY = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

const FILE = /^([\w-]+)\.(\d+)(?:\.claimed-([\w-]+))?\.jsonl$/;

class Segment {
  private handle: Promise<FileHandle> | undefined;
  private queued: string[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running: Promise<void> | undefined;

  constructor(
    readonly name: SegmentName,
    private readonly file: string,
  ) {}

  get empty(): boolean {
    return this.handle === undefined && this.queued.length === 0;
  }

  append(line: string): Promise<void> {
    this.queued.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.running ??= this.drain();
    return done;
  }

  /**
   * Group commit: what was queued while the last write ran goes out in the next one, so the disk sees one
   * write per round however many batches arrive. The file is opened O_DSYNC: a write returns once its
   * data is on disk, as a write then an fdatasync would, in one trip to the thread pool (fdatasync took
   * a median 0.34 ms, p99 8 ms, on the 2-core machine's disk). Up to two such writes in flight at once
   * were tried: bench:app's events ran at 197,660-238,090 a second with them, 192,420-234,990 with a
   * write then an fdatasync one round at a time, interleaved on a quiet machine (2026-12-03): no gain
   * worth their code.
   */
  private async drain(): Promise<void> {
    while (this.queued.length) {
      const lines = this.queued.join('');
      const waiters = this.waiters;
      this.queued = [];
      this.waiters = [];
      try {
        this.handle ??= open(this.file, APPEND_DURABLY, 0o600);
        await (await this.handle).write(lines);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.running = undefined;
  }

  /** Waits for the writes in flight, closes the file and deletes it. */
  async remove(): Promise<void> {
    await this.running;
    if (this.handle) await (await this.handle.catch(() => undefined))?.close();
    await unlink(this.file).catch(() => undefined);
  }
}

/**
 * The app's events are acknowledged only once they are on disk (issue 38: a kill -9 lost up to a second
 * of acknowledged events). Each counted batch is appended to this process's journal and synced before
 * the reply; a flush of the counts to the database closes the journal's file first (`rotate`) and, once
 * its transaction, which records the files it covers, has committed, deletes them (`applied`). At
 * start-up the files of a process that is gone are read back (`takeLeftovers`) and counted again, unless
 * the database says their counts were committed. One file per flush (about one a second) keeps each
 * small; a record is a line of JSON.
 */
export class EventJournal {
  readonly id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private seq = 0;
  private current: Segment;
  /** Closed files (this process's, and adopted leftovers) whose counts are not committed yet. */
  private closed: Segment[] = [];

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.current = this.segment({ journal: this.id, seq: this.seq });
  }

  /** Resolves once the record is on disk. */
  append(record: JournalRecord): Promise<void> {
    return this.current.append(`${JSON.stringify(record)}\n`);
  }

  /**
   * Closes the file being written (when it has anything) and answers every closed file not yet
   * applied: the counts taken in the same tick are exactly theirs.
   */
  rotate(): SegmentName[] {
    if (!this.current.empty) {
      this.closed.push(this.current);
      this.current = this.segment({ journal: this.id, seq: ++this.seq });
    }
    return this.closed.map((segment) => segment.name);
  }

  /** Whether some closed file waits for a flush to commit its counts. */
  get unapplied(): boolean {
    return this.closed.length > 0;
  }

  /** The counts of these files are committed: their files go. */
  async applied(names: readonly SegmentName[]): Promise<void> {
    const done = this.closed.filter((segment) => names.includes(segment.name));
    this.closed = this.closed.filter((segment) => !done.includes(segment));
    await Promise.all(done.map((segment) => segment.remove()));
  }

  /**
   * Claims (by renaming, so two processes starting at once cannot both take one) the files of journals
   * whose process is gone, deletes those whose counts `committedUpTo` says are in the database, and
   * answers the records of the others. They become closed files of this journal: the next flush that
   * commits their counts records them and deletes the files. A last line cut short by a crash was
   * never acknowledged, and is skipped.
   */
  async takeLeftovers(
    committedUpTo: (journals: string[]) => Promise<Map<string, number>>,
  ): Promise<JournalRecord[]> {
    const files: { file: string; name: SegmentName }[] = [];
    for (const file of await readdir(this.dir)) {
      const match = FILE.exec(file);
      if (!match) continue;
      const [, journal, seq, claimer] = match;
      if (!ownerGone(claimer ?? journal!, this.id)) continue;
      const claimed = path.join(this.dir, `${journal}.${seq}.claimed-${this.id}.jsonl`);
      try {
        await rename(path.join(this.dir, file), claimed);
      } catch {
        continue; // another process claimed it first
      }
      files.push({ file: claimed, name: { journal: journal!, seq: Number(seq) } });
    }
    const committed = await committedUpTo([...new Set(files.map((f) => f.name.journal))]);
    const records: JournalRecord[] = [];
    for (const { file, name } of files.sort((a, b) => a.name.seq - b.name.seq)) {
      const segment = new Segment(name, file);
      if (name.seq <= (committed.get(name.journal) ?? -1)) {
        await segment.remove();
        continue;
      }
      for (const line of (await readFile(file, 'utf8')).split('\n')) {
        try {
          if (line) records.push(JSON.parse(line) as JournalRecord);
        } catch {
          // the cut-off last line
        }
      }
      this.closed.push(segment);
    }
    return records;
  }

  /**
   * Of these journals, those of a stopped process with no file left here: their counts are all in the
   * database, and so their `event_journals` rows can go.
   */
  async finished(journals: readonly string[]): Promise<string[]> {
    const held = new Set<string>();
    for (const file of await readdir(this.dir)) {
      const match = FILE.exec(file);
      if (match) held.add(match[1]!);
    }
    return journals.filter((journal) => !held.has(journal) && ownerGone(journal, this.id));
  }

  /** Deletes this journal's open file when it holds nothing (a clean stop after the last flush). */
  async close(): Promise<void> {
    if (this.current.empty) await this.current.remove();
  }

  private segment(name: SegmentName): Segment {
    return new Segment(name, path.join(this.dir, `${name.journal}.${name.seq}.jsonl`));
  }
}
