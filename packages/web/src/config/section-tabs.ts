import { adKinds, paths, type AdKind } from './paths';

/**
 * The tab bars the spec gives each section (doc 1 and doc 2, section 2). The Story section also links
 * Reels (/story/add/reels), which the spec's navigation lists nowhere (docs/decisions/0016-stories.md).
 */
export const storyTabs = [
  { label: 'Shortcut', to: paths.shortcutStories.getHref(), aliases: [paths.home.getHref()] },
  { label: 'Story', to: paths.storyVideos.getHref() },
  { label: 'Story Ads', to: paths.storyAds.getHref() },
  { label: 'Reels', to: paths.reels.getHref() },
] as const;

export const liveMatchTabs = [
  { label: 'Live Match', to: paths.liveMatches.getHref() },
  { label: 'Ads', to: paths.liveAds.getHref() },
  { label: 'Ads Fire', to: paths.webLiveAds.getHref() },
  { label: 'Ads History', to: paths.webLiveAdsHistory.getHref() },
] as const;

export const videoTabs = [
  { label: 'Video', to: paths.videoUpload.getHref() },
  { label: 'Category', to: paths.videoCategories.getHref() },
  { label: 'Show', to: paths.videoLibrary.getHref() },
] as const;

export const adKindLabels: Record<AdKind, string> = {
  nativeAds: 'Native Ads',
  fullScreenAds: 'Full Screen Ads',
  bannerAds: 'Banner Ads',
  openAds: 'Open Ads',
  rewardAds: 'Reward Ads',
  webAds: 'Website Ads',
};

export const androidAdTabs = [
  ...adKinds.map((kind) => ({ label: adKindLabels[kind], to: paths.adUnits.getHref(kind) })),
  { label: 'In House Ads', to: paths.inHouseAds.getHref() },
];

export const iosAdTabs = adKinds.map((kind) => ({
  label: adKindLabels[kind],
  to: paths.iosAdUnits.getHref(kind),
}));

export const adPlatformTabs = [
  { label: 'Android', to: paths.adUnits.getHref('nativeAds') },
  { label: 'Apple', to: paths.iosAdUnits.getHref('nativeAds') },
] as const;
