/**
 * The router patterns of the back office's screens (doc 1 and doc 2, section 2), spelling included, and of
 * the public site. Shared so the server answers a path no screen has with 404 (still with the SPA page,
 * whose router shows its not-found screen) and a screen's path with 200.
 */
export const webPaths = {
  home: '/',
  login: '/admin/panel/login',
  logout: '/Logout',
  error: '/Error',
  shortcutStories: '/add/story',
  storyVideos: '/add/story/video',
  storyAds: '/add/story/Ad',
  editStoryVideo: '/update/story/video/:id',
  editStoryAd: '/update/story/ads/:id',
  controller: '/controller',
  reels: '/story/add/reels',
  policy: '/policy',
  liveMatches: '/add/liveMatch',
  liveAds: '/add/liveMatch/liveAd',
  webLiveAds: '/add/liveMatch/liveAdWeb',
  webLiveAdsHistory: '/add/liveMatch/liveAdWeb/history',
  notifications: '/notification',
  adUnits: '/manage/ads/:kind/add',
  iosAdUnits: '/manage/ads/ios/:kind/add',
  inHouseAds: '/manage/ads/inHouseAds/add',
  editInHouseAd: '/manage/ads/inHouseAds/edit/:id',
  analytics: '/views/dashboard/:id',
  videoUpload: '/add/video',
  videoCategories: '/add/video/category',
  videoLibrary: '/show/video',
  team: '/team',
  activity: '/activity',
  trash: '/trash',
  account: '/account',
  /**
   * A set-password link's page (team.ts's SET_PASSWORD_PATH). Spelt here, not imported from team.ts: every
   * screen imports this module as the app starts, and team.ts would build its schemas there too.
   */
  setPassword: '/set-password',
  /** Served from the public site bundle, not by the admin SPA. */
  site: '/site/',
  sitePolicy: '/site/policy',
} as const;

/**
 * A screen's path pattern as the router matches it: any case, an optional trailing slash, one segment per
 * `:param`. Also the admin page's own early request for its opening screen's code (web screen-preload.ts).
 */
export const pathPattern = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/\/$/, '')
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );

const patterns = Object.values(webPaths).map(pathPattern);

/** Whether a URL path (no query) is one of the screens' paths. */
export function isWebPath(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
