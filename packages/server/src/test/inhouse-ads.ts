import { expect } from 'vitest';
import { inHouseRoutes, type InHouseAd } from '@streamdesk/contract/inhouse-ads';
import { form, PNG } from './media-fixtures.js';
import type { TestApp } from './test-app.js';

/** Adds an image in-house ad through the API with these fields over plain ones; answers the ad. */
export async function createInHouseAd(t: TestApp, over: Record<string, string> = {}): Promise<InHouseAd> {
  const fields = {
    mainTitle: 'Ad',
    subTitle: 'Sub',
    description: 'Plain',
    medType: 'image',
    adType: 'fs_web',
  };
  const res = await t.request({
    method: 'POST',
    url: inHouseRoutes.list.path,
    payload: form({ ...fields, callToAction: 'https://example.com/app', ...over }, [
      { field: 'icon', name: 'icon.png', data: PNG },
      { field: 'image', name: 'image.png', data: PNG },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: InHouseAd }).data;
}
