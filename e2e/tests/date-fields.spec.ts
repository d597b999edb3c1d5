import { answerCaptcha } from '../captcha.js';
import { expect, test } from '../fixtures.js';
import { typedInZone } from '../zoned-time.js';
import { shoot } from '../shots.js';

// Its own server: the schedules and the match it leaves behind would show on the shared one's screens.
test.use({ serverFor: 'date-fields' });

/** A time `seconds` from now as a person types it: DD/MM/YYYY HH:MM in the reporting time zone. */
const typed = (seconds: number) => typedInZone(seconds).slice(0, 16);
const DAY = 86_400;

test('schedule a controller change typing DD/MM/YYYY HH:MM; an end before the start is refused beside it', async ({
  sessionPage: page,
}) => {
  await page.goto('/controller');
  const form = page.getByRole('form', { name: 'Schedule a change' });
  await form.getByLabel('Setting', { exact: true }).selectOption({ label: 'Reels' });
  await form.getByLabel('Value', { exact: true }).selectOption({ label: 'Off' });
  await form.getByRole('button', { name: 'Add setting' }).click();
  await expect(form.getByRole('button', { name: 'Pick the start on a calendar' })).toBeVisible();
  const start = typed(DAY);
  const end = typed(2 * DAY);
  await form.getByLabel('Starts at').pressSequentially(start);
  await form.getByLabel('Ends at (optional)').pressSequentially(typed(DAY - 3600));
  const endField = form.getByLabel('Ends at (optional)');
  await expect(endField).toHaveAccessibleDescription('The end must be after the start');
  await shoot(page, 'date-fields-controller-refused', { fullPage: false });
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(endField).toBeFocused();
  await expect(form.getByLabel('Starts at')).toHaveValue(start);

  await endField.clear();
  await endField.pressSequentially(end);
  await expect(endField).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Change scheduled').first()).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Scheduled changes' })
    .getByRole('row')
    .filter({ hasText: 'Reels: Off' });
  await expect(row).toContainText(`${start}:00`);
  await expect(row).toContainText(`${end}:00`);
  await expect(row).toContainText('Upcoming');
  await expect(form.getByLabel('Starts at')).toHaveValue('');
  await shoot(page, 'date-fields-controller', { fullPage: false });
});

test('plan a live match typing DD/MM/YYYY HH:MM, and see the times in the list and its edit row', async ({
  sessionPage: page,
  media,
}) => {
  await page.goto('/add/liveMatch');
  const form = page.getByRole('form', { name: 'Add live match' });
  await form.getByLabel('Title').fill('Typed Derby');
  await form.getByLabel('URL').fill('https://stream.example.com/derby');
  await form.getByLabel('Image (PNG or GIF)').setInputFiles(media.png);
  const start = typed(DAY);
  const end = typed(DAY + 7200);
  const endField = form.getByLabel('Planned end (optional)');
  await form.getByLabel('Planned start (optional)').pressSequentially(start);
  await endField.pressSequentially(typed(DAY - 60));
  await expect(endField).toHaveAccessibleDescription(/The end must be after the start/);
  await form.getByRole('button', { name: 'Add' }).click();
  await shoot(page, 'date-fields-live-refused', { fullPage: false });
  await expect(page.getByRole('row').filter({ hasText: 'Typed Derby' })).toHaveCount(0);

  await endField.clear();
  await endField.pressSequentially(end);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Live match added successfully').first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Typed Derby' });
  await expect(row).toContainText(`Starts ${start}:00`);
  await expect(row).toContainText(`Ends ${end}:00`);
  await expect(row.getByRole('switch', { name: 'Status of Typed Derby' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  await row.getByRole('button', { name: 'Edit Typed Derby' }).click();
  const editing = page.getByRole('row', { name: 'Editing Typed Derby' });
  await expect(editing.getByLabel('Edit planned start')).toHaveValue(start);
  const later = typed(DAY + 3 * 3600);
  await editing.getByLabel('Edit planned end').clear();
  await editing.getByLabel('Edit planned end').pressSequentially(later);
  await shoot(page, 'date-fields-live-edit', { fullPage: false });
  await editing.getByRole('button', { name: 'Save' }).click();
  await answerCaptcha(page, { confirm: 'Confirm' });
  await expect(page.getByText('Live match updated successfully').first()).toBeVisible();
  await expect(row).toContainText(`Ends ${later}:00`);
  await expect(row).toContainText(`Starts ${start}:00`);
});

test('the send time and the activity days are typed as DD/MM/YYYY too, a bad one said beside it', async ({
  sessionPage: page,
}) => {
  await page.goto('/notification');
  const form = page.getByRole('form', { name: 'Send a notification' });
  const sendAt = form.getByLabel('Send at (optional)');
  await sendAt.pressSequentially('12/31/2099 19:30');
  await sendAt.blur();
  await expect(sendAt).toHaveAccessibleDescription(/Enter the date and time as DD\/MM\/YYYY HH:MM/);
  await shoot(page, 'date-fields-notification', { fullPage: false });

  await page.goto('/activity');
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('From', { exact: true }).pressSequentially('05/11/2026');
  await filters.getByLabel('To', { exact: true }).pressSequentially('01/11/2026');
  await expect(filters.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'The end date is before the start date',
  );
  await shoot(page, 'date-fields-activity', { fullPage: false });
  await filters.getByLabel('To', { exact: true }).clear();
  await filters.getByLabel('To', { exact: true }).pressSequentially('30/11/2026');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/from=2026-11-05&to=2026-11-30/);
});
