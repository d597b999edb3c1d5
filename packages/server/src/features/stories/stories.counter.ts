import { limitReached } from '@streamdesk/contract/stories';
import type { AppDb } from '../../platform/db/database.js';
import type { ItemCounter, TotalsChange } from '../../platform/item-counter.js';
import * as repo from './stories.repository.js';
import { STORIES_TAG } from './stories.service.js';

/**
 * Counts change what the app is shown only when they take an active story across its view or click
 * limit, so only then is the stories tag invalidated. Exact, so the cut-off applies with the flush that
 * reaches the limit, and a clear below it shows the story again.
 */
async function limitCrossings(db: AppDb, added: readonly TotalsChange[]): Promise<readonly string[]> {
  const byId = new Map(added.map((a) => [a.id, a]));
  const rows = await repo.findLimitedStories(db, [...byId.keys()]);
  const crossed = rows.some((row) => {
    const now = repo.toStory(row);
    const { view, click } = byId.get(row.id) ?? { view: 0, click: 0 };
    const before = { ...now, view: now.view - view, clickBtnCount: now.clickBtnCount - click };
    return limitReached(now) !== limitReached(before);
  });
  return crossed ? [STORIES_TAG] : [];
}

/**
 * The stories' views and button clicks, counted from app events. No tag on every count: the app's reads
 * carry no counts (appStory), so counting rebuilds nothing unless a story crosses its limit.
 */
export const storyCounter: ItemCounter = {
  itemsTag: STORIES_TAG,
  items: (db, ids) => repo.countedStories(db, ids),
  async addTotals(db, changes) {
    await repo.addStoryCounts(db, changes);
    return limitCrossings(db, changes);
  },
};
