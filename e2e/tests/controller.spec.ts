import { controllerMessages as m, controllerRoutes } from '@streamdesk/contract/controller';
import { editVersionMessages } from '@streamdesk/contract/edit-versions';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { shoot } from '../shots.js';
import { nextReply } from './route-replies.js';

/** Clicks a switch and waits until the reloaded settings show the inverse. */
async function flip(page: Page, name: string) {
  const sw = page.getByRole('switch', { name, exact: true });
  const before = (await sw.getAttribute('aria-checked')) === 'true';
  await sw.click();
  await expect(sw).toHaveAttribute('aria-checked', String(!before));
  return !before;
}

const form = (page: Page, name: string) => page.getByRole('form', { name, exact: true });

async function submit(page: Page, name: string, values: Record<string, string>) {
  const f = form(page, name);
  for (const [label, value] of Object.entries(values)) await f.getByLabel(label, { exact: true }).fill(value);
  await f.getByRole('button', { name: 'Save' }).click();
  return f;
}

test.describe('controller', () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ sessionPage: page }) => {
    await page.goto('/controller');
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
  });

  test('each switch sends the inverse and stays after a reload', async ({ sessionPage: page, api }) => {
    test.setTimeout(120_000);
    const names = [
      'Reels',
      'Story Brand (Shortcut)',
      'Live Match',
      'In-House Ads',
      'Story Video',
      'X Player',
      'Maintenance Mode',
      'Install New App',
    ];
    const expected: Record<string, boolean> = {};
    for (const name of names) expected[name] = await flip(page, name);
    await page.reload();
    for (const name of names) {
      await expect(page.getByRole('switch', { name, exact: true })).toHaveAttribute(
        'aria-checked',
        String(expected[name]),
      );
    }
    const launch = await api.call('GET', controllerRoutes.loadCheck.path, { admin: false });
    expect((launch.data as { controller: Record<string, unknown> }).controller).toMatchObject({
      reels: expected.Reels,
      hidden_module: expected['X Player'],
      maintenance: expected['Maintenance Mode'],
    });
    // Put them back for the other tests.
    for (const name of names) await flip(page, name);
  });

  test('a switch flipped from the keyboard keeps the focus, so Space flips it back', async ({
    sessionPage: page,
  }) => {
    const sw = page.getByRole('switch', { name: 'Story Video', exact: true });
    const before = (await sw.getAttribute('aria-checked')) === 'true';
    await sw.focus();
    await page.keyboard.press('Space');
    await expect(sw).toHaveAttribute('aria-checked', String(!before));
    await expect(sw).toBeFocused();
    // The reloaded value shows a moment before the save ends, and a switch refuses a press while busy:
    // a person presses again once it is ready (on a busy machine the test pressed within that moment).
    await expect(sw).not.toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Space');
    await expect(sw).toHaveAttribute('aria-checked', String(before));
    await expect(sw).toBeFocused();
  });

  test('the exclusive module switch reloads the whole page', async ({ sessionPage: page }) => {
    const sw = page.getByRole('switch', { name: 'Exclusive Module', exact: true });
    const before = (await sw.getAttribute('aria-checked')) === 'true';
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await Promise.all([page.waitForEvent('load'), sw.click()]);
    expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBeUndefined();
    await expect(page.getByRole('switch', { name: 'Exclusive Module' })).toHaveAttribute(
      'aria-checked',
      String(!before),
    );
  });

  test('story ad position and NTV timer show their messages and save valid values', async ({
    sessionPage: page,
  }) => {
    const cases: [string, string, string][] = [
      ['Story Ads Position', '0', m.storyAdsPositionMin],
      ['Story Ads Position', '', m.storyAdsPositionMin],
      ['Story Ads Position', '10', m.storyAdsPositionMax],
      ['NTV Timer', '-1', m.ntvTimingMin],
      ['NTV Timer', '', m.ntvTimingMin],
      ['NTV Timer', '20', m.ntvTimingMax],
    ];
    for (const [name, value, message] of cases) {
      const f = await submit(page, name, { [name]: value });
      await expect(f.getByText(message)).toBeVisible();
    }
    await submit(page, 'Story Ads Position', { 'Story Ads Position': '9' });
    await expect(page.getByText('Updated successfully').first()).toBeVisible();
    // Its own reply before the reload, which would otherwise cancel it (the toast up may be the save before's).
    const saved = nextReply(page, controllerRoutes.position);
    await submit(page, 'NTV Timer', { 'NTV Timer': '19' });
    expect((await saved).ok()).toBe(true);
    await expect(form(page, 'NTV Timer').getByText(m.ntvTimingMax)).toBeHidden();
    await page.reload();
    await expect(form(page, 'Story Ads Position').getByLabel('Story Ads Position')).toHaveValue('9');
    await expect(form(page, 'NTV Timer').getByLabel('NTV Timer')).toHaveValue('19');
  });

  test('placement dropdowns save at once and offer REWARD only where allowed', async ({
    sessionPage: page,
  }) => {
    const splash = page.getByLabel('After Splash Ads', { exact: true });
    await expect(splash.locator('option[value="REWARD"]')).toHaveCount(0);
    await splash.selectOption('FS_WEB');
    await expect(page.getByText('Updated successfully').first()).toBeVisible();
    await page.getByLabel('Play Button', { exact: true }).selectOption('REWARD');
    await page.getByLabel('Intent Control', { exact: true }).selectOption('BACKWORD');
    await expect(page.getByLabel('Intent Control', { exact: true })).toBeEnabled();
    await page.reload();
    await expect(page.getByLabel('After Splash Ads', { exact: true })).toHaveValue('FS_WEB');
    await expect(page.getByLabel('Play Button', { exact: true })).toHaveValue('REWARD');
    await expect(page.getByLabel('Intent Control', { exact: true })).toHaveValue('BACKWORD');
  });

  test('the Facebook, web redirect and search forms check and save', async ({ sessionPage: page }) => {
    let f = await submit(page, 'Facebook SDK', { 'Facebook App ID': '', 'Facebook Client Token': '' });
    await expect(f.getByText(m.facebookAppIdRequired)).toBeVisible();
    await expect(f.getByText(m.facebookClientTokenRequired)).toBeVisible();
    await submit(page, 'Facebook SDK', { 'Facebook App ID': '778899', 'Facebook Client Token': 'tok-123' });
    await expect(f.getByText(m.facebookAppIdRequired)).toBeHidden();

    f = await submit(page, 'Web Redirect URL', { 'Web Redirect URL': '', 'Web Position': '101' });
    await expect(f.getByText(m.webRedirectUrlRequired)).toBeVisible();
    await expect(f.getByText(m.webPositionMax)).toBeVisible();
    f = await submit(page, 'Web Redirect URL', { 'Web Redirect URL': 'not a url', 'Web Position': '0' });
    await expect(f.getByText(m.webRedirectUrlInvalid)).toBeVisible();
    await expect(f.getByText(m.webPositionMin)).toBeVisible();
    await submit(page, 'Web Redirect URL', {
      'Web Redirect URL': 'https://example.com/watch',
      'Web Position': '100',
    });
    await expect(f.getByText(m.webPositionMin)).toBeHidden();

    f = await submit(page, 'App Search Text', { 'Search Text': '   ' });
    await expect(f.getByText(m.searchTextRequired)).toBeVisible();
    await submit(page, 'App Search Text', { 'Search Text': 'Search live cricket' });
    await expect(f.getByText(m.searchTextRequired)).toBeHidden();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Facebook App ID' })).toHaveValue('778899');
    await expect(page.getByRole('textbox', { name: 'Facebook Client Token' })).toHaveValue('tok-123');
    await expect(page.getByRole('textbox', { name: 'Web Redirect URL' })).toHaveValue(
      'https://example.com/watch',
    );
    await expect(page.getByRole('spinbutton', { name: 'Web Position' })).toHaveValue('100');
    await expect(page.getByRole('textbox', { name: 'Search Text' })).toHaveValue('Search live cricket');
  });

  test('Install New App reveals the CTA URL form while on', async ({ sessionPage: page }) => {
    const sw = page.getByRole('switch', { name: 'Install New App' });
    if ((await sw.getAttribute('aria-checked')) === 'true') await flip(page, 'Install New App');
    await expect(page.getByLabel('CTA URL')).toHaveCount(0);
    await flip(page, 'Install New App');
    let f = await submit(page, 'Install CTA', { 'CTA URL': '' });
    await expect(f.getByText(m.installUrlRequired)).toBeVisible();
    f = await submit(page, 'Install CTA', {
      'CTA URL': 'https://play.google.com/store/apps/details?id=new.app',
    });
    await expect(f.getByText(m.installUrlRequired)).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('CTA URL')).toHaveValue(
      'https://play.google.com/store/apps/details?id=new.app',
    );
    await shoot(page, `controller-desktop`);
    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, `controller-375`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await flip(page, 'Install New App');
    await expect(page.getByLabel('CTA URL')).toHaveCount(0);
  });

  test('the maintenance message and payment forms check and save', async ({ sessionPage: page, api }) => {
    let f = await submit(page, 'Maintenance Message', { Message: ' ' });
    await expect(f.getByText(m.maintenanceMessageRequired)).toBeVisible();
    await submit(page, 'Maintenance Message', { Message: 'Back in ten minutes' });
    await expect(f.getByText(m.maintenanceMessageRequired)).toBeHidden();
    await expect
      .poll(
        async () =>
          (await api.call('GET', controllerRoutes.maintenance.path, { admin: false })).maintenanceMessage,
      )
      .toBe('Back in ten minutes');

    f = await submit(page, 'Payee', { 'UPI ID': 'nope', 'Payee Name': '', Phone: '12' });
    await expect(f.getByText(m.upiIdInvalid)).toBeVisible();
    await expect(f.getByText(m.payeeNameRequired)).toBeVisible();
    await expect(f.getByText(m.phoneInvalid)).toBeVisible();
    await submit(page, 'Payee', { 'UPI ID': 'shop@okbank', 'Payee Name': 'Shop', Phone: '+919876543210' });
    await expect(f.getByText(m.upiIdInvalid)).toBeHidden();
    f = await submit(page, 'Pay Amount', { 'Pay Amount': '0' });
    await expect(f.getByText(m.payAmountInvalid)).toBeVisible();
    await submit(page, 'Pay Amount', { 'Pay Amount': '49.5' });
    await expect(f.getByText(m.payAmountInvalid)).toBeHidden();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Back in ten minutes');
    await expect(page.getByRole('textbox', { name: 'UPI ID' })).toHaveValue('shop@okbank');
    await expect(page.getByRole('spinbutton', { name: 'Pay Amount' })).toHaveValue('49.5');
  });

  test('a payee save made after another admin changed the payee, in another page, is refused, not lost', async ({
    sessionPage: page,
    api,
  }) => {
    await api.call('PUT', controllerRoutes.phonePay.path, {
      body: { upi_id: 'shop@okbank', payee_name: 'Shop', phone: '+919876543210' },
    });
    const refused = editVersionMessages.changed(m.phonePayConflictThing);
    const other = await page.context().newPage();
    try {
      // This page changes the payee name; the other page changes the phone meanwhile and saves.
      await page.reload();
      await form(page, 'Payee').getByLabel('Payee Name', { exact: true }).fill('Shop by me');
      await other.goto('/controller');
      await submit(other, 'Payee', { Phone: '+911234567890' });
      await expect(other.locator('[data-sonner-toast]').filter({ hasText: m.updated })).toBeVisible();

      const payee = await submit(page, 'Payee', {});
      const alert = payee.getByRole('alert').filter({ hasText: refused });
      await expect(alert).toBeVisible();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: refused })).toBeVisible();
      await expect(payee.getByLabel('Payee Name', { exact: true })).toHaveValue('Shop by me');
      await expect(payee.getByRole('button', { name: 'Save' })).toBeDisabled();
      // The viewport, the form in it: a full-page shot of a scrolled page draws the fixed bars mid-page.
      await payee.scrollIntoViewIfNeeded();
      await shoot(page, `controller-edit-conflict`, { fullPage: false });
      const stored = async () => (await api.call('GET', controllerRoutes.get.path)).data;
      expect(await stored()).toMatchObject({ payee_name: 'Shop', phone: '+911234567890' });

      // Reloaded, the form shows the other page's phone; the name change, made again, keeps it.
      await alert.getByRole('button', { name: 'Reload the payee' }).click();
      await expect(form(page, 'Payee').getByLabel('Phone', { exact: true })).toHaveValue('+911234567890');
      await submit(page, 'Payee', { 'Payee Name': 'Shop by me' });
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: m.updated })).toBeVisible();
      await expect.poll(stored).toMatchObject({ payee_name: 'Shop by me', phone: '+911234567890' });
    } finally {
      await other.close();
    }
  });
});
