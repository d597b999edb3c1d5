import type { Page } from '@playwright/test';
import type { Api } from '../fixtures.js';

/**
 * Uploads one client may send at once: the server's UPLOADS_PER_CLIENT default (4); one more is a 429
 * with its connection closed.
 */
export const UPLOADS_AT_ONCE = 4;

/** Adds `count` image stories through the API, a few at a time, the first added the oldest. */
export async function seedImageStories(api: Api, image: string, count: number) {
  const insertData = JSON.stringify({ btnName: 'Go', btnUrl: 'https://example.com' });
  for (let i = 0; i < count; i += UPLOADS_AT_ONCE)
    await Promise.all(
      Array.from({ length: Math.min(UPLOADS_AT_ONCE, count - i) }, () =>
        api.upload('POST', '/api/App/Add/Story/Video', { insertData }, { image }),
      ),
    );
}

/** Deletes every story video and image, whatever the page. */
export async function clearStoryVideos(api: Api) {
  const { data } = (await api.call('GET', '/api/App/all/only/story/video?page=1&limit=1000')) as {
    data: { _id: string }[];
  };
  if (data.length)
    await api.call('DELETE', '/api/App/delete/story/video', { body: { id: data.map((s) => s._id) } });
}

/** A row button (Play, Edit, Delete) of story `no` in a story list. */
export const rowButton = (page: Page, no: number, action: 'Play' | 'Edit' | 'Delete') =>
  page.getByRole('button', { name: `${action} story ${no}`, exact: true }).first();

/** The status switch of story `no` in a story list. */
export const statusSwitch = (page: Page, no: number) =>
  page.getByRole('switch', { name: `Status of story ${no}`, exact: true }).first();

interface ListedStory {
  _id: string;
  btnName: string;
  btnUrl: string;
  status: boolean;
}

/** The story videos and images as listed, newest first. */
export async function listStoryVideos(api: Api) {
  const { data } = (await api.call('GET', '/api/App/all/only/story/video?page=1&limit=200')) as {
    data: ListedStory[];
  };
  return data;
}

/**
 * Another admin's edit of a story, as a client that sends no version does: its fields as stored, with
 * `change` on top.
 */
export async function editStoryElsewhere(api: Api, story: ListedStory, change: Partial<ListedStory>) {
  await api.upload(
    'PUT',
    '/api/App/Edit/story/video',
    { _id: JSON.stringify(story._id), insertData: JSON.stringify({ ...story, ...change }) },
    {},
  );
}
