import { z } from 'zod';
import { pageQuery, pageSize } from './http.js';

/**
 * The app's launch lists (docs/decisions/0007-app-reads.md): the launch reply names each list the app
 * shows (stories, shortcuts, live matches, in-house ads, the ad configuration of each platform) by its
 * path and the version it has now; each list's own read carries the same `version`. An app that kept a
 * list with the version loadCheck names skips reading it again; on a cold start, or when a version
 * differs, it reads the path.
 */

/** A list version: the first 16 hex digits of a SHA-256 of the list reply without it. */
export const LIST_VERSION_PATTERN = /^[0-9a-f]{16}$/;
export const listVersion = z.string().regex(LIST_VERSION_PATTERN);

/** The field a versioned list reply carries its version in. */
export const LIST_VERSION_FIELD = 'version';

/** One list named by the launch reply. */
export const launchList = z.object({
  /** The app path that serves the list, query string included. */
  path: z.string(),
  /** The list's version now: equal to the `version` of a kept copy, that copy is current. */
  version: listVersion,
});
export type LaunchList = z.infer<typeof launchList>;

/** The lists the launch reply names, by the names it gives them. */
export const launchLists = z.object({
  /** GET /api/App/stories: the stories and story ads the app shows. */
  stories: launchList,
  /** GET /api/App/sortcut: the shortcut stories. */
  shortcuts: launchList,
  /** GET /api/App/liveMatch/active: the active live matches. */
  liveMatches: launchList,
  /** GET /api/App/inhouse/ads/active: the active in-house ads. */
  inHouseAds: launchList,
  /** GET /api/App/ads/config?platform=android: the Android ad units. */
  androidAdUnits: launchList,
  /** GET /api/App/ads/config?platform=ios: the Apple ad units. */
  iosAdUnits: launchList,
});
export type LaunchListName = keyof z.infer<typeof launchLists>;

/** The largest page of a launch list an app may ask for. */
export const LAUNCH_PAGE_MAX = 100;

/**
 * A launch list is read a page at a time (docs/decisions/0048-search-indexes.md): the launch reply names
 * page 1 at the list's own size, what an app shows at once, newest first; `page` and `limit` read on.
 */
export const launchPageQuery = (size: number) =>
  z.object({ page: pageQuery.shape.page, limit: pageSize(size, LAUNCH_PAGE_MAX) });

/** The field of a launch list page that says which page follows it: its number, or null on the last. */
export const nextPage = z.number().int().nullable();
