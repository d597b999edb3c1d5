import { expect } from 'vitest';
import { addCall, image, send, STORY_DATA, storedId } from './api-calls.js';
import { TEST_ADMIN, type TestApp } from './test-app.js';

/**
 * The ids of the records a walk stored, by name (`kind:label`): the walk's writes edit and delete them,
 * and keep what they add under a name of their own.
 */
export class Records {
  private readonly ids = new Map<string, string>();

  set(name: string, id: string): void {
    this.ids.set(name, id);
  }

  get(name: string): string {
    const id = this.ids.get(name);
    if (id === undefined) throw new Error(`no record named ${name} was stored`);
    return id;
  }

  /** Every id kept under `kind:…`, deleted ones included (a read of one must answer as a cold server's). */
  all(kind: string): string[] {
    return [...this.ids].filter(([name]) => name.startsWith(`${kind}:`)).map(([, id]) => id);
  }
}

/** A story's insertData for an add or an edit, with these changes. */
export const storyData = (changes: Partial<typeof STORY_DATA> = {}) =>
  JSON.stringify({ ...STORY_DATA, ...changes });

/**
 * Stores, through the API, two or more of each thing the app reads (so its lists have a second page) and a
 * second admin session (signing it out must not end the walk's own).
 */
export async function storeRecords(t: TestApp): Promise<Records> {
  const r = new Records();
  const keep = async (name: string, call: Parameters<typeof storedId>[1]) =>
    r.set(name, await storedId(t, call));
  await keep('category:a', addCall.category('Sports'));
  await keep('category:b', addCall.category('Music'));
  await keep('video:a1', addCall.video(r.get('category:a')));
  await keep('video:a2', addCall.video(r.get('category:a')));
  await keep('video:b1', addCall.video(r.get('category:b')));
  await keep('reel:1', addCall.reel());
  await keep('reel:2', addCall.reel());
  await keep('story:1', addCall.story(storyData()));
  await keep('story:2', addCall.story(storyData({ btnName: 'Two' })));
  await keep('story:ads', addCall.story(storyData({ adsStory: true })));
  await keep('match:1', addCall.liveMatch());
  await keep('match:2', addCall.liveMatch());
  await keep('shortcut:1', addCall.shortcut());
  await keep('shortcut:2', addCall.shortcut());
  await keep('inhouse:1', addCall.inhouseAd());
  await keep('inhouse:2', addCall.inhouseAd());
  const notification = {
    method: 'POST' as const,
    url: '/api/App/notification/send',
    fields: { title: 'Tonight', message: 'At 8' },
    files: [image()],
  };
  const sent = await send(t, notification);
  expect([notification.url, sent.statusCode]).toEqual([notification.url, 200]);
  const { data } = await t.json<{ data: { _id: string; n_icon: string } }>(sent);
  r.set('notification:1', data._id);
  r.set('icon:1', data.n_icon);
  const { token } = await t.app.streamdesk.auth.login({
    a_email: TEST_ADMIN.email,
    a_password: TEST_ADMIN.password,
  });
  r.set('session:second', token);
  return r;
}
