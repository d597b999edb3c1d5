import type { ActivityQuery } from '@streamdesk/contract/activity';
import type { FeatureContext } from '../../platform/feature-context.js';
import * as repo from './activity.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The activity log's reads and its retention; entries are written by the recorder (platform/activity). */
export function createActivityService(ctx: Pick<FeatureContext, 'db' | 'dialect' | 'config'>) {
  const { db } = ctx;

  return {
    async list(query: ActivityQuery) {
      const { rows, total } = await repo.listEntries(db, ctx.dialect, query);
      return { data: rows.map(repo.toEntry), total, totalPage: Math.ceil(total / query.limit) };
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
