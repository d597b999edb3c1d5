import {
  activityMessages,
  HIDDEN_VALUE,
  type ActivityEntry,
  type ActivityQuery,
} from '@streamdesk/contract/activity';
import type { Feature } from '@streamdesk/contract/roles';
import { noteActivity, unnoted } from '../../platform/activity/activity-recorder.js';
import type { Reverter } from '../../platform/activity/reverts.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { FeatureContext } from '../../platform/feature-context.js';
import * as repo from './activity.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Entry = Omit<ActivityEntry, 'revertable'>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The activity log's reads, its reverts and its retention; entries are written by the recorder (platform/activity). */
export function createActivityService(
  ctx: Pick<FeatureContext, 'db' | 'readDb' | 'dialect' | 'config' | 'reverts'>,
) {
  const { db } = ctx;

  /** The reverters that could write this entry's fields back: an update with no secret among them (0031). */
  const revertersOf = (e: Entry): readonly Reverter[] =>
    e.action !== 'update' ||
    e.changes.length === 0 ||
    e.changes.some((c) => c.before === HIDDEN_VALUE || c.after === HIDDEN_VALUE)
      ? []
      : ctx.reverts
          .of(e.feature)
          .filter((r) => !r.fields || e.changes.every((c) => r.fields!.includes(c.field)));

  const withRevertable = (e: Entry): ActivityEntry => ({ ...e, revertable: revertersOf(e).length > 0 });

  /** SQLite: whether entries wait for the search index (0065); PostgreSQL writes it with the entry. */
  const entriesWaiting = async () => ctx.dialect === 'sqlite' && (await repo.entriesPending(ctx.readDb));

  return {
    async list(query: ActivityQuery) {
      // SQLite: the entries written since the index was last brought up to date are indexed first, so a
      // search finds every entry written before it (0065). Should that fail (another process's write
      // between its read and its write), the search answers without the newest entries and the
      // server's batch (which logs its failures) indexes them a few seconds later.
      if (query.q && (await entriesWaiting())) await repo.indexPendingEntries(db).catch(() => 0);
      const { rows, total, totalCapped } = await repo.listEntries(ctx.readDb, ctx.dialect, query);
      return {
        data: rows.map((row) => withRevertable(repo.toEntry(row))),
        total,
        totalPage: Math.ceil(total / query.limit),
        totalCapped,
      };
    },

    /**
     * Writes an update entry's before values back through its feature's service (its lock, rules and
     * cache), refused (409) when the item's fields are no longer the entry's after values; the revert is
     * itself an entry (action `revert`), in the same transaction.
     */
    async revert(id: string): Promise<void> {
      const row = await repo.findEntry(db, id);
      if (!row) throw notFound(activityMessages.notFound);
      const entry = repo.toEntry(row);
      const candidates = revertersOf(entry);
      if (candidates.length === 0) throw badRequest(activityMessages.notRevertable);
      let reverter: Reverter | undefined;
      for (const r of candidates) if (!reverter && (await r.owns(entry.itemId))) reverter = r;
      if (!reverter) throw conflict(activityMessages.itemGone(entry.label));
      const before = Object.fromEntries(entry.changes.map((c) => [c.field, c.before ?? null]));
      const after = Object.fromEntries(entry.changes.map((c) => [c.field, c.after ?? null]));
      await unnoted(() =>
        reverter.revert(entry.itemId, before, (current) => {
          if (entry.changes.some((c) => !same(current[c.field], c.after)))
            throw conflict(activityMessages.changedSince(entry.label));
        }),
      );
      noteActivity({
        action: 'revert',
        feature: entry.feature as Feature,
        itemId: entry.itemId,
        label: entry.label,
        before: after,
        after: before,
      });
    },

    /** SQLite: indexes the entries waiting for the search index (0065); answers how many. */
    async indexPending(): Promise<number> {
      return (await entriesWaiting()) ? repo.indexPendingEntries(db) : 0;
    },

    /** Removes entries past ACTIVITY_RETENTION_DAYS (none when it is 0); returns how many went. */
    purge(now = Date.now()): Promise<number> {
      const days = ctx.config.activityRetentionDays;
      if (days === 0) return Promise.resolve(0);
      return repo.deleteEntriesBefore(db, new Date(now - days * DAY_MS).toISOString());
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
