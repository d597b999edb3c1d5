import { appStory, type AppStory, type Story } from '@streamdesk/contract/stories';
import * as repo from './stories.repository.js';
import { nextPageWindow, withNextPage } from '../../platform/db/next-page.js';

/** The fields the app gets of a story: the contract's appStory says which. */
const APP_STORY_FIELDS = Object.keys(appStory.shape) as (keyof AppStory)[];

/** The app's copy of a story: what the back office alone reads is left out. */
function toAppStory(story: Story): AppStory {
  return Object.fromEntries(APP_STORY_FIELDS.map((field) => [field, story[field]])) as AppStory;
}

/**
 * What the app shows: active stories and ads whose limit is off or not reached, newest first, a page of
 * each (0048); `nextPage` while either has more.
 */
export async function shownStories(
  db: repo.Db,
  page: number,
  limit: number,
): Promise<{ data: AppStory[]; ads: AppStory[]; nextPage: number | null }> {
  const window = nextPageWindow(page, limit);
  const ofKind = async (ads: boolean) =>
    withNextPage(await repo.listShownStories(db, ads, window), page, limit);
  const [stories, ads] = await Promise.all([ofKind(false), ofKind(true)]);
  const shown = (rows: readonly repo.StoryRow[]) => rows.map((row) => toAppStory(repo.toStory(row)));
  return { data: shown(stories.rows), ads: shown(ads.rows), nextPage: stories.nextPage ?? ads.nextPage };
}
