import type { ItemCounter } from '../../platform/item-counter.js';
import * as repo from './shortcut-stories.repository.js';
import { SHORTCUT_TAG } from './shortcut-stories.service.js';

/** The shortcut stories' clicks, counted from app events. No tag: no cached reply holds the totals. */
export const shortcutCounter: ItemCounter = {
  itemsTag: SHORTCUT_TAG,
  items: (db, ids) => repo.countedShortcuts(db, ids),
  async addTotals(db, changes) {
    await repo.addShortcutCounts(db, changes);
    return [];
  },
};
