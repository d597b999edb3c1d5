import { describe, expect, it } from 'vitest';
import { screenCode, screenCodeFor, shellCode } from './screen-code';

describe('screenCodeFor', () => {
  it("gives a signed-in screen's path the shell's code and the screen's", () => {
    expect(screenCodeFor('/controller')).toEqual([shellCode, screenCode.controller]);
    expect(screenCodeFor('/views/dashboard/6b13b4')).toEqual([shellCode, screenCode.analytics]);
    expect(screenCodeFor('/')).toEqual([shellCode, screenCode.shortcutStories]);
  });

  it('ranks the paths as the router does: a fixed segment before a parameter', () => {
    expect(screenCodeFor('/manage/ads/inHouseAds/add')).toEqual([shellCode, screenCode.inHouseAds]);
    expect(screenCodeFor('/manage/ads/nativeAds/add')).toEqual([shellCode, screenCode.adUnits]);
    expect(screenCodeFor('/add/liveMatch/liveAdWeb/history')).toEqual([
      shellCode,
      screenCode.webLiveAdsHistory,
    ]);
  });

  it('matches in any case and with a trailing slash, as the router does', () => {
    expect(screenCodeFor('/Controller/')).toEqual([shellCode, screenCode.controller]);
  });

  it('gives nothing for the login page, the sign-out page or an unknown path', () => {
    expect(screenCodeFor('/admin/panel/login')).toEqual([]);
    expect(screenCodeFor('/Logout')).toEqual([]);
    expect(screenCodeFor('/no/such/screen')).toEqual([]);
  });
});
