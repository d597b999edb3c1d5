import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { NotFound } from '@/ui/not-found';
import { RedirectIfSignedIn, RequireSignedIn } from './auth-gate';
import { screenOf } from './layout/screen-access';
import { RouteError } from './pages/route-error';
import { RootLayout } from './root-layout';
import { screenChunk } from './screen-chunk';

const signedInScreens: RouteObject[] = [
  {
    index: true,
    handle: screenOf('shortcut-stories'),
    lazy: screenChunk(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')),
  },
  {
    path: paths.shortcutStories.path,
    handle: screenOf('shortcut-stories'),
    lazy: screenChunk(() => import('@/features/shortcut-stories/pages/shortcut-stories-page')),
  },
  {
    path: paths.storyVideos.path,
    handle: screenOf('stories'),
    lazy: screenChunk(() => import('@/features/stories/pages/story-videos-page')),
  },
  {
    path: paths.storyAds.path,
    handle: screenOf('stories'),
    lazy: screenChunk(() => import('@/features/stories/pages/story-ads-page')),
  },
  {
    path: paths.editStoryVideo.path,
    handle: screenOf('stories'),
    lazy: screenChunk(() => import('@/features/stories/pages/edit-story-video-page')),
  },
  {
    path: paths.editStoryAd.path,
    handle: screenOf('stories'),
    lazy: screenChunk(() => import('@/features/stories/pages/edit-story-ad-page')),
  },
  {
    path: paths.controller.path,
    handle: screenOf('controller'),
    lazy: screenChunk(() => import('@/features/controller/pages/controller-page')),
  },
  {
    path: paths.reels.path,
    handle: screenOf('reels'),
    lazy: screenChunk(() => import('@/features/reels/pages/reels-page')),
  },
  {
    path: paths.policy.path,
    handle: screenOf('policy'),
    lazy: screenChunk(() => import('@/features/policy/pages/policy-page')),
  },
  {
    path: paths.liveMatches.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(() => import('@/features/live-matches/pages/live-matches-page')),
  },
  {
    path: paths.liveAds.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(() => import('@/features/live-matches/pages/live-ads-page')),
  },
  {
    path: paths.webLiveAds.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(() => import('@/features/live-matches/pages/web-live-ads-page')),
  },
  {
    path: paths.webLiveAdsHistory.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(() => import('@/features/live-matches/pages/web-live-ads-history-page')),
  },
  {
    path: paths.notifications.path,
    handle: screenOf('notifications'),
    lazy: screenChunk(() => import('@/features/notifications/pages/notifications-page')),
  },
  {
    path: paths.inHouseAds.path,
    handle: screenOf('inhouse-ads'),
    lazy: screenChunk(() => import('@/features/inhouse-ads/pages/inhouse-ads-page')),
  },
  {
    path: paths.editInHouseAd.path,
    handle: screenOf('inhouse-ads'),
    lazy: screenChunk(() => import('@/features/inhouse-ads/pages/edit-inhouse-ad-page')),
  },
  {
    path: paths.adUnits.path,
    handle: screenOf('ad-units'),
    lazy: screenChunk(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.AndroidAdUnitsPage })),
    ),
  },
  {
    path: paths.iosAdUnits.path,
    handle: screenOf('ad-units'),
    lazy: screenChunk(() =>
      import('@/features/ad-units/pages/ad-units-page').then((m) => ({ default: m.IosAdUnitsPage })),
    ),
  },
  {
    path: paths.analytics.path,
    handle: screenOf('analytics'),
    lazy: screenChunk(() => import('@/features/analytics/pages/analytics-page')),
  },
  {
    path: paths.videoUpload.path,
    handle: screenOf('videos'),
    lazy: screenChunk(() => import('@/features/videos/pages/video-upload-page')),
  },
  {
    path: paths.videoCategories.path,
    handle: screenOf('video-categories'),
    lazy: screenChunk(() => import('@/features/video-categories/pages/video-categories-page')),
  },
  {
    path: paths.videoLibrary.path,
    handle: screenOf('videos'),
    lazy: screenChunk(() => import('@/features/videos/pages/video-library-page')),
  },
  {
    path: paths.team.path,
    handle: screenOf('team'),
    lazy: screenChunk(() => import('@/features/team/pages/team-page')),
  },
  {
    path: paths.activity.path,
    handle: screenOf('activity'),
    lazy: screenChunk(() => import('@/features/activity/pages/activity-page')),
  },
  {
    path: paths.trash.path,
    handle: screenOf('trash'),
    lazy: screenChunk(() => import('@/features/trash/pages/trash-page')),
  },
  {
    path: paths.account.path,
    handle: screenOf('account'),
    lazy: screenChunk(() => import('@/features/account/pages/account-page')),
  },
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
