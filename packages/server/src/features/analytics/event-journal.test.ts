import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventJournal, type JournalRecord } from './event-journal.js';

const record = (n: number, batchId?: string): JournalRecord => ({
  ...(batchId ? { batchId } : {}),
  receivedAt: n,
  rows: [{ entity: 'reel', entity_id: `r${n}`, day: '2026-12-01', kind: 'view', count: n }],
});
/** A journal a crashed process left: no process has pid 2^22 + 1 (above Linux's pid_max default). */
const DEAD = `${2 ** 22 + 1}-deadbeef`;
const nothingCommitted = async () => new Map<string, number>();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sd-journal-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const leftover = (seq: number, ...records: JournalRecord[]) =>
  writeFileSync(
    path.join(dir, `${DEAD}.${seq}.jsonl`),
    records.map((r) => `${JSON.stringify(r)}\n`).join(''),
  );

describe('EventJournal', () => {
  it('has a record on disk once append resolves, and deletes a file once it is applied', async () => {
    const journal = new EventJournal(dir);
    await Promise.all([journal.append(record(1)), journal.append(record(2, 'b2'))]);
    const [file] = readdirSync(dir);
    expect(
      readFileSync(path.join(dir, file!), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([record(1), record(2, 'b2')]);
    const covered = journal.rotate();
    expect(covered).toEqual([{ journal: journal.id, seq: 0 }]);
    await journal.append(record(3));
    expect(readdirSync(dir)).toHaveLength(2);
    await journal.applied(covered);
    expect(readdirSync(dir)).toEqual([`${journal.id}.1.jsonl`]);
  });

  it('keeps every record of appends made over several rounds, while earlier writes are in flight', async () => {
    const journal = new EventJournal(dir);
    const appended: Promise<void>[] = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) appended.push(journal.append(record(round * 10 + i)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(appended);
    const [file] = readdirSync(dir);
    const lines = readFileSync(path.join(dir, file!), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as JournalRecord).receivedAt).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, n) => n),
    );
  });

  it('deletes an applied file only after the writes queued to it are done', async () => {
    const journal = new EventJournal(dir);
    const appended = journal.append(record(1));
    const covered = journal.rotate();
    await journal.applied(covered);
    await appended;
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers a closed file again until a flush applies it', async () => {
    const journal = new EventJournal(dir);
    await journal.append(record(1));
    const first = journal.rotate();
    // the flush failed: nothing applied; the next rotate covers the old file and the new one
    await journal.append(record(2));
    expect(journal.rotate()).toEqual([...first, { journal: journal.id, seq: 1 }]);
    expect(journal.unapplied).toBe(true);
  });

  it('takes the records of a stopped process, skipping a cut-off last line and what was committed', async () => {
    leftover(0, record(1));
    leftover(1, record(2, 'b2'), record(3));
    appendFileSync(path.join(dir, `${DEAD}.1.jsonl`), '{"receivedAt":4,"ro');
    leftover(2, record(5));
    const journal = new EventJournal(dir);
    const records = await journal.takeLeftovers(async (journals) => {
      expect(journals).toEqual([DEAD]);
      return new Map([[DEAD, 0]]);
    });
    expect(records).toEqual([record(2, 'b2'), record(3), record(5)]);
    // Committed file 0 is gone; 1 and 2 wait, claimed, for the flush that commits them.
    expect(readdirSync(dir).sort()).toEqual([
      `${DEAD}.1.claimed-${journal.id}.jsonl`,
      `${DEAD}.2.claimed-${journal.id}.jsonl`,
    ]);
    const covered = journal.rotate();
    expect(covered).toEqual([
      { journal: DEAD, seq: 1 },
      { journal: DEAD, seq: 2 },
    ]);
    await journal.applied(covered);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves the files of a running process alone', async () => {
    // The test runner's parent process stands for another server process that runs.
    writeFileSync(path.join(dir, `${process.ppid}-running.0.jsonl`), `${JSON.stringify(record(1))}\n`);
    const other = new EventJournal(dir);
    expect(await other.takeLeftovers(nothingCommitted)).toEqual([]);
    // A journal of this pid from an earlier start (a container's pid 1) is a stopped one.
    writeFileSync(path.join(dir, `${process.pid}-0ldstart.0.jsonl`), `${JSON.stringify(record(7))}\n`);
    expect(await other.takeLeftovers(nothingCommitted)).toEqual([record(7)]);
  });

  it('removes an empty journal on close and keeps one with records', async () => {
    const journal = new EventJournal(dir);
    await journal.close();
    expect(readdirSync(dir)).toEqual([]);
    await journal.append(record(1));
    await journal.close();
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
