import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

// Leaves a row behind, which the live match file's lists would see.
test.use({ serverFor: 'deadlines' });

test('a write the server does not answer in time: the admin is told it may have landed, the button is free, the list shows it did', async ({
  signedInPage: page,
}) => {
  // A fake clock, so the 30 s deadline passes at once; it otherwise runs at the real pace.
  await page.clock.install();
  let landed = false;
  // The server gets the write and stores it, but its reply never reaches the browser.
  await page.route('**/api/App/liveMatch/liveAdsWeb', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    landed = true;
  });
  await page.goto('/add/liveMatch/liveAdWeb');
  await expect(page.getByRole('heading', { name: 'Ads Fire' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add website ad' });
  await form.getByLabel('Ad name').fill('Held Ad');
  await form.getByLabel('Ad URL').fill('https://held.example.com/a');
  const add = form.getByRole('button', { name: 'Add' });
  await add.click();
  await expect(add).toBeDisabled();
  await expect.poll(() => landed).toBe(true);
  await expect(page.getByRole('row').filter({ hasText: 'HeldAd' })).toHaveCount(0);

  await page.clock.fastForward(31_000);
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'The server did not answer in time. The change may still have been saved' }),
  ).toBeVisible();
  await expect(add).toBeEnabled();
  // The list was reloaded after the timeout, so the admin sees the ad was added and does not add it twice.
  await expect(page.getByRole('row').filter({ hasText: 'HeldAd' })).toContainText(
    'https://held.example.com/a',
  );
  await shoot(page, 'deadline-write');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
