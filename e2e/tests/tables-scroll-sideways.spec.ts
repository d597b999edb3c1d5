import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';
import { expectLeftOf, scrollBoxOf, scrollToEnd } from './layout-helpers.js';
import { addLiveMatch } from './live-match-helpers.js';

// A list wider than its box at a tablet's 768 px says so: a shade and a chevron at each edge with columns
// past it (the right one left of the sticky Actions column, which the columns pass under), and the box is
// a named region in the Tab order that arrow keys scroll. At a laptop's 1280 px, where the lists fit, none
// of it shows (docs/decisions/0013). Its own server: the match it adds stays out of the other files' lists.
test.use({ serverFor: 'tables-scroll-sideways' });

const TABLET = { width: 768, height: 1024 };
const title = 'Champions Trophy Final: India v Australia, live from Dubai';

/** The cue at an edge of the table's box: its words are said only through the region's description. */
const cueOf = (table: Locator, side: 'left' | 'right') =>
  scrollBoxOf(table)
    .locator('xpath=..')
    .getByText(`More columns to the ${side}`, { exact: true })
    .locator('xpath=..');

/**
 * At its start the list shows more to the right only; after an arrow key more to the left too; at its end
 * more to the left only; a click on the left chevron brings columns past the right edge again.
 */
async function expectCuesFollowScroll(page: Page, table: Locator, caption: string, actions: Locator) {
  const region = page.getByRole('region', { name: `${caption}, scrolls sideways` });
  await expect(region).toHaveAccessibleDescription('More columns to the right');
  await expect(cueOf(table, 'right')).toBeVisible();
  await expect(cueOf(table, 'left')).toBeHidden();
  // The shade ends where the Actions column starts: the buttons stay clear of it.
  await expectLeftOf(actions, cueOf(table, 'right'));

  // A keyboard user tabs to the box and scrolls it with an arrow key.
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cueOf(table, 'left')).toBeVisible();
  await expect(region).toHaveAccessibleDescription('More columns to the left More columns to the right');
  // Both cues shown, the region focused: axe-core (WCAG 2.1 A and AA, as accessibility.spec at 1280 px,
  // where no table scrolls) finds nothing, e.g. in the chevrons, which are out of the Tab order and unread.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await scrollToEnd(table);
  await expect(cueOf(table, 'right')).toBeHidden();
  await expect(cueOf(table, 'left')).toBeVisible();
  await expect(region).toHaveAccessibleDescription('More columns to the left');

  // A pointer's way back: the left chevron scrolls the box towards its start.
  await cueOf(table, 'left').locator('button').click();
  await expect(cueOf(table, 'right')).toBeVisible();
  await expect(region).toHaveAccessibleDescription(/More columns to the right$/);
}

/** Widened to a laptop's screen, the list fits: no region, no Tab stop, no cue. */
async function expectNoCueAt1280(page: Page, table: Locator, caption: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('region', { name: `${caption}, scrolls sideways` })).toHaveCount(0);
  await expect(scrollBoxOf(table)).not.toHaveAttribute('tabindex');
  await expect(
    scrollBoxOf(table)
      .locator('xpath=..')
      .getByText(/^More columns to the/),
  ).toHaveCount(0);
}

test('the live match list at 768 px shows the columns past its edges, as it scrolls', async ({
  sessionPage: page,
  api,
  media,
}) => {
  await addLiveMatch(api, media.png, title, 'https://stream.example.com/final/master.m3u8');
  await page.setViewportSize(TABLET);
  await page.goto('/add/liveMatch');
  const table = page.getByRole('table', { name: 'Live matches' });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('button', { name: `Edit ${title}`, exact: true })).toBeVisible();
  await shoot(page, 'tables-scroll-sideways-live-matches-768', { fullPage: false });
  await expectCuesFollowScroll(page, table, 'Live matches', row.getByRole('cell').last());
  await shoot(page, 'tables-scroll-sideways-live-matches-768-end', { fullPage: false });
  await expectNoCueAt1280(page, table, 'Live matches');
});

test('the team list at 768 px shows the columns past its edges, as it scrolls', async ({
  sessionPage: page,
}) => {
  await page.setViewportSize(TABLET);
  await page.goto('/team');
  const table = page.getByRole('table', { name: 'Team' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  await shoot(page, 'tables-scroll-sideways-team-768', { fullPage: false });
  await expectCuesFollowScroll(page, table, 'Team', row.getByRole('cell').last());
  await shoot(page, 'tables-scroll-sideways-team-768-end', { fullPage: false });
  await expectNoCueAt1280(page, table, 'Team');
});
