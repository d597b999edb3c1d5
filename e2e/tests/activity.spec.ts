import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

test.use({ serverFor: 'activity' });

test('the owner finds a controller change in Activity with its person, filters to it, opens its diff and exports the view', async ({
  sessionPage: page,
  apiKey,
}) => {
  await page.goto('/controller');
  const sw = page.getByRole('switch', { name: 'Reels', exact: true });
  const before = (await sw.getAttribute('aria-checked')) === 'true';
  await sw.click();
  await expect(sw).toHaveAttribute('aria-checked', String(!before));

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /controller: Reels/ });
  await expect(row).toContainText('update');
  await expect(row).toContainText('(owner)');
  // Signing in is recorded too.
  await expect(page.getByRole('row', { name: /sign-in/ }).first()).toBeVisible();

  // Filter: the controller's updates only.
  await page.getByLabel('Feature').selectOption('controller');
  await page.getByLabel('Action').selectOption('update');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/feature=controller/);
  await expect(page.getByRole('row', { name: /sign-in/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /controller: Reels/ })).toBeVisible();
  await shoot(page, `activity-list`);

  await page.getByRole('button', { name: 'Details of controller: Reels' }).first().click();
  const panel = page.getByRole('dialog', { name: 'controller: Reels' });
  const change = panel.getByRole('row', { name: /Reels/ });
  await expect(change).toContainText(String(before));
  await expect(change).toContainText(String(!before));
  await shoot(page, `activity-diff`, { fullPage: false });
  await panel.getByRole('button', { name: 'Close' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('when,person,role,action,feature,item,label,changes,ip,user agent');
  expect(csv).toContain('controller: Reels');
  expect(csv).not.toContain('sign-in');

  // A search of two characters is said to be too short beside the field, and nothing is applied (0072).
  await page.getByLabel('Search').fill('#1');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
  await expect(page.getByLabel('Search')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'activity-short-search');
  expect(new URL(page.url()).searchParams.get('q')).toBeNull();

  // Text search finds nothing for a made-up word, and says so.
  await page.getByLabel('Search').fill('no such thing anywhere');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No activity matches these filters.')).toBeVisible();

  // Revert the switch from its entry's panel: the controller and the app's launch reply have the old value.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Details of controller: Reels' }).first().click();
  await page
    .getByRole('dialog', { name: 'controller: Reels' })
    .getByRole('button', { name: 'Revert this change' })
    .click();
  await expect(page.getByText('Change reverted')).toBeVisible();
  await expect(page.getByRole('row', { name: /revert/ }).first()).toContainText('controller: Reels');
  await shoot(page, `activity-reverted`);
  const launch = await page.evaluate(
    async (key) =>
      (await (await fetch('/api/App/Controler/app/loadCheck', { headers: { 'api-key': key } })).json()) as {
        data: { controller: { reels: boolean } };
      },
    apiKey,
  );
  expect(launch.data.controller.reels).toBe(before);
  await page.goto('/controller');
  await expect(page.getByRole('switch', { name: 'Reels', exact: true })).toHaveAttribute(
    'aria-checked',
    String(before),
  );

  // The controller's Change log: the Activity screen filtered to its entries.
  await page.getByRole('link', { name: 'Change log' }).click();
  await expect(page).toHaveURL(/\/activity\?feature=controller&item=settings$/);
  await expect(page.getByRole('row', { name: /controller: Reels/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /sign-in/ })).toHaveCount(0);
});

test('controller entries name the settings as the Controller screen labels them, not by their keys', async ({
  sessionPage: page,
}) => {
  await page.goto('/controller');
  const position = page.getByRole('form', { name: 'Story Ads Position', exact: true });
  const input = position.getByLabel('Story Ads Position', { exact: true });
  const before = await input.inputValue();
  const after = before === '4' ? '5' : '4';
  await input.fill(after);
  await position.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();

  await page.goto('/activity?feature=controller');
  const row = page.getByRole('row', { name: /controller: Story Ads Position/ }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'controller: Story Ads Position', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /storyAdsPosition|ntvTiming/ })).toHaveCount(0);
  await shoot(page, 'activity-controller-labels');

  await row.getByRole('button', { name: 'Details of controller: Story Ads Position' }).click();
  const panel = page.getByRole('dialog', { name: 'controller: Story Ads Position' });
  await expect(panel.getByRole('row', { name: `Story Ads Position ${before} ${after}` })).toBeVisible();
  await shoot(page, 'activity-controller-labels-diff', { fullPage: false });
  await panel.getByRole('button', { name: 'Close' }).click();
});

test("a live match row's History opens the Activity screen with that match's entries only", async ({
  sessionPage: page,
  api,
  media,
}) => {
  const title = 'History Row Final';
  const other = 'History Row Other';
  const added = await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title, url: 'https://stream.example.com/history.m3u8' },
    { image: media.png },
  );
  await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title: other, url: 'https://stream.example.com/other.m3u8' },
    { image: media.png },
  );
  const id = (added.data as { _id: string })._id;

  await page.goto('/add/liveMatch');
  await page.getByRole('link', { name: `History of ${title}` }).click();
  await expect(page).toHaveURL(`/activity?feature=live-matches&item=${id}`);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('create');
  await expect(page.getByRole('row', { name: new RegExp(other) })).toHaveCount(0);
});
