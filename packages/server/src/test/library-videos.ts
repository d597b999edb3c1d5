import { expect } from 'vitest';
import { videoRoutes, type Video } from '@streamdesk/contract/videos';
import { form } from './media-fixtures.js';
import type { TestApp } from './test-app.js';

/** Uploads one library video through the form upload and answers it as the reply lists it. */
export async function uploadVideo(t: TestApp, category: string, name: string, data: Buffer): Promise<Video> {
  const res = await t.request({
    method: 'POST',
    url: videoRoutes.upload.path,
    payload: form({ category }, [{ field: 'video', name, data }]),
  });
  expect(res.statusCode).toBe(200);
  return (await t.json<{ data: Video[] }>(res)).data[0]!;
}

/**
 * Library videos written straight into the table (no files; a search test needs thousands), 500 to a
 * statement: `titles[i]` with the id `<prefix>0…0<i>` and the date `date(i)` (`from` plus `i` seconds).
 */
export async function writeVideoRows(
  t: TestApp,
  {
    prefix,
    category,
    titles,
    from,
    file = (i) => `${prefix}${i}.mp4`,
    web = (i) => i % 2,
    date = (i) => from + i * 1000,
  }: {
    prefix: string;
    category: string;
    titles: readonly string[];
    from: number;
    file?: (i: number) => string;
    web?: (i: number) => number;
    /** Row i's `created_at` in ms (`from` plus `i` seconds when not given). */
    date?: (i: number) => number;
  },
) {
  const rows = titles.map((title, i) => ({
    id: `${prefix}${String(i).padStart(21, '0')}`,
    category_id: category,
    title,
    file_name: file(i),
    web: web(i),
    video: `videos/${prefix}${i}.mp4`,
    thumbnail: `videos/${prefix}${i}.jpg`,
    created_at: new Date(date(i)).toISOString(),
  }));
  for (let at = 0; at < rows.length; at += 500)
    await t.app.streamdesk.context.db
      .insertInto('videos')
      .values(rows.slice(at, at + 500) as never)
      .execute();
}
