import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageLoader } from '@/ui/full-page-loader';
import { NotFound } from '@/ui/not-found';
import { RedirectIfSignedIn, RequireSignedIn } from './auth-gate';
import { screenOf } from './layout/screen-handle';
import { RouteError } from './pages/route-error';
import { RootLayout } from './root-layout';
import { screenChunk } from './screen-chunk';
import { screenCode, shellCode } from './screen-code';

const signedInScreens: RouteObject[] = [
  {
    index: true,
    handle: screenOf('shortcut-stories'),
    lazy: screenChunk(screenCode.shortcutStories),
  },
  {
    path: paths.shortcutStories.path,
    handle: screenOf('shortcut-stories'),
    lazy: screenChunk(screenCode.shortcutStories),
  },
  {
    path: paths.storyVideos.path,
    handle: screenOf('stories'),
    lazy: screenChunk(screenCode.storyVideos),
  },
  {
    path: paths.storyAds.path,
    handle: screenOf('stories'),
    lazy: screenChunk(screenCode.storyAds),
  },
  {
    path: paths.editStoryVideo.path,
    handle: screenOf('stories'),
    lazy: screenChunk(screenCode.editStoryVideo),
  },
  {
    path: paths.editStoryAd.path,
    handle: screenOf('stories'),
    lazy: screenChunk(screenCode.editStoryAd),
  },
  {
    path: paths.controller.path,
    handle: screenOf('controller'),
    lazy: screenChunk(screenCode.controller),
  },
  {
    path: paths.reels.path,
    handle: screenOf('reels'),
    lazy: screenChunk(screenCode.reels),
  },
  {
    path: paths.policy.path,
    handle: screenOf('policy'),
    lazy: screenChunk(screenCode.policy),
  },
  {
    path: paths.liveMatches.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(screenCode.liveMatches),
  },
  {
    path: paths.liveAds.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(screenCode.liveAds),
  },
  {
    path: paths.webLiveAds.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(screenCode.webLiveAds),
  },
  {
    path: paths.webLiveAdsHistory.path,
    handle: screenOf('live-matches'),
    lazy: screenChunk(screenCode.webLiveAdsHistory),
  },
  {
    path: paths.notifications.path,
    handle: screenOf('notifications'),
    lazy: screenChunk(screenCode.notifications),
  },
  {
    path: paths.inHouseAds.path,
    handle: screenOf('inhouse-ads'),
    lazy: screenChunk(screenCode.inHouseAds),
  },
  {
    path: paths.editInHouseAd.path,
    handle: screenOf('inhouse-ads'),
    lazy: screenChunk(screenCode.editInHouseAd),
  },
  {
    path: paths.adUnits.path,
    handle: screenOf('ad-units'),
    lazy: screenChunk(() => screenCode.adUnits().then((m) => ({ default: m.AndroidAdUnitsPage }))),
  },
  {
    path: paths.iosAdUnits.path,
    handle: screenOf('ad-units'),
    lazy: screenChunk(() => screenCode.iosAdUnits().then((m) => ({ default: m.IosAdUnitsPage }))),
  },
  {
    path: paths.analytics.path,
    handle: screenOf('analytics'),
    lazy: screenChunk(screenCode.analytics),
  },
  {
    path: paths.videoUpload.path,
    handle: screenOf('videos'),
    lazy: screenChunk(screenCode.videoUpload),
  },
  {
    path: paths.videoCategories.path,
    handle: screenOf('video-categories'),
    lazy: screenChunk(screenCode.videoCategories),
  },
  {
    path: paths.videoLibrary.path,
    handle: screenOf('videos'),
    lazy: screenChunk(screenCode.videoLibrary),
  },
  {
    path: paths.team.path,
    handle: screenOf('team'),
    lazy: screenChunk(screenCode.team),
  },
  {
    path: paths.activity.path,
    handle: screenOf('activity'),
    lazy: screenChunk(screenCode.activity),
  },
  {
    path: paths.trash.path,
    handle: screenOf('trash'),
    lazy: screenChunk(screenCode.trash),
  },
  {
    path: paths.account.path,
    handle: screenOf('account'),
    lazy: screenChunk(screenCode.account),
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
            lazy: screenChunk(() => shellCode().then((m) => ({ default: m.Shell }))),
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
