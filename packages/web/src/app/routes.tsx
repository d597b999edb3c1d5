import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { NotFound } from '@/ui/not-found';
import { RedirectIfSignedIn, RequireSignedIn } from './auth-gate';
import { RouteError } from './pages/route-error';
import { RootLayout } from './root-layout';
import { screenChunk } from './screen-chunk';

const signedInScreens: RouteObject[] = [
  { index: true, lazy: screenChunk(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')) },
  {
    path: paths.shortcutStories.path,
    lazy: screenChunk(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')),
  },
  {
    path: paths.storyVideos.path,
    lazy: screenChunk(() => import('@/features/stories/pages/story-videos-page')),
  },
  { path: paths.storyAds.path, lazy: screenChunk(() => import('@/features/stories/pages/story-ads-page')) },
  {
    path: paths.editStoryVideo.path,
    lazy: screenChunk(() => import('@/features/stories/pages/edit-story-video-page')),
  },
  {
    path: paths.editStoryAd.path,
    lazy: screenChunk(() => import('@/features/stories/pages/edit-story-ad-page')),
  },
  {
    path: paths.controller.path,
    lazy: screenChunk(() => import('@/features/controller/pages/controller-page')),
  },
  { path: paths.reels.path, lazy: screenChunk(() => import('@/features/reels/pages/reels-page')) },
  { path: paths.policy.path, lazy: screenChunk(() => import('@/features/policy/pages/policy-page')) },
  {
    path: paths.liveMatches.path,
    lazy: screenChunk(() => import('@/features/live-matches/pages/live-matches-page')),
  },
  {
    path: paths.liveAds.path,
    lazy: screenChunk(() => import('@/features/live-matches/pages/live-ads-page')),
  },
  {
    path: paths.webLiveAds.path,
    lazy: screenChunk(() => import('@/features/live-matches/pages/web-live-ads-page')),
  },
  {
    path: paths.webLiveAdsHistory.path,
    lazy: screenChunk(() => import('@/features/live-matches/pages/web-live-ads-history-page')),
  },
  {
    path: paths.notifications.path,
    lazy: screenChunk(() => import('@/features/notifications/pages/notifications-page')),
  },
  {
    path: paths.inHouseAds.path,
    lazy: screenChunk(() => import('@/features/inhouse-ads/pages/inhouse-ads-page')),
  },
  {
    path: paths.editInHouseAd.path,
    lazy: screenChunk(() => import('@/features/inhouse-ads/pages/edit-inhouse-ad-page')),
  },
  {
    path: paths.adUnits.path,
    lazy: screenChunk(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.AndroidAdUnitsPage })),
    ),
  },
  {
    path: paths.iosAdUnits.path,
    lazy: screenChunk(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.IosAdUnitsPage })),
    ),
  },
  {
    path: paths.analytics.path,
    lazy: screenChunk(() => import('@/features/analytics/pages/analytics-page')),
  },
  {
    path: paths.videoUpload.path,
    lazy: screenChunk(() => import('@/features/videos/pages/video-upload-page')),
  },
  {
    path: paths.videoCategories.path,
    lazy: screenChunk(() => import('@/features/video-categories/pages/video-categories-page')),
  },
  {
    path: paths.videoLibrary.path,
    lazy: screenChunk(() => import('@/features/videos/pages/video-library-page')),
  },
  { path: paths.team.path, lazy: screenChunk(() => import('@/features/team/pages/team-page')) },
  { path: paths.error.path, lazy: screenChunk(() => import('./pages/error-page')) },
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
        children: [
          { path: paths.login.path, lazy: screenChunk(() => import('@/features/auth/pages/login-page')) },
        ],
      },
      {
        path: paths.setPassword.path,
        lazy: screenChunk(() => import('@/features/team/pages/set-password-page')),
      },
      { path: paths.logout.path, lazy: screenChunk(() => import('@/features/auth/pages/logout-page')) },
      {
        Component: RequireSignedIn,
        children: [
          {
            path: '/',
            lazy: screenChunk(() => import('./layout/shell').then((m) => ({ default: m.Shell }))),
            errorElement: <RouteError />,
            // A screen that fails (its code did not arrive, or it broke) shows its error inside the shell,
            // so the navigation stays.
            children: [{ errorElement: <RouteError />, children: signedInScreens }],
          },
        ],
      },
    ],
  },
];
