import { describe, expect, it } from 'vitest';
import { activeNavKey } from './nav-items';

describe('activeNavKey', () => {
  it.each([
    ['/', 'story'],
    ['/add/story', 'story'],
    ['/add/story/Ad', 'story'],
    ['/update/story/video/abc', 'story'],
    ['/story/add/reels', 'story'],
    ['/policy', 'policy'],
    ['/add/video', 'video'],
    ['/add/video/category', 'video'],
    ['/show/video', 'video'],
    ['/add/liveMatch/liveAdWeb/history', 'liveMatch'],
    ['/manage/ads/ios/bannerAds/add', 'ads'],
    ['/views/dashboard/42', 'ads'],
    ['/trash', 'trash'],
    ['/controller', null],
    ['/notification', null],
    ['/nowhere', null],
  ])('%s -> %s', (path, key) => {
    expect(activeNavKey(path)).toBe(key);
  });
});
