import { SET_PASSWORD_PATH } from '@streamdesk/contract/team';

/**
 * Every route path of the back office (doc 1 and doc 2, section 2), spelling included: the spec's
 * paths are bookmarked by admins. `path` is the router pattern, `getHref` builds a link.
 * Shared (not under src/app) so features can link to each other's screens.
 */
const fixed = (path: string) => ({ path, getHref: () => path });
const withId = (path: string) => ({
  path,
  getHref: (id: string) => path.replace(':id', encodeURIComponent(id)),
});

export const adKinds = ['nativeAds', 'fullScreenAds', 'bannerAds', 'openAds', 'rewardAds', 'webAds'] as const;
export type AdKind = (typeof adKinds)[number];
export type AdPlatform = 'android' | 'ios';

export function isAdKind(value: string | undefined): value is AdKind {
  return (adKinds as readonly string[]).includes(value ?? '');
}

export const paths = {
  home: fixed('/'),
  login: fixed('/admin/panel/login'),
  logout: fixed('/Logout'),
  error: fixed('/Error'),

  shortcutStories: fixed('/add/story'),
  storyVideos: fixed('/add/story/video'),
  storyAds: fixed('/add/story/Ad'),
  editStoryVideo: withId('/update/story/video/:id'),
  editStoryAd: withId('/update/story/ads/:id'),
  controller: fixed('/controller'),
  reels: fixed('/story/add/reels'),
  policy: fixed('/policy'),
  liveMatches: fixed('/add/liveMatch'),
  liveAds: fixed('/add/liveMatch/liveAd'),
  webLiveAds: fixed('/add/liveMatch/liveAdWeb'),
  webLiveAdsHistory: fixed('/add/liveMatch/liveAdWeb/history'),
  notifications: fixed('/notification'),

  adUnits: {
    path: '/manage/ads/:kind/add',
    getHref: (kind: AdKind) => `/manage/ads/${kind}/add`,
  },
  iosAdUnits: {
    path: '/manage/ads/ios/:kind/add',
    getHref: (kind: AdKind) => `/manage/ads/ios/${kind}/add`,
  },
  inHouseAds: fixed('/manage/ads/inHouseAds/add'),
  editInHouseAd: withId('/manage/ads/inHouseAds/edit/:id'),
  analytics: {
    path: '/views/dashboard/:id',
    getHref: (id: string, query: { q?: string; adsType?: 'web' } = {}) => {
      const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined));
      const qs = search.toString();
      return `/views/dashboard/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
    },
  },
  videoUpload: fixed('/add/video'),
  videoCategories: fixed('/add/video/category'),
  videoLibrary: fixed('/show/video'),
  team: fixed('/team'),
  setPassword: fixed(SET_PASSWORD_PATH),

  /** Served by the server from the public site bundle, not by this SPA. */
  site: fixed('/site/'),
  sitePolicy: fixed('/site/policy'),
} as const;
