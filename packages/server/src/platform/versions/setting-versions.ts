import {
  versionMessages,
  type VersionListQuery,
  type VersionListReply,
  type VersionSource,
  type VersionSummary,
} from '@streamdesk/contract/versions';
import { currentActor } from '../activity/activity-recorder.js';
import type { AppDb } from '../db/database.js';
import { nowIso } from '../db/values.js';
import { notFound } from '../errors.js';
import * as repo from './versions.repository.js';

type State = Record<string, unknown>;

/** The keys whose values differ between two states. */
export const changedKeys = (before: State, after: State): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );

export interface NewVersion {
  /** The record as it was before this write (read by the service before it wrote). */
  before: State;
  /** Reads the whole record as it is now, after the write, in the write's transaction. */
  readAfter: () => Promise<State>;
  source?: VersionSource;
  rolledBackTo?: number;
}

const summaryOf = (row: Omit<repo.VersionRow, 'subject' | 'state'>): VersionSummary => ({
  n: row.n,
  at: row.created_at,
  personId: row.person_id,
  personName: row.person_name,
  source: row.source as VersionSource,
  rolledBackTo: row.rolled_back_to,
  keys: JSON.parse(row.keys) as string[],
});

/**
 * The numbered versions of one settings record (docs/decisions/0032-versions.md). A service calls
 * `record` in the transaction of each write, after writing: the version says who (the person making
 * the write), when, which keys changed from the version before, and the whole state after. The first
 * write also keeps the state before it as version 1, so the record can be rolled back to how it began.
 * `keep` versions are kept (0: all).
 */
export function createSettingVersions(db: AppDb, subject: string, keep: number) {
  async function add(n: number, state: State, keys: string[], source: VersionSource, rolledBackTo?: number) {
    // The state before history began is nobody's change.
    const actor = source === 'initial' ? undefined : currentActor();
    await repo.insertVersion(db, {
      subject,
      n,
      created_at: nowIso(),
      person_id: actor?.personId ?? null,
      ...(actor ? {} : { person_name: '' }),
      source,
      rolled_back_to: rolledBackTo ?? null,
      keys: JSON.stringify(keys),
      state: JSON.stringify(state),
    });
  }

  return {
    /** Makes the write's version; returns its number, or undefined when the write changed nothing. */
    async record({
      before,
      readAfter,
      source = 'edit',
      rolledBackTo,
    }: NewVersion): Promise<number | undefined> {
      let n = await repo.takeNextNumber(db, subject);
      let previous: State;
      if (n === 1) {
        await add(1, before, [], 'initial');
        previous = before;
        n = 2;
        await repo.setLastNumber(db, subject, n);
      } else {
        // Read after taking the number: the version before is committed (or this write's own).
        const row = await repo.findVersion(db, subject, n - 1);
        previous = row ? (JSON.parse(row.state) as State) : before;
      }
      const after = await readAfter();
      const keys = changedKeys(previous, after);
      if (keys.length === 0) {
        await repo.setLastNumber(db, subject, n - 1);
        return undefined;
      }
      await add(n, after, keys, source, rolledBackTo);
      if (keep > 0 && n > keep) await repo.removeVersionsBefore(db, subject, n - keep + 1);
      return n;
    },

    async list({ page, limit }: VersionListQuery): Promise<VersionListReply> {
      const { rows, total } = await repo.listVersions(db, subject, page, limit);
      return {
        status: true,
        message: versionMessages.listed,
        data: rows.map(summaryOf),
        total,
        totalPage: Math.ceil(total / limit),
      };
    },

    /** One version with its whole state; 404 when there is none numbered `n` (or it is no longer kept). */
    async get(n: number): Promise<VersionSummary & { state: State }> {
      const row = await repo.findVersion(db, subject, n);
      if (!row) throw notFound(versionMessages.notFound(n));
      return { ...summaryOf(row), state: JSON.parse(row.state) as State };
    },
  };
}

export type SettingVersions = ReturnType<typeof createSettingVersions>;
