import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { isSearchIndexTable } from '../platform/db/search-index.js';
import { referencedMedia } from '../platform/media/media-references.js';
import { isMediaKey } from '../platform/media/media-store.js';
import type { S3MediaStore } from '../platform/media/s3-media-store.js';
import type { TestApp } from './test-app.js';
import { writeMarks } from './write-mark.js';

/** What the bad-input walks send (bad-input.test.ts, bad-input-records.test.ts). */

export const LONG = 'x'.repeat(20_000);
/** Half of a surrogate pair: text with no UTF-8 form (JSON carries it as the escape `\ud800`). */
export const LONE_SURROGATE = '\ud800';
/** Values a broken client could put in any JSON field. */
export const JUNK: unknown[] = [
  null,
  -1,
  1e308,
  true,
  '',
  '   ',
  LONG,
  [],
  [null],
  {},
  { $gt: '' },
  '../../etc/passwd',
  '\u0000',
  LONE_SURROGATE,
  '2026-13-45',
  99999999999,
  0.5,
];
/** Values a broken client could put in any form field. */
export const FORM_JUNK = [
  '',
  'null',
  '{',
  '[]',
  '{}',
  LONG,
  '{"_id":null}',
  '99999999999',
  '-1',
  '0.5',
  '\u0000',
];
/**
 * Every row of every table, and every file under media/: what a refused request must not change. A
 * table's rows are read again only when the mark of its writes (write-mark.ts) moved since the app's last
 * snapshot; the others are that snapshot's, as reading them would give.
 * Events counted by earlier requests are written first, so the flush timer cannot land in between. Left
 * out: the app-open counter, which loadCheck reads fill on their own timer, the cache versions, which
 * earlier writes' invalidations step in the background (cache-sync.ts), and the live viewers, which
 * heartbeats write and time deletes (live-viewers.ts), and the shared rate limits' counts, which every
 * request to a route with one steps, refused or not (shared-rate-limit-store.ts); none is data an admin
 * wrote.
 */
const UNWRITTEN_TABLES = ['controller_counters', 'cache_versions', 'live_viewers', 'rate_limit_hits'];
/**
 * Columns left out the same way: the admin's own request checks step a session's last use once a minute
 * (auth.service.ts), and a walk that runs past a minute sees one of its refusals do it.
 */
const UNWRITTEN_COLUMNS: Record<string, string[]> = { admin_sessions: ['last_used_at'] };
export async function dataSnapshot(t: TestApp): Promise<string> {
  await t.app.streamdesk.analytics.counter.flush();
  // Thumbnails of earlier uploads are made in the background, with their files in media/.tmp meanwhile.
  await t.app.streamdesk.context.media.idle();
  const last = await lastSnapshotOf(t);
  // Read before the rows: a write that lands while they are read moves its table's mark for the next one.
  const marks = await last.marks();
  const media = files(path.join(t.config.dataDir, 'media'));
  // Tables whose mark moved; the others' rows are the last snapshot's.
  const changed = last.rows ? last.tables.filter((n) => marks[n] !== last.marked[n]) : last.tables;
  if (!changed.length && JSON.stringify(media) === last.media) return last.snapshot;
  const rows: Record<string, string[]> = { ...last.rows };
  for (const [name, found] of await rowsOfTables(t, (n) => changed.includes(n))) {
    const left = UNWRITTEN_COLUMNS[name] ?? [];
    const kept = found.map((r) => Object.fromEntries(Object.entries(r).filter(([c]) => !left.includes(c))));
    // Sorted: PostgreSQL may return rows in another order after an update that changed nothing.
    rows[name] = kept.map((r) => JSON.stringify(r)).sort();
  }
  const snapshot = JSON.stringify([rows, media]);
  Object.assign(last, { marked: marks, rows, media: JSON.stringify(media), snapshot });
  return snapshot;
}

/** Per app: its snapshot's tables, the reader of their write marks (write-mark.ts), the last snapshot. */
interface LastSnapshot {
  tables: string[];
  marks: () => Promise<Record<string, string>>;
  marked: Record<string, string>;
  rows?: Record<string, string[]>;
  media?: string;
  snapshot: string;
}
const lastSnapshots = new WeakMap<TestApp, Promise<LastSnapshot>>();
function lastSnapshotOf(t: TestApp) {
  let last = lastSnapshots.get(t);
  if (!last) {
    const { context } = t.app.streamdesk;
    last = tableNames(context.db).then(async (names) => {
      // The search indexes' tables too: derived from the rows compared, and the activity log's is written
      // from its queue on a timer (0065).
      const tables = names.filter((n) => !UNWRITTEN_TABLES.includes(n) && !isSearchIndexTable(n));
      return { tables, marks: await writeMarks(context, tables), marked: {}, snapshot: '' };
    });
    lastSnapshots.set(t, last);
  }
  return last;
}
/** What differs between two data snapshots: table names, and 'media files' (so a failure says where). */
export function changedParts(before: string, after: string): string[] {
  const [rowsBefore, filesBefore] = JSON.parse(before) as [Record<string, string[]>, string[]];
  const [rowsAfter, filesAfter] = JSON.parse(after) as [Record<string, string[]>, string[]];
  const tables = new Set([...Object.keys(rowsBefore), ...Object.keys(rowsAfter)]);
  const changed = [...tables].filter((n) => JSON.stringify(rowsBefore[n]) !== JSON.stringify(rowsAfter[n]));
  return JSON.stringify(filesBefore) === JSON.stringify(filesAfter) ? changed : [...changed, 'media files'];
}
/** Every row of every table of the app (Kysely's own tables aside) that `keep` lets through, by name. */
async function rowsOfTables(t: TestApp, keep: (table: string) => boolean = () => true) {
  const { db } = t.app.streamdesk.context;
  const names = (await tableNames(db)).filter(keep);
  const found: [string, Record<string, unknown>[]][] = [];
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
    found.push([name, rows]);
  }
  return found;
}

/**
 * The app's tables (Kysely's own aside), read once per database: the walks take a snapshot after each of
 * thousands of requests, and introspecting (a PRAGMA per table on SQLite) cost more than reading the rows.
 * Migrations ran before the app started, so the list does not change under a test.
 */
const tablesOf = new WeakMap<object, Promise<string[]>>();
function tableNames(db: TestApp['app']['streamdesk']['context']['db']): Promise<string[]> {
  let names = tablesOf.get(db);
  if (!names) {
    names = db.introspection.getTables().then((found) =>
      found
        .map((x) => x.name)
        .filter((n) => !/^kysely_/.test(n))
        .sort(),
    );
    tablesOf.set(db, names);
  }
  return names;
}

function files(dir: string): string[] {
  // Entries with their kind: no stat per file (the walks list the folder after each request).
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/**
 * Whether a refusal's message says where the problem is: zod's own wording ('Invalid input: expected
 * string, received undefined') names no field unless the field is put in front of it ('title: ...').
 */
export const namesItsField = (message: string) => !/^(Invalid|Too (big|small)|Unrecognized)\b/.test(message);

/**
 * Media files no row points to, and `/media/...` URLs in rows whose file is missing: both must be empty
 * after any mix of requests (no half-written record or file). Waits for pending thumbnails first.
 */
export async function mediaMismatches(
  t: TestApp,
): Promise<{ filesWithoutRow: string[]; rowsWithoutFile: string[] }> {
  await t.app.streamdesk.context.media.idle();
  const referenced = new Set<string>();
  // The activity log names the files a change replaced or removed, as history: no row of the app uses them.
  for (const [, rows] of await rowsOfTables(t, (table) => table !== 'activity_log')) {
    for (const url of JSON.stringify(rows).match(/\/media\/[A-Za-z0-9_./-]+/g) ?? []) referenced.add(url);
  }
  const mediaRoot = path.join(t.config.dataDir, 'media');
  const media = t.app.streamdesk.context.media;
  const stored = new Set(
    media.kind === 'local'
      ? files(mediaRoot).map((f) => `/media/${path.relative(mediaRoot, f)}`)
      : (await (media as S3MediaStore).list()).filter((o) => isMediaKey(o.key)).map((o) => `/media/${o.key}`),
  );
  // Files: named by the columns the features declare, as the start-up orphan sweep reads them, so a
  // column a feature forgot to declare shows here as files without a row.
  const { db, mediaColumns } = t.app.streamdesk.context;
  const declared = new Set([...(await referencedMedia(db, mediaColumns))].map((key) => `/media/${key}`));
  return {
    filesWithoutRow: [...stored].filter((f) => !declared.has(f)).sort(),
    rowsWithoutFile: [...referenced].filter((u) => !stored.has(u)).sort(),
  };
}
