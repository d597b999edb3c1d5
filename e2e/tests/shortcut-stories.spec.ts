import type { Locator } from '@playwright/test';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import { mediaMessages } from '@streamdesk/contract/media';
import {
  shortcutMessages,
  shortcutRoutes,
  shortcutsDeletedMessage,
} from '@streamdesk/contract/shortcut-stories';
import { expect, test, type Api } from '../fixtures.js';
import { setControllerFlag } from '../controller-flags.js';
import { listImageWidth } from './image-helpers.js';
import { answerCaptcha } from '../captcha.js';
import { expectApart, expectFitsBox, expectInView, WIDTHS } from './layout-helpers.js';
import { UPLOADS_AT_ONCE } from './story-helpers.js';
import { shoot } from '../shots.js';

type Listed = { data: { _id: string; name: string }[]; next_s_no: number };

async function clearShortcuts(api: Api) {
  const list = (await api.call('GET', `${shortcutRoutes.list.path}?page=1&limit=1000`)) as Listed;
  if (list.data.length)
    await api.call('DELETE', shortcutRoutes.remove.path, {
      body: { id: list.data.map((s) => s._id) },
      seal: true,
    });
}

/**
 * Adds shortcuts 'Brand 1' to 'Brand `count`' through the API, as many at a time as one client may upload
 * (Nos 1 to `count`).
 */
async function seedShortcuts(api: Api, png: string, count: number) {
  const names = Array.from({ length: count }, (_, i) => `Brand ${i + 1}`);
  for (let i = 0; i < names.length; i += UPLOADS_AT_ONCE)
    await Promise.all(
      names
        .slice(i, i + UPLOADS_AT_ONCE)
        .map((name, j) =>
          api.upload(
            'POST',
            shortcutRoutes.add.path,
            { s_no: String(i + j + 1), name, url: 'https://brand.example' },
            { image: png },
          ),
        ),
    );
}

/** The add form's tick once a picked image is checked: it is not sent before Upload. */
const IMAGE_READY = 'File checked: it is sent when you press Upload';

/** A list image's pixels are in (image-helpers.ts). */
const imageLoaded = (img: Locator) => expect.poll(listImageWidth(img)).toBeGreaterThan(0);

test.describe('Shortcut Story page', () => {
  test.beforeEach(async ({ api }) => {
    await clearShortcuts(api);
    await setControllerFlag(api, 'storyBrand', false);
  });

  test('an empty list shows the not-found picture; the badge follows the storyBrand switch', async ({
    sessionPage: page,
    api,
  }) => {
    await page.goto('/add/story');
    await expect(page.getByRole('heading', { name: 'Shortcut stories' })).toBeVisible();
    await expect(page.getByText('Not Running')).toBeVisible();
    await setControllerFlag(api, 'storyBrand', true);
    await page.reload();
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
    await setControllerFlag(api, 'storyBrand', false);
    await page.reload();
    await expect(page.getByRole('img', { name: 'No shortcut stories found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shortcut' })).toHaveAttribute('aria-current', 'page');
    await shoot(page, 'shortcut-stories-empty');
  });

  test('add with a real PNG, edit inline and delete through the captcha', async ({
    sessionPage: page,
    media,
  }) => {
    await page.goto('/add/story');
    const form = page.getByRole('form', { name: 'Add shortcut story' });
    await expect(form.getByLabel('No')).toHaveValue('1');
    await expect(form.getByLabel('No')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Label')).toHaveValue('AD');

    // Required fields first, then an image of the wrong kind shows the cross.
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText(shortcutMessages.titleRequired)).toBeVisible();
    await expect(form.getByText(shortcutMessages.urlRequired)).toBeVisible();
    await form.getByLabel('Title').fill('Cricket Plus');
    await form.getByLabel('Url').fill('https://cricket.example/app');
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText(shortcutMessages.selectImage)).toBeVisible();
    await expect(form.getByRole('img', { name: 'File missing' })).toBeVisible();
    await form.getByLabel('Image').setInputFiles(media.jpeg);
    // Said in a toast and beside the picker.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: mediaMessages.gifPng })).toBeVisible();
    await expect(form.getByText(mediaMessages.gifPng)).toBeVisible();
    await expect(form.getByRole('img', { name: 'File refused' })).toBeVisible();
    await expect(form.getByLabel('Image')).toHaveValue('');

    await form.getByLabel('Image').setInputFiles(media.png);
    await expect(form.getByRole('img', { name: IMAGE_READY })).toBeVisible();
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(shortcutMessages.added)).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('No')).toHaveValue('2');
    // The upload ends on the tick (after its 1 s delay); Clear takes the indicator back to nothing.
    await expect(form.getByLabel('Image')).toHaveValue('');
    await expect(form.getByRole('img', { name: 'Upload complete' })).toBeVisible();
    await form.getByRole('button', { name: 'Clear' }).click();
    await expect(form.getByRole('img', { name: 'Upload complete' })).toHaveCount(0);

    const table = page.getByRole('table', { name: 'Shortcut stories' });
    const row = table.getByRole('row').filter({ hasText: 'Cricket Plus' });
    await expect(row).toContainText('AD');
    await expect(row).toContainText('00');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)/);
    await imageLoaded(row.getByRole('img', { name: 'Cricket Plus logo' }));
    await expect(row.getByRole('link', { name: 'Open Cricket Plus link in a new tab' })).toHaveAttribute(
      'href',
      'https://cricket.example/app',
    );
    await shoot(page, 'shortcut-stories-desktop');

    // Inline edit, one row at a time; a negative No is refused in the spec's words.
    await row.getByRole('button', { name: 'Edit Cricket Plus' }).click();
    const editing = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
    await editing.getByLabel('No').fill('-1');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(shortcutMessages.positive)).toBeVisible();
    await editing.getByLabel('No').fill('5');
    // A JPEG picked as the new logo is refused at once: the toast, the cross, an empty picker.
    await editing.getByLabel('New logo').setInputFiles(media.jpeg);
    await expect(page.getByText(shortcutMessages.imageType).last()).toBeVisible();
    await expect(editing.getByRole('img', { name: 'File refused' })).toBeVisible();
    await expect(editing.getByLabel('New logo')).toHaveValue('');
    await editing.getByLabel('Name').fill('Cricket Max');
    await editing.getByLabel('Label').fill('HOT');
    await shoot(page, 'shortcut-stories-editing');
    // The row's fields keep their least widths beside the logo picker (128 and 160 px since a row's
    // buttons keep one line at 1280 px: 0060, third sweep).
    for (const [label, min] of [
      ['Name', 128],
      ['Url', 160],
    ] as const)
      expect((await editing.getByLabel(label).boundingBox())!.width).toBeGreaterThanOrEqual(min);

    // Save asks the captcha first; a wrong answer toasts and sends nothing, even after a reload.
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('You are about to update Shortcut Story. To confirm, please solve this math problem'),
    ).toBeVisible();
    await shoot(page, 'shortcut-stories-confirm-update', { fullPage: false });
    // The dialog's backdrop covers the top bar too: its links are out of reach while it is open.
    // (Located by CSS: the modal hides the rest of the page from the accessibility tree.)
    const logout = (await page.locator('header a[href="/Logout"]').boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('header') !== null,
      [logout.x + logout.width / 2, logout.y + logout.height / 2],
    );
    expect(onTop).toBe(false);
    await answerCaptcha(page, { wrong: true, confirm: 'Confirm' });
    await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(editing.getByLabel('Name')).toHaveValue('Cricket Max');
    await page.reload();
    await expect(row).toContainText('AD');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(table.getByRole('row').filter({ hasText: 'Cricket Max' })).toHaveCount(0);

    // The right answer saves.
    await row.getByRole('button', { name: 'Edit Cricket Plus' }).click();
    await editing.getByLabel('No').fill('5');
    // A JPEG picked as the new logo is refused at once: the toast, the cross, an empty picker.
    await editing.getByLabel('New logo').setInputFiles(media.jpeg);
    await expect(page.getByText(shortcutMessages.imageType)).toBeVisible();
    await expect(editing.getByRole('img', { name: 'File refused' })).toBeVisible();
    await expect(editing.getByLabel('New logo')).toHaveValue('');
    await editing.getByLabel('Name').fill('Cricket Max');
    await editing.getByLabel('Label').fill('HOT');
    await editing.getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    await expect(page.getByText(shortcutMessages.updated)).toBeVisible();
    const edited = table.getByRole('row').filter({ hasText: 'Cricket Max' });
    await expect(edited).toContainText('HOT');
    await expect(edited.getByRole('cell').nth(1)).toHaveText('5');

    // Cancel leaves the row as it was.
    await edited.getByRole('button', { name: 'Edit Cricket Max' }).click();
    await table.getByLabel('Name').fill('Thrown away');
    await table.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toContainText('Cricket Max');

    // A wrong captcha answer shows its toast and deletes nothing; the right one deletes.
    await edited.getByRole('button', { name: 'Delete Cricket Max' }).click();
    await expect(page.getByText('You are about to delete Shortcut Story.')).toBeVisible();
    await answerCaptcha(page, { wrong: true });
    await expect(page.getByText('Captcha answer is not correct')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: 'Delete Cricket Max' }).click();
    await answerCaptcha(page);
    await expect(page.getByText(shortcutMessages.deleted)).toBeVisible();
    await expect(page.getByRole('img', { name: 'No shortcut stories found' })).toBeVisible();
  });

  test('a GIF shortcut, select-all and bulk delete', async ({ sessionPage: page, media, api }) => {
    for (const name of ['Alpha', 'Beta'])
      await api.upload(
        'POST',
        shortcutRoutes.add.path,
        { name, url: `https://${name}.example` },
        { image: media.png },
      );
    await page.goto('/add/story');
    const form = page.getByRole('form', { name: 'Add shortcut story' });
    await form.getByLabel('Title').fill('Gamma');
    await form.getByLabel('Url').fill('https://gamma.example');
    await form.getByLabel('Label').fill('NEW');
    await form.getByLabel('Image').setInputFiles(media.gif);
    await form.getByRole('button', { name: 'Upload' }).click();
    const table = page.getByRole('table', { name: 'Shortcut stories' });
    await imageLoaded(table.getByRole('img', { name: 'Gamma logo' }));
    await expect(table.getByRole('row')).toHaveCount(4);

    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, 'shortcut-stories-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    await table.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Delete selected (3)' }).click();
    await expect(page.getByText('You are about to delete 3 Shortcut Stories.')).toBeVisible();
    await answerCaptcha(page);
    await expect(page.getByText('3 shortcut stories deleted successfully')).toBeVisible();
    await expect(page.getByRole('img', { name: 'No shortcut stories found' })).toBeVisible();
  });

  test('editing a row with a long name keeps the row on screen and Save and Cancel in reach', async ({
    sessionPage: page,
    media,
    api,
  }) => {
    const long = 'Champions Trophy Grand Final Highlights Extended Cut With Commentary In Three Lang';
    const url = `https://example.com/a/very/long/path/${'and/going/'.repeat(6)}?utm_source=streamdesk`;
    for (const [name, label] of [
      ['Cricbuzz', 'AD'],
      [long, 'SPONSORED'],
    ] as const)
      await api.upload('POST', shortcutRoutes.add.path, { name, url, label }, { image: media.png });
    await page.goto('/add/story');
    const table = page.getByRole('table', { name: 'Shortcut stories' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: `Select ${long}` }) });
    await expect(row.getByRole('cell', { name: long, exact: true })).toHaveAttribute('title', long);

    await row.getByRole('button', { name: `Edit ${long}` }).click();
    for (const size of WIDTHS.slice(0, 2)) {
      await page.setViewportSize(size);
      await expectInView(
        page,
        table,
        row.getByRole('button', { name: 'Save' }),
        row.getByRole('button', { name: 'Cancel' }),
      );
      // The new-logo picker sits in its own cell, clear of the Name input.
      await expectApart(row.getByLabel('New logo'), row.getByRole('textbox', { name: 'Name' }));
      if (size.width === 1280) await expectFitsBox(table);
      await shoot(page, `shortcut-stories-edit-${size.width}`, { fullPage: false });
    }
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('button', { name: `Edit ${long}` })).toBeVisible();
  });

  test('past 100 shortcuts: a pager, page 2 edited and bulk-deleted, a new shortcut shown where it lands', async ({
    sessionPage: page,
    media,
    api,
  }) => {
    test.setTimeout(60_000);
    await seedShortcuts(api, media.png, 101);
    await page.goto('/add/story');
    const form = page.getByRole('form', { name: 'Add shortcut story' });
    const table = page.getByRole('table', { name: 'Shortcut stories' });
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(table.getByRole('row')).toHaveCount(101);
    await expect(form.getByLabel('No')).toHaveValue('102');
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Showing 1–100 of 101 shortcuts')).toBeVisible();
    await pager.scrollIntoViewIfNeeded();
    await shoot(page, 'shortcut-stories-pager', { fullPage: false });

    // Page 2 holds No 101, which the old screen never showed: edit it inline.
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('Showing 101 of 101 shortcuts')).toBeVisible();
    const last = table.getByRole('row').filter({ hasText: 'Brand 101' });
    await expect(last.getByRole('cell').nth(1)).toHaveText('101');
    await imageLoaded(last.getByRole('img', { name: 'Brand 101 logo' }));
    await shoot(page, 'shortcut-stories-page-2', { fullPage: false });
    await last.getByRole('button', { name: 'Edit Brand 101' }).click();
    const editing = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
    await editing.getByLabel('Name').fill('Renamed 101');
    await editing.getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    await expect(page.getByText(shortcutMessages.updated)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Renamed 101' })).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Added from page 1, the new shortcut takes No 102, the last: the list shows its page.
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(table.getByRole('row')).toHaveCount(101);
    await form.getByLabel('Title').fill('Newest');
    await form.getByLabel('Url').fill('https://newest.example');
    await form.getByLabel('Image').setInputFiles(media.png);
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(shortcutMessages.added)).toBeVisible();
    const added = table.getByRole('row').filter({ hasText: 'Newest' });
    await expect(added.getByRole('cell').nth(1)).toHaveText('102');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(form.getByLabel('No')).toHaveValue('103');

    // Select-all takes the page shown; once its rows are gone, page 1 and no pager.
    await table.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await expect(page.getByText('You are about to delete 2 Shortcut Stories.')).toBeVisible();
    await answerCaptcha(page);
    await expect(page.getByText(shortcutsDeletedMessage(2))).toBeVisible();
    await shoot(page, 'shortcut-stories-bulk-deleted', { fullPage: false });
    await expect(pager).toHaveCount(0);
    await expect(table.getByRole('row')).toHaveCount(101);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('1');
    const app = (await api.call('GET', shortcutRoutes.appList.path, { admin: false })) as { data: unknown[] };
    expect(app.data).toHaveLength(100);
  });

  test('a picked image is shown as checked and waiting for Upload, not as uploaded, until Upload sends it', async ({
    sessionPage: page,
    media,
    api,
  }) => {
    await page.goto('/add/story');
    const form = page.getByRole('form', { name: 'Add shortcut story' });
    await form.getByLabel('Title').fill('Picked Only');
    await form.getByLabel('Url').fill('https://picked.example');

    // A refused pick: the cross, and why beside the picker.
    await form.getByLabel('Image').setInputFiles(media.jpeg);
    await expect(form.getByRole('img', { name: 'File refused' })).toBeVisible();
    await expect(form.getByText(mediaMessages.gifPng)).toBeVisible();

    // A good one: checked here, and the tick says it goes with Upload. Nothing has been sent.
    await form.getByLabel('Image').setInputFiles(media.png);
    const ready = form.getByRole('img', { name: IMAGE_READY });
    await expect(ready).toBeVisible();
    await expect(form.getByRole('img', { name: /Upload(ing| complete| failed)/ })).toHaveCount(0);
    await expect(form.getByText(mediaMessages.gifPng)).toHaveCount(0);
    await expect(form.getByText('logo.png is checked and is sent when you press Upload.')).toBeVisible();
    await shoot(page, 'shortcut-image-pick', { fullPage: false });
    const before = (await api.call('GET', `${shortcutRoutes.list.path}?page=1&limit=100`)) as Listed;
    expect(before.data).toEqual([]);

    // Upload sends it: then the marks are the upload's.
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(shortcutMessages.added)).toBeVisible();
    await expect(form.getByRole('img', { name: 'Upload complete' })).toBeVisible();
    const after = (await api.call('GET', `${shortcutRoutes.list.path}?page=1&limit=100`)) as Listed;
    expect(after.data.map((s) => s.name)).toEqual(['Picked Only']);
  });

  test('an inline edit saved after another admin changed the shortcut is refused, not lost', async ({
    signedInPage: page,
    media,
    api,
  }) => {
    await api.upload(
      'POST',
      shortcutRoutes.add.path,
      { name: 'Cricket Plus', url: 'https://cricket.example/old', label: 'AD' },
      { image: media.png },
    );
    // Two tabs of the same admin panel.
    const other = await page.context().newPage();
    await page.goto('/add/story');
    await other.goto('/add/story');
    const table = page.getByRole('table', { name: 'Shortcut stories' });
    const otherTable = other.getByRole('table', { name: 'Shortcut stories' });
    const editingIn = (t: Locator) =>
      t.getByRole('row').filter({ has: t.page().getByRole('button', { name: 'Save' }) });

    // This tab opens the row and changes only its URL.
    await table.getByRole('button', { name: 'Edit Cricket Plus' }).click();
    await editingIn(table).getByLabel('Url').fill('https://cricket.example/mine');

    // The other tab renames it and saves.
    await otherTable.getByRole('button', { name: 'Edit Cricket Plus' }).click();
    await editingIn(otherTable).getByLabel('Name').fill('Cricket Max');
    await editingIn(otherTable).getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(other, { confirm: 'Confirm' });
    await expect(other.getByText(shortcutMessages.updated)).toBeVisible();

    // This tab's save would put the old name back: refused, the row leaves edit mode, the list reloads.
    await editingIn(table).getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    await expect(page.getByText(editVersionMessages.changed('shortcut story'))).toBeVisible();
    await expect(table.getByRole('button', { name: 'Edit Cricket Max' })).toBeVisible();
    await expect(editingIn(table)).toHaveCount(0);
    await shoot(page, 'shortcut-stories-edit-conflict', { fullPage: false });
    const stored = async () =>
      (
        (await api.call('GET', `${shortcutRoutes.list.path}?page=1&limit=100`)) as {
          data: { name: string; url: string }[];
        }
      ).data[0];
    expect(await stored()).toMatchObject({ name: 'Cricket Max', url: 'https://cricket.example/old' });

    // Edited again from the reloaded row, the URL change goes through and keeps the other admin's name.
    await table.getByRole('button', { name: 'Edit Cricket Max' }).click();
    await editingIn(table).getByLabel('Url').fill('https://cricket.example/mine');
    await editingIn(table).getByRole('button', { name: 'Save' }).click();
    await answerCaptcha(page, { confirm: 'Confirm' });
    await expect(page.getByText(shortcutMessages.updated)).toBeVisible();
    expect(await stored()).toMatchObject({ name: 'Cricket Max', url: 'https://cricket.example/mine' });
    await other.close();
  });
});
