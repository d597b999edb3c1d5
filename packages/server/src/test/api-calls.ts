import { expect } from 'vitest';
import { form, mp4, PNG } from './media-fixtures.js';
import type { TestApp } from './test-app.js';

/** A request as the back office sends it: a JSON body, or a form of text fields and files. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  json?: unknown;
  fields?: Record<string, string>;
  files?: Upload[];
  /** Headers to send besides (or instead of) the api-key and the admin token. */
  headers?: Record<string, string>;
}
export type Upload = { field: string; name: string; data: Buffer };

export const image = (field = 'image'): Upload => ({ field, name: 'pic.png', data: PNG });
export const video = (): Upload => ({ field: 'video', name: 'clip.mp4', data: mp4(1) });
export const HTTPS_URL = 'https://example.com/x';

/** The text fields of a valid in-house ad (add it with an `icon` and an `image` file). */
export const INHOUSE_AD_FIELDS = {
  mainTitle: 'Ad',
  subTitle: 'Sub',
  medType: 'image',
  description: 'Desc',
  callToAction: HTTPS_URL,
  btnName: 'Install',
  web_stay_time: '5',
  adType: 'fs_web',
};

/** A valid story's insertData (add it with `addCall.story(JSON.stringify(STORY_DATA))`). */
export const STORY_DATA = {
  storyTime: 5,
  adsStory: false,
  btnName: 'Watch',
  btnUrl: HTTPS_URL,
  NTV: false,
  NTV_ID: '',
  status: true,
  maxviewLimit: 5,
  maxviewStatus: true,
  maxclickLimit: 0,
  maxclickStatus: false,
};

type Add = ApiCall & { method: 'POST' };

let categoriesAdded = 0;

/** A valid add of each kind of record, as the back office sends it: `storedId(t, addCall.x())` stores one. */
export const addCall = {
  story: (insertData: string): Add => ({
    method: 'POST',
    url: '/api/App/Add/Story/Video',
    fields: { insertData },
    files: [image()],
  }),
  shortcut: (): Add => ({
    method: 'POST',
    url: '/api/sortcut',
    fields: { name: 'Cricket', url: HTTPS_URL, s_no: '1', label: 'NEW' },
    files: [image()],
  }),
  liveMatch: (): Add => ({
    method: 'POST',
    url: '/api/App/liveMatch/admin',
    fields: { title: 'Final', url: HTTPS_URL },
    files: [image()],
  }),
  inhouseAd: (): Add => ({
    method: 'POST',
    url: '/api/App/inhouse/ads',
    fields: INHOUSE_AD_FIELDS,
    files: [image('icon'), image()],
  }),
  // Names differ from call to call: a category's name is unique (case-insensitively) among categories.
  category: (name = `Sports ${++categoriesAdded}`): Add => ({
    method: 'POST',
    url: '/api/App/video/category',
    fields: { name },
    files: [image()],
  }),
  reel: (): Add => ({ method: 'POST', url: '/api/App/reels', files: [video()] }),
  video: (category: string): Add => ({
    method: 'POST',
    url: '/api/App/video',
    fields: { category },
    files: [video()],
  }),
};

export function send(t: TestApp, call: ApiCall) {
  const payload =
    call.json !== undefined
      ? (call.json as object)
      : call.fields || call.files
        ? form(call.fields ?? {}, call.files ?? [])
        : undefined;
  return t.request({
    method: call.method,
    url: call.url,
    ...(payload === undefined ? {} : { payload }),
    ...(call.headers ? { headers: call.headers } : {}),
  });
}

/** Sends a call that must succeed and returns the `_id` of what it stored. */
export async function storedId(t: TestApp, call: ApiCall): Promise<string> {
  const res = await send(t, call);
  expect([call.url, res.statusCode, res.body.slice(0, 200)]).toEqual([call.url, 200, expect.any(String)]);
  const body = await t.json<{ data: { _id: string } | { _id: string }[] }>(res);
  const data = Array.isArray(body.data) ? body.data[0] : body.data;
  return data!._id;
}
