import type { ComponentType } from 'react';
import { mayCall, type Feature, type Role } from '@streamdesk/contract/roles';
import { paths } from '@/config/paths';
import {
  AccountIcon,
  AdsIcon,
  BellIcon,
  ControllerIcon,
  LiveIcon,
  LogoutIcon,
  PolicyIcon,
  StoryIcon,
  TeamIcon,
  ActivityIcon,
  TrashIcon,
  VideoIcon,
} from '@/ui/icons';

export type NavKey = 'policy' | 'video' | 'story' | 'liveMatch' | 'ads' | 'trash';

export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
  icon: ComponentType;
  /** The feature its screen shows: the item shows only to roles that may read it. */
  feature?: Feature;
}

/** The items a role may open; all of them while the role is not known yet. */
export const openableBy = <T extends { feature?: Feature }>(role: Role | undefined, items: readonly T[]) =>
  items.filter((item) => !item.feature || !role || mayCall(role, item.feature, 'read'));

/** The side navigation, in the spec's order (doc 1 section 2, "Chrome"), then the Trash. */
export const sideNavItems: readonly NavItem[] = [
  { key: 'policy', label: 'Policy', to: paths.policy.getHref(), icon: PolicyIcon, feature: 'policy' },
  { key: 'video', label: 'Video', to: paths.videoUpload.getHref(), icon: VideoIcon, feature: 'videos' },
  {
    key: 'story',
    label: 'Story',
    to: paths.shortcutStories.getHref(),
    icon: StoryIcon,
    feature: 'shortcut-stories',
  },
  {
    key: 'liveMatch',
    label: 'Live Match',
    to: paths.liveMatches.getHref(),
    icon: LiveIcon,
    feature: 'live-matches',
  },
  {
    key: 'ads',
    label: 'Ads Manager',
    to: paths.adUnits.getHref('nativeAds'),
    icon: AdsIcon,
    feature: 'ad-units',
  },
  // Issue 34: deleted items of every section, after the spec's sections.
  { key: 'trash', label: 'Trash', to: paths.trash.getHref(), icon: TrashIcon, feature: 'trash' },
];

/** Each link shows only to roles that may read its feature (the Team link: owners; My account: everyone). */
export const topBarLinks: readonly { label: string; to: string; icon: ComponentType; feature?: Feature }[] = [
  { label: 'Controller', to: paths.controller.getHref(), icon: ControllerIcon, feature: 'controller' },
  { label: 'Notification', to: paths.notifications.getHref(), icon: BellIcon, feature: 'notifications' },
  { label: 'Team', to: paths.team.getHref(), icon: TeamIcon, feature: 'team' },
  { label: 'Activity', to: paths.activity.getHref(), icon: ActivityIcon, feature: 'activity' },
  { label: 'My account', to: paths.account.getHref(), icon: AccountIcon, feature: 'account' },
  { label: 'Logout', to: paths.logout.getHref(), icon: LogoutIcon },
];

/**
 * The side-nav item a path belongs to, from its leading segments; the root path is the dashboard,
 * which is the Story section. Top-bar screens (controller, notification) have none.
 */
export function activeNavKey(pathname: string): NavKey | null {
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  switch (first) {
    case '':
      return 'story';
    case 'policy':
      return 'policy';
    case 'add':
      if (second === 'video') return 'video';
      if (second === 'liveMatch') return 'liveMatch';
      return second === 'story' ? 'story' : null;
    case 'show':
      return 'video';
    case 'story':
    case 'update':
      return 'story';
    case 'manage':
    case 'views':
      return 'ads';
    case 'trash':
      return 'trash';
    default:
      return null;
  }
}
