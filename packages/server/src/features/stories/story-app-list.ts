import { appStory, type AppStory, type Story } from '@streamdesk/contract/stories';
import * as repo from './stories.repository.js';

/** The fields the app gets of a story: the contract's appStory says which. */
const APP_STORY_FIELDS = Object.keys(appStory.shape) as (keyof AppStory)[];

/** The app's copy of a story: what the back office alone reads is left out. */
function toAppStory(story: Story): AppStory {
  return Object.fromEntries(APP_STORY_FIELDS.map((field) => [field, story[field]])) as AppStory;
}

/** What the app shows: active stories and ads whose limit is off or not reached. */
export async function shownStories(db: repo.Db): Promise<{ data: AppStory[]; ads: AppStory[] }> {
  const rows = (await repo.listShownStories(db)).map((row) => toAppStory(repo.toStory(row)));
  return { data: rows.filter((s) => !s.adsStory), ads: rows.filter((s) => s.adsStory) };
}
