import { controllerRoutes } from '@streamdesk/contract/controller';
import { expect, test } from '../fixtures.js';
import { typedInZone as inZone } from '../zoned-time.js';
import { shoot } from '../shots.js';

// Its own server: the schedules it leaves behind change the controller.
test.use({ serverFor: 'controller-schedules' });

test('schedule a controller change a few seconds ahead, see it applied, then put back at its end', async ({
  sessionPage: page,
  api,
}) => {
  test.setTimeout(90_000);
  await page.goto('/controller');
  const form = page.getByRole('form', { name: 'Schedule a change' });
  await form.getByLabel('Setting', { exact: true }).selectOption({ label: 'Maintenance Mode' });
  await form.getByLabel('Value', { exact: true }).selectOption({ label: 'On' });
  await form.getByRole('button', { name: 'Add setting' }).click();
  await form.getByLabel('Setting', { exact: true }).selectOption({ label: 'Search Text' });
  await form.getByLabel('Value', { exact: true }).fill('Match night');
  await form.getByRole('button', { name: 'Add setting' }).click();
  await expect(form.getByRole('list', { name: 'Chosen changes' })).toContainText('Search Text: Match night');
  await form.getByLabel('Starts at').fill(inZone(8));
  await form.getByLabel('Ends at (optional)').fill(inZone(20));
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Change scheduled').first()).toBeVisible();

  const table = page.getByRole('table', { name: 'Scheduled changes' });
  const row = table.getByRole('row').filter({ hasText: 'Maintenance Mode: On' });
  await expect(row).toContainText('Upcoming');
  await shoot(page, `controller-schedules`, { fullPage: false });

  // Applied within 5 s of its start; the screen follows without a reload.
  await expect(row).toContainText('Applied, ends later', { timeout: 20_000 });
  await expect(page.getByRole('switch', { name: 'Maintenance Mode', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const launch = await api.call('GET', controllerRoutes.loadCheck.path, { admin: false });
  expect((launch.data as { controller: Record<string, unknown> }).controller).toMatchObject({
    maintenance: true,
    searchText: 'Match night',
  });

  await expect(row).toContainText('Done', { timeout: 25_000 });
  await expect(page.getByRole('switch', { name: 'Maintenance Mode', exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('an upcoming scheduled change can be edited and cancelled', async ({ sessionPage: page }) => {
  await page.goto('/controller');
  const form = page.getByRole('form', { name: 'Schedule a change' });
  await form.getByLabel('Setting', { exact: true }).selectOption({ label: 'Reels' });
  await form.getByLabel('Value', { exact: true }).selectOption({ label: 'Off' });
  await form.getByRole('button', { name: 'Add setting' }).click();
  await form.getByLabel('Starts at').fill(inZone(3600));
  await form.getByRole('button', { name: 'Schedule' }).click();
  const table = page.getByRole('table', { name: 'Scheduled changes' });
  const row = table.getByRole('row').filter({ hasText: 'Reels: Off' });
  await expect(row).toContainText('Upcoming');

  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('form', { name: 'Edit the scheduled change' });
  await edit.getByLabel('Setting', { exact: true }).selectOption({ label: 'Web Position' });
  await edit.getByLabel('Value', { exact: true }).fill('42');
  await edit.getByRole('button', { name: 'Add setting' }).click();
  await edit.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByText('Scheduled change updated').first()).toBeVisible();
  const edited = table.getByRole('row').filter({ hasText: 'Web Position: 42' });
  await expect(edited).toContainText('Reels: Off');

  await edited.getByRole('button', { name: /^Cancel/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this scheduled change?' })
    .getByRole('button', { name: 'Cancel the change' })
    .click();
  await expect(edited).toContainText('Cancelled');
  await expect(edited.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
});
