import type { ShortcutStory } from '@streamdesk/contract/shortcut-stories';

/** Shortcut `n` (No `n`, 'Brand n') as the server lists it, for the screen tests; `over` on top. */
export const shortcutRow = (n: number, over: Partial<ShortcutStory> = {}): ShortcutStory => ({
  _id: `id${n}`,
  s_no: n,
  name: `Brand ${n}`,
  url: `https://brand${n}.example`,
  label: 'AD',
  logo: `/media/shortcut-stories/${n}.png`,
  clickCount: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
  version: String(n).padStart(16, '0'),
  ...over,
});

/** The shortcut list's reply with no shortcut yet (Not Running). */
export const emptyShortcutList = {
  status: true,
  message: 'ok',
  data: [],
  next_s_no: 1,
  secondStoryBrand: false,
  totalPage: 0,
  total: 0,
};
