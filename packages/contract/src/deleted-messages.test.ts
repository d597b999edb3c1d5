import { describe, expect, it } from 'vitest';
import { fireHistoryDeletedMessage, liveMatchesDeletedMessage } from './live-matches.js';
import { notificationsDeletedMessage } from './notifications.js';
import { reelsDeletedMessage } from './reels.js';
import { shortcutsDeletedMessage } from './shortcut-stories.js';
import { storiesDeletedMessage } from './stories.js';

// Every list's delete: its own words for one item, the count for more (a bulk delete of 2 had said the
// one-item words on Shortcut stories and Ads History).
describe("the lists' delete messages", () => {
  it.each([
    [
      shortcutsDeletedMessage,
      'Shortcut story deleted successfully',
      '2 shortcut stories deleted successfully',
    ],
    [fireHistoryDeletedMessage, 'History deleted successfully', '2 history entries deleted successfully'],
    [storiesDeletedMessage, 'Story deleted successfully', '2 stories deleted successfully'],
    [reelsDeletedMessage, 'Reel deleted successfully', '2 reels deleted successfully'],
    [liveMatchesDeletedMessage, 'Live match deleted successfully', '2 live matches deleted successfully'],
    [
      notificationsDeletedMessage,
      'Notification deleted successfully',
      '2 notifications deleted successfully',
    ],
  ])('%#: one, then two', (message, one, two) => {
    expect(message(1)).toBe(one);
    expect(message(2)).toBe(two);
  });
});
