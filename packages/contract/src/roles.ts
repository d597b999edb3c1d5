/**
 * Who may do what in the back office. Every admin route declares the feature it belongs to and whether
 * it reads or changes it (`feature`, `access` beside its `auth` in the contract); this table turns a
 * person's role into yes or no for that pair. The server's guard, the OpenAPI document (`x-roles`) and
 * the web app all ask `mayCall`. See docs/decisions/0022-team-roles.md.
 */
export const ROLES = ['owner', 'admin', 'editor', 'analyst'] as const;
export type Role = (typeof ROLES)[number];

export const ACCESS = ['read', 'write'] as const;
export type Access = (typeof ACCESS)[number];

/** Each feature a route can belong to, with the words a refusal uses: "Analysts cannot change <words>". */
export const FEATURES = {
  /** One's own session: checking it, signing out, reading who one is. */
  account: 'their account',
  'system-stats': 'system stats',
  analytics: 'analytics',
  stories: 'stories',
  'shortcut-stories': 'shortcut stories',
  reels: 'reels',
  'video-categories': 'video categories',
  videos: 'videos',
  'live-matches': 'live matches',
  notifications: 'notifications',
  'ad-units': 'ads',
  'inhouse-ads': 'in-house ads',
  controller: 'the controller',
  policy: 'the policy',
  team: 'the team',
  /** The activity log: read by all but editors; its only write is a revert (admins and the owner). */
  activity: 'the activity log',
  /** Deleted items: restored by whoever may change their feature (editors too: Undo), read by all. */
  trash: 'the trash',
  /** Deleting from the trash forever: the owner and admins only. */
  'trash-purge': 'what the trash deletes forever',
  security: 'security settings',
} as const;
export type Feature = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];

/** A role's grant on a feature: `write` includes reading; absent means neither. */
export type Grant = Access | 'none';

const OWNER_ONLY: readonly Feature[] = ['team', 'security'];
/** What editors post and run; they only read the money and app settings (ads, controller, policy). */
const EDITED: readonly Feature[] = [
  'stories',
  'shortcut-stories',
  'reels',
  'video-categories',
  'videos',
  'live-matches',
  'notifications',
];

function grantOf(role: Role, feature: Feature): Grant {
  if (feature === 'account') return 'write';
  if (OWNER_ONLY.includes(feature)) return role === 'owner' ? 'write' : 'none';
  if (feature === 'activity') return role === 'editor' ? 'none' : role === 'analyst' ? 'read' : 'write';
  if (role === 'owner' || role === 'admin') return 'write';
  if (role === 'editor' && (EDITED.includes(feature) || feature === 'trash')) return 'write';
  return 'read';
}

/** Each role's grant on every feature: what `GET /api/admin/me` hands the web app. */
export const ROLE_GRANTS = Object.fromEntries(
  ROLES.map((role) => [role, Object.fromEntries(FEATURE_NAMES.map((f) => [f, grantOf(role, f)]))]),
) as Record<Role, Record<Feature, Grant>>;

export const mayCall = (role: Role, feature: Feature, access: Access): boolean => {
  const grant = ROLE_GRANTS[role][feature];
  return grant === 'write' || (grant === 'read' && access === 'read');
};

/** The roles that may call a route, in rank order (the OpenAPI `x-roles`). */
export const rolesFor = (feature: Feature, access: Access): Role[] =>
  ROLES.filter((role) => mayCall(role, feature, access));

const PLURAL: Record<Role, string> = {
  owner: 'Owners',
  admin: 'Admins',
  editor: 'Editors',
  analyst: 'Analysts',
};

/** The 403 message: "Analysts cannot change stories", "Admins cannot see the team". */
export const refusal = (role: Role, feature: Feature, access: Access): string =>
  `${PLURAL[role]} cannot ${access === 'read' ? 'see' : 'change'} ${FEATURES[feature]}`;

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
