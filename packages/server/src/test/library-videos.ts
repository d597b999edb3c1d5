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
