import { matchRoutes } from 'react-router';
import { webPaths } from '@streamdesk/contract/web-paths';

// Each signed-in screen's code (a chunk of its own), named as its path is in the contract's webPaths, and
// the shell's: routes.tsx loads them as its lazy routes, and early-screen-code.ts asks for the opening
// path's before the router is made.

/** The signed-in chrome every screen below is drawn in. */
export const shellCode = () => import('./layout/shell');

const adUnitsCode = () => import('@/features/ad-units/pages/ad-units-page');

export const screenCode = {
  shortcutStories: () => import('@/features/shortcut-stories/pages/shortcut-stories-page'),
  storyVideos: () => import('@/features/stories/pages/story-videos-page'),
  storyAds: () => import('@/features/stories/pages/story-ads-page'),
  editStoryVideo: () => import('@/features/stories/pages/edit-story-video-page'),
  editStoryAd: () => import('@/features/stories/pages/edit-story-ad-page'),
  controller: () => import('@/features/controller/pages/controller-page'),
  reels: () => import('@/features/reels/pages/reels-page'),
  policy: () => import('@/features/policy/pages/policy-page'),
  liveMatches: () => import('@/features/live-matches/pages/live-matches-page'),
  liveAds: () => import('@/features/live-matches/pages/live-ads-page'),
  webLiveAds: () => import('@/features/live-matches/pages/web-live-ads-page'),
  webLiveAdsHistory: () => import('@/features/live-matches/pages/web-live-ads-history-page'),
  notifications: () => import('@/features/notifications/pages/notifications-page'),
  inHouseAds: () => import('@/features/inhouse-ads/pages/inhouse-ads-page'),
  editInHouseAd: () => import('@/features/inhouse-ads/pages/edit-inhouse-ad-page'),
  adUnits: adUnitsCode,
  iosAdUnits: adUnitsCode,
  analytics: () => import('@/features/analytics/pages/analytics-page'),
  videoUpload: () => import('@/features/videos/pages/video-upload-page'),
  videoCategories: () => import('@/features/video-categories/pages/video-categories-page'),
  videoLibrary: () => import('@/features/videos/pages/video-library-page'),
  team: () => import('@/features/team/pages/team-page'),
  activity: () => import('@/features/activity/pages/activity-page'),
  trash: () => import('@/features/trash/pages/trash-page'),
  account: () => import('@/features/account/pages/account-page'),
} satisfies Partial<Record<keyof typeof webPaths, () => Promise<unknown>>>;

type Name = keyof typeof screenCode;
const screens: { path: string; name: Name }[] = [
  // The index route ('/') is the shortcut list's.
  { path: webPaths.home, name: 'shortcutStories' },
  ...(Object.keys(screenCode) as Name[]).map((name) => ({ path: webPaths[name], name })),
];

/** The code a signed-in screen's path opens with: the shell and the screen's (none for another path). */
export function screenCodeFor(pathname: string): (() => Promise<unknown>)[] {
  // Ranked as the router ranks: /manage/ads/inHouseAds/add is the in-house screen's, not /manage/ads/:kind/add.
  const name = matchRoutes(screens, pathname)?.at(-1)?.route.name;
  return name ? [shellCode, screenCode[name]] : [];
}
