import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { typedInZone as inZone } from '../zoned-time.js';
import { shoot } from '../shots.js';

// Its own server: the live match screen's other tests count the rows they add.
test.use({ serverFor: 'planned-matches' });

test('add a live match with a planned start and end: listed inactive with its times, active at its start', async ({
  sessionPage: page,
  media,
  api,
}) => {
  test.setTimeout(60_000);
  await page.goto('/add/liveMatch');
  const form = page.getByRole('form', { name: 'Add live match' });
  await form.getByLabel('Title').fill('Planned Final');
  await form.getByLabel('URL').fill('https://stream.example.com/planned');
  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.png);
  const start = inZone(8);
  const end = inZone(3600);
  await form.getByLabel('Planned start (optional)').fill(start);
  await form.getByLabel('Planned end (optional)').fill(end);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Live match added successfully').first()).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Planned Final' });
  await expect(row).toContainText(`Starts ${start}`);
  await expect(row).toContainText(`Ends ${end}`);
  const status = row.getByRole('switch', { name: 'Status of Planned Final' });
  await expect(status).toHaveAttribute('aria-checked', 'false');
  await shoot(page, 'planned-matches');

  // The app's read has it once it has started (within 5 s of its time); the screen shows it on a reload.
  await expect
    .poll(
      async () =>
        (
          (await api.call('GET', '/api/App/liveMatch/active', { admin: false })) as {
            data: { title: string }[];
          }
        ).data.map((m) => m.title),
      { timeout: 25_000, intervals: [1000] },
    )
    .toContain('Planned Final');
  await page.reload();
  await expect(row.getByRole('switch', { name: 'Status of Planned Final' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Edit: the end moves; the start, already past, goes back unchanged and is accepted.
  await row.getByRole('button', { name: 'Edit Planned Final' }).click();
  const editing = page.getByRole('row', { name: 'Editing Planned Final' });
  const later = inZone(7200);
  await editing.getByLabel('Edit planned end').fill(later);
  await editing.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(page.getByText('Live match updated successfully').first()).toBeVisible();
  await expect(row).toContainText(`Ends ${later}`);
  await expect(row).toContainText(`Starts ${start}`);
});
