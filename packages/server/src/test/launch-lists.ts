import { expect } from 'vitest';
import type { LaunchList, LaunchListName } from '@streamdesk/contract/launch-lists';
import { TEST_API_KEY, type TestApp } from './test-app.js';

/** The launch reply's lists, as the app gets them. */
export async function launchLists(t: TestApp): Promise<Record<LaunchListName, LaunchList>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/App/Controler/app/loadCheck',
    headers: { 'api-key': TEST_API_KEY },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { lists: Record<LaunchListName, LaunchList> } }>().data.lists;
}

/**
 * Reads a launch list as an app does after loadCheck: at the path loadCheck names. Checks that the list's
 * reply carries the version loadCheck gave, and the ETag made of it; returns the reply's body.
 */
export async function readLaunchList<T = Record<string, unknown>>(
  t: TestApp,
  name: LaunchListName,
  expectedPath: string,
): Promise<T & { version: string }> {
  const named = (await launchLists(t))[name];
  expect(named.path).toBe(expectedPath);
  const res = await t.app.inject({ method: 'GET', url: named.path, headers: { 'api-key': TEST_API_KEY } });
  expect(res.statusCode).toBe(200);
  const body = res.json<T & { version: string }>();
  expect([body.version, res.headers.etag]).toEqual([named.version, `"${named.version}"`]);
  return body;
}
