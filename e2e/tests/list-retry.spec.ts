import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';

/**
 * The one list (issue 36, docs/decisions/0058-one-list-component.md): a load the server refuses is said
 * in the list with a Retry, and Retry loads it again.
 */
test('a list whose load is refused says so with a Retry, and Retry shows its rows', async ({
  signedInPage: page,
  api,
  media,
}) => {
  const title = 'Retry match';
  await api.upload(
    'POST',
    '/api/App/liveMatch/admin',
    { title, url: 'https://stream.example.com/r' },
    { image: media.png },
  );
  // The list's first load is refused; the next ones reach the server.
  await page.route(
    /\/api\/App\/liveMatch\/admin\?/,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, message: 'Data Not Fetch' }),
      }),
    { times: 1 },
  );
  await page.goto('/add/liveMatch');
  const table = page.getByRole('table', { name: 'Live matches' });
  const failed = table.getByRole('alert');
  await expect(failed).toContainText('Data Not Fetch');
  await shoot(page, 'table-retry', { fullPage: false });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(table.getByRole('row').filter({ hasText: title })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
