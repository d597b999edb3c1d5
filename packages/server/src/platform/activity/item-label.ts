import type { Feature } from '@streamdesk/contract/roles';

/** What a feature's items are called in a label: `story #…`, `ad unit "Home"`. */
const ITEM_WORDS: Partial<Record<Feature, string>> = {
  stories: 'story',
  'shortcut-stories': 'shortcut story',
  reels: 'reel',
  'video-categories': 'category',
  videos: 'video',
  'live-matches': 'live match',
  notifications: 'notification',
  'ad-units': 'ad unit',
  'inhouse-ads': 'in-house ad',
  controller: 'controller',
  policy: 'policy',
  team: 'person',
  account: 'session',
  analytics: 'counts of',
};
const NAME_FIELDS = ['name', 'title', 'a_name', 'mainTitle', 'btnName', 'policy_title', 'email'];

/** A readable label for an item: its kind and its name, or its id when it has none. */
export function itemLabel(feature: Feature, item: Record<string, unknown> | undefined, id: string): string {
  const word = ITEM_WORDS[feature] ?? feature;
  const name = NAME_FIELDS.map((f) => item?.[f]).find((v) => typeof v === 'string' && v.trim() !== '');
  if (typeof name === 'string') return `${word} "${name.slice(0, 80)}"`;
  return id ? `${word} #${id}` : word;
}
