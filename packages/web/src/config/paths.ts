import { webPaths as w } from '@streamdesk/contract/web-paths';

/**
 * Every route path of the back office, spelling included: the spec's paths are bookmarked by admins.
 * `path` is the router pattern (the contract's webPaths, which the server answers 200 for, other paths
 * 404), `getHref` builds a link.
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
  home: fixed(w.home),
  login: fixed(w.login),
  logout: fixed(w.logout),
  error: fixed(w.error),

  shortcutStories: fixed(w.shortcutStories),
  storyVideos: fixed(w.storyVideos),
  storyAds: fixed(w.storyAds),
  editStoryVideo: withId(w.editStoryVideo),
  editStoryAd: withId(w.editStoryAd),
  controller: fixed(w.controller),
  reels: fixed(w.reels),
  policy: fixed(w.policy),
  liveMatches: fixed(w.liveMatches),
  liveAds: fixed(w.liveAds),
  webLiveAds: fixed(w.webLiveAds),
  webLiveAdsHistory: fixed(w.webLiveAdsHistory),
  notifications: fixed(w.notifications),

  adUnits: {
    path: w.adUnits,
    getHref: (kind: AdKind) => `/manage/ads/${kind}/add`,
  },
  iosAdUnits: {
    path: w.iosAdUnits,
    getHref: (kind: AdKind) => `/manage/ads/ios/${kind}/add`,
  },
  inHouseAds: fixed(w.inHouseAds),
  editInHouseAd: withId(w.editInHouseAd),
  analytics: {
    path: w.analytics,
    getHref: (id: string, query: { q?: string; adsType?: 'web' } = {}) => {
      const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined));
      const qs = search.toString();
      return `/views/dashboard/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
    },
  },
  videoUpload: fixed(w.videoUpload),
  videoCategories: fixed(w.videoCategories),
  videoLibrary: fixed(w.videoLibrary),
  team: fixed(w.team),
  activity: fixed(w.activity),
  trash: fixed(w.trash),
  account: fixed(w.account),
  setPassword: fixed(w.setPassword),

  /** Served by the server from the public site bundle, not by this SPA. */
  site: fixed(w.site),
  sitePolicy: fixed(w.sitePolicy),
} as const;
