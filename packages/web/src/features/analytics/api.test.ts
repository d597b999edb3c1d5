import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/render-app';
import { setRuntimeConfig } from '@/test/runtime';
import { clearAnalytics } from './api';

const range = { startDate: '2026-11-01', endDate: '2026-11-21' };
const query = '?startDate=2026-11-01&endDate=2026-11-21';
const webAd = (id: string) => ({
  _id: id,
  a_name: 'Promo',
  a_id: 'https://a.example',
  a_description: '',
  a_click: 3,
});
const cleared = { status: true, message: 'cleared', cleared: 1 };

/** Each platform's web list holds the given ads; every clear call answers `cleared`. */
function serve(lists: { android: string[]; ios: string[] }, ids: string[]) {
  const clears = Object.fromEntries(
    ids.flatMap((id) => [
      [`DELETE /api/App/ads/webads/count/remove/${id}`, cleared],
      [`DELETE /api/ios/ads/webads/count/remove/${id}`, cleared],
      [`DELETE /api/admin/view/dashbord/${id}`, cleared],
    ]),
  );
  const fetchMock = mockApi({
    'GET /api/App/ads/webads/admin/get': { status: true, message: '', data: lists.android.map(webAd) },
    'GET /api/ios/ads/webads/admin/get': { status: true, message: '', data: lists.ios.map(webAd) },
    ...clears,
  });
  return () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);
}

beforeEach(() => setRuntimeConfig());
afterEach(() => vi.unstubAllGlobals());

describe('clearAnalytics', () => {
  it("clears a web ad through its own platform's web clear call", async () => {
    const calls = serve({ android: ['a1'], ios: ['i1'] }, ['a1', 'i1']);
    await clearAnalytics('a1', range, true);
    await clearAnalytics('i1', range, true);
    expect(calls()).toEqual([
      'GET /api/App/ads/webads/admin/get',
      `DELETE /api/App/ads/webads/count/remove/a1${query}`,
      'GET /api/App/ads/webads/admin/get',
      'GET /api/ios/ads/webads/admin/get',
      `DELETE /api/ios/ads/webads/count/remove/i1${query}`,
    ]);
  });

  it('uses the analytics call for an item that is not a web ad, or a web ad no list holds', async () => {
    const calls = serve({ android: ['a1'], ios: [] }, ['a1', 'gone']);
    await clearAnalytics('gone', range, true);
    expect(calls().at(-1)).toBe(`DELETE /api/admin/view/dashbord/gone${query}`);
    await clearAnalytics('a1', range, false);
    expect(calls().at(-1)).toBe(`DELETE /api/admin/view/dashbord/a1${query}`);
    expect(calls()).toHaveLength(4);
  });
});
