import type { Locator, Page } from '@playwright/test';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { expect, test, type Api } from '../fixtures.js';
import { askCancelThenLeave, askedBy } from './leave-guard-helpers.js';
import { addLiveMatch } from './live-match-helpers.js';
import { shoot } from '../shots.js';
import { nextReply } from './route-replies.js';

/**
 * A live match row's inline edit and the in-house ad edit page ask before a sidebar link drops what is
 * typed: Cancel stays with the text, 'Leave without saving' goes and nothing is saved (issue 36).
 */

/**
 * Adds a live match titled `title`, opens the list, and types `typed` as its title in its row's edit; `run`
 * goes on from there (the row and the match's id); the match is deleted after.
 */
async function withChangedMatchRow(
  { page, api, media }: { page: Page; api: Api; media: { png: string } },
  title: string,
  typed: string,
  run: (row: Locator, id: string) => Promise<void>,
) {
  const id = await addLiveMatch(api, media.png, title, 'https://stream.example.com/derby');
  try {
    await page.goto('/add/liveMatch');
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    const row = page.getByRole('row', { name: `Editing ${title}` });
    await row.getByLabel('Edit title').fill(typed);
    await run(row, id);
  } finally {
    await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: [id] }, seal: true });
  }
}

test('a live match row edited inline asks before a sidebar link leaves it', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await withChangedMatchRow(
    { page, api, media },
    'Guarded Derby',
    'Guarded Derby, replay',
    async (row, id) => {
      const title = row.getByLabel('Edit title');
      await askCancelThenLeave(
        page,
        'the live match being edited',
        () => expect(title).toHaveValue('Guarded Derby, replay'),
        'leave-guard-live-match-row',
      );
      const list = await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100');
      expect((list.data as { _id: string; title: string }[]).find((m) => m._id === id)?.title).toBe(
        'Guarded Derby',
      );
    },
  );
});

test('the in-house ad edit page asks before a sidebar link leaves it', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const added = await api.upload(
    'POST',
    '/api/App/inhouse/ads',
    {
      mainTitle: 'Guarded promo',
      subTitle: 'Guarded subtitle',
      description: 'Guarded description',
      callToAction: 'https://example.com/guarded',
      web_stay_time: '3',
    },
    { icon: media.png, image: media.png },
  );
  const id = (added.data as { _id: string })._id;
  try {
    await page.goto(`/manage/ads/inHouseAds/edit/${id}`);
    const subtitle = page.getByLabel('Subtitle');
    await expect(subtitle).toHaveValue('Guarded subtitle');
    await subtitle.fill('Guarded subtitle, half price');

    await askCancelThenLeave(
      page,
      'the in-house ad',
      () => expect(subtitle).toHaveValue('Guarded subtitle, half price'),
      'leave-guard-inhouse-edit',
    );
    const stored = await api.call('GET', `/api/App/inhouse/ads/data/${id}`);
    expect((stored.data as { subTitle: string }).subTitle).toBe('Guarded subtitle');
  } finally {
    await api.call('DELETE', '/api/App/inhouse/ads', { body: { id: [id] }, seal: true });
  }
});

test('a changed live match row asks before Edit on another row drops it: Cancel keeps it in edit', async ({
  sessionPage: page,
  api,
  media,
}) => {
  const ids: string[] = [];
  for (const title of ['Draft Derby', 'Draft Decider'])
    ids.push(await addLiveMatch(api, media.png, title, 'https://stream.example.com/draft'));
  try {
    await page.goto('/add/liveMatch');
    await page.getByRole('button', { name: 'Edit Draft Derby', exact: true }).click();
    const derby = page.getByRole('row', { name: 'Editing Draft Derby' });
    await derby.getByLabel('Edit title').fill('Draft Derby, replay');

    const editDecider = () => page.getByRole('button', { name: 'Edit Draft Decider', exact: true }).click();
    let ask = await askedBy(page, 'the live match being edited', editDecider);
    await shoot(page, 'drafts-live-match-question', { fullPage: false });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(derby.getByLabel('Edit title')).toHaveValue('Draft Derby, replay');
    await expect(page.getByRole('row', { name: 'Editing Draft Decider' })).toHaveCount(0);

    ask = await askedBy(page, 'the live match being edited', editDecider);
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('row', { name: 'Editing Draft Decider' })).toBeVisible();
    await expect(derby).toHaveCount(0);
  } finally {
    await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: ids }, seal: true });
  }
});

test('a changed live match row asks before a sort drops it: Cancel keeps the order, Leave sorts', async ({
  signedInPage: page,
  api,
  media,
}) => {
  await withChangedMatchRow({ page, api, media }, 'Draft Sorter', 'Draft Sorter, replay', async (row) => {
    const sortByTitle = () => page.getByRole('button', { name: 'Title', exact: true }).click();
    let ask = await askedBy(page, 'the live match being edited', sortByTitle);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row.getByLabel('Edit title')).toHaveValue('Draft Sorter, replay');
    await expect(page).toHaveURL(/\/add\/liveMatch$/);

    ask = await askedBy(page, 'the live match being edited', sortByTitle);
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\?sort=title$/);
    await expect(row).toHaveCount(0);
    await shoot(page, 'pager-guard-sorted', { fullPage: false });
  });
});

test("the browser's Back to the order before asks while a live match row holds a change: Cancel keeps it, Leave goes back", async ({
  sessionPage: page,
  api,
  media,
}) => {
  const id = await addLiveMatch(api, media.png, 'Draft Historian', 'https://stream.example.com/derby');
  try {
    await page.goto('/add/liveMatch');
    // The list's rows first: a click on the header while the screen still mounts was lost once on CI.
    await expect(page.getByRole('button', { name: 'Edit Draft Historian', exact: true })).toBeVisible();
    // Nothing changed yet: the sort goes at once, as a history entry of its own.
    const sorted = nextReply(page, liveMatchRoutes.list);
    await page.getByRole('button', { name: 'Title', exact: true }).click();
    await expect(page).toHaveURL(/\?sort=title$/);
    // Edit once the rows are in their new order, which moves them: in ci-60 the row never opened and its
    // Edit button had the focus, as when the press and the release fall on different rows (no click).
    // The footer's count is left out while the rows of the order before stand in.
    expect((await sorted).ok()).toBe(true);
    await expect(page.getByText(/^Showing \d/)).toBeVisible();
    await page.getByRole('button', { name: 'Edit Draft Historian', exact: true }).click();
    const row = page.getByRole('row', { name: 'Editing Draft Historian' });
    await row.getByLabel('Edit title').fill('Draft Historian, replay');

    const back = async () => void (await page.goBack());
    let ask = await askedBy(page, 'the live match being edited', back);
    await shoot(page, 'history-guard-back', { fullPage: false });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\?sort=title$/);
    await expect(row.getByLabel('Edit title')).toHaveValue('Draft Historian, replay');

    ask = await askedBy(page, 'the live match being edited', back);
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page).toHaveURL(/\/add\/liveMatch$/);
    await expect(page.getByRole('button', { name: 'Edit Draft Historian', exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    const list = await api.call('GET', '/api/App/liveMatch/admin?page=1&limit=100');
    expect((list.data as { _id: string; title: string }[]).find((m) => m._id === id)?.title).toBe(
      'Draft Historian',
    );
  } finally {
    await api.call('DELETE', '/api/App/liveMatch/admin', { body: { id: [id] }, seal: true });
  }
});
