import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { NotFound } from '@/ui/not-found';
import { RedirectIfSignedIn, RequireSignedIn } from './auth-gate';
import { RouteError } from './pages/route-error';
import { RootLayout } from './root-layout';

/** Each screen is its own chunk, fetched when its route is first visited (keeps login small). */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const signedInScreens: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')) },
  {
    path: paths.shortcutStories.path,
    lazy: page(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')),
  },
  { path: paths.storyVideos.path, lazy: page(() => import('@/features/stories/pages/story-videos-page')) },
  { path: paths.storyAds.path, lazy: page(() => import('@/features/stories/pages/story-ads-page')) },
  {
    path: paths.editStoryVideo.path,
    lazy: page(() => import('@/features/stories/pages/edit-story-video-page')),
  },
  { path: paths.editStoryAd.path, lazy: page(() => import('@/features/stories/pages/edit-story-ad-page')) },
  { path: paths.controller.path, lazy: page(() => import('@/features/controller/pages/controller-page')) },
  { path: paths.reels.path, lazy: page(() => import('@/features/reels/pages/reels-page')) },
  { path: paths.policy.path, lazy: page(() => import('@/features/policy/pages/policy-page')) },
  {
    path: paths.liveMatches.path,
    lazy: page(() => import('@/features/live-matches/pages/live-matches-page')),
  },
  { path: paths.liveAds.path, lazy: page(() => import('@/features/live-matches/pages/live-ads-page')) },
  {
    path: paths.webLiveAds.path,
    lazy: page(() => import('@/features/live-matches/pages/web-live-ads-page')),
  },
  {
    path: paths.webLiveAdsHistory.path,
    lazy: page(() => import('@/features/live-matches/pages/web-live-ads-history-page')),
  },
  {
    path: paths.notifications.path,
    lazy: page(() => import('@/features/notifications/pages/notifications-page')),
  },
  { path: paths.inHouseAds.path, lazy: page(() => import('@/features/inhouse-ads/pages/inhouse-ads-page')) },
  {
    path: paths.editInHouseAd.path,
    lazy: page(() => import('@/features/inhouse-ads/pages/edit-inhouse-ad-page')),
  },
  {
    path: paths.adUnits.path,
    lazy: page(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.AndroidAdUnitsPage })),
    ),
  },
  {
    path: paths.iosAdUnits.path,
    lazy: page(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.IosAdUnitsPage })),
    ),
  },
  { path: paths.analytics.path, lazy: page(() => import('@/features/analytics/pages/analytics-page')) },
  { path: paths.videoUpload.path, lazy: page(() => import('@/features/videos/pages/video-upload-page')) },
  {
    path: paths.videoCategories.path,
    lazy: page(() => import('@/features/video-categories/pages/video-categories-page')),
  },
  { path: paths.videoLibrary.path, lazy: page(() => import('@/features/videos/pages/video-library-page')) },
  { path: paths.error.path, lazy: page(() => import('./pages/error-page')) },
  { path: '*', Component: NotFound },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    errorElement: <RouteError />,
    children: [
      {
        Component: RedirectIfSignedIn,
        children: [{ path: paths.login.path, lazy: page(() => import('@/features/auth/pages/login-page')) }],
      },
      { path: paths.logout.path, lazy: page(() => import('@/features/auth/pages/logout-page')) },
      {
        Component: RequireSignedIn,
        children: [
          {
            path: '/',
            lazy: page(() => import('./layout/shell').then((m) => ({ default: m.Shell }))),
            errorElement: <RouteError />,
            children: signedInScreens,
          },
        ],
      },
    ],
  },
];
