import type { Page } from '@playwright/test';
import { authMessages } from '@streamdesk/contract/auth';
import { messages } from '@streamdesk/contract/messages';
import { notificationMessages } from '@streamdesk/contract/notifications';
import { expect, test } from '../fixtures.js';
import { E2E_API_KEY } from '../server.js';
import { shoot } from '../shots.js';

const isStats = (url: string) => url.includes('/api/admin/system/stats');

test.describe('sign-in', () => {
  test('a wrong password shows the server message; the right one opens the dashboard', async ({
    page,
    admin,
  }) => {
    await page.goto('/admin/panel/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(authMessages.wrongCredentials)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Shortcut stories' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('admin_download') ?? 'null'));
    expect(stored).toEqual({ token: expect.any(String), isAdmin: true });
  });

  test('empty fields are flagged before any call', async ({ page }) => {
    // The page's headers are ones Chromium takes without a word: a feature it does not know in the
    // Permissions-Policy header logged an error on every page (bluetooth, 0023).
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/admin/panel/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(logged.filter((text) => text.includes('Permissions-Policy'))).toEqual([]);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(authMessages.emailRequired)).toBeVisible();
    await expect(page.getByText(authMessages.passwordRequired)).toBeVisible();
  });

  test('signed out, any other path shows the signed-out page with a way to sign in and back', async ({
    page,
    admin,
  }) => {
    await page.goto('/controller');
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/panel/login?next=%2Fcontroller');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/controller');
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
  });

  test('a session ended mid-work: from the sign-in dialog to the login page, which says so and returns to the screen', async ({
    sessionPage: page,
    admin,
  }) => {
    await page.goto('/show/video?web=true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await endSession(page);
    await page.getByRole('link', { name: 'Controller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/controller');
    await dialog.getByRole('button', { name: 'Go to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/admin\/panel\/login\?next=/);
    await expect(page.getByRole('alert').filter({ hasText: messages.unauthorized })).toBeVisible();
    await shoot(page, 'login-session-ended', { fullPage: false });

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
    await expect(page).toHaveURL('/controller');
  });

  test('a session ended mid-work: signing in again over the form keeps what was typed and sends it once', async ({
    sessionPage: page,
    admin,
  }) => {
    await page.goto('/notification');
    const form = page.getByRole('form', { name: 'Send a notification' });
    await form.getByLabel('Title').fill('Kick-off moved');
    await form.getByLabel('Message').fill('The final starts at 19:45 tonight.');
    await endSession(page);
    await form.getByRole('button', { name: 'Send' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByLabel('Type admin to confirm').fill('admin');
    await confirm.getByRole('button', { name: 'Send' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/notification');
    // Behind the modal dialog (hidden from the accessibility tree meanwhile), the form is as typed.
    const formBehind = page.getByRole('form', { name: 'Send a notification', includeHidden: true });
    await expect(formBehind.getByLabel('Title')).toHaveValue('Kick-off moved');
    await shoot(page, 'sign-in-again-dialog', { fullPage: false });
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Sign in and continue' }).click();

    await expect(dialog).toBeHidden();
    // No push service is configured in the e2e server: the send says no device received it.
    await expect(page.getByText(notificationMessages.noChannel)).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');
    const history = page.getByRole('table', { name: 'Notification history' });
    await expect(history.getByRole('row').filter({ hasText: 'Kick-off moved' })).toHaveCount(1);
    await expect(page).toHaveURL('/notification');
  });
});

/** Another device signs this session out (or it expires): the page's next admin call gets a 401. */
async function endSession(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('admin_download')!).token);
  const out = await page.request.post('/api/admin/logout', {
    headers: { 'api-key': E2E_API_KEY, authorization: `Bearer ${token}` },
  });
  expect(out.ok()).toBe(true);
}

test.describe('signed-in shell', () => {
  test('the side navigation marks the current section and the top bar links work', async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Story' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Live Match' }).click();
    await expect(page).toHaveURL('/add/liveMatch');
    await expect(nav.getByRole('link', { name: 'Live Match' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Controller' }).click();
    await expect(page).toHaveURL('/controller');
    await page.getByRole('link', { name: 'Streamdesk home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the side navigation expands under the pointer or the keyboard, and folds once the pointer leaves', async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const width = async () => (await nav.boundingBox())!.width;
    await expect.poll(width).toBe(64);
    await nav.getByRole('link', { name: 'Video' }).hover();
    await expect.poll(width).toBe(224);
    // A click leaves focus on the link: the rail still folds when the pointer moves on to the page.
    await nav.getByRole('link', { name: 'Video' }).click();
    await expect(page).toHaveURL('/add/video');
    await page.mouse.move(900, 500);
    await expect.poll(width).toBe(64);
    // Reached by Tab, it stays open while a link in it has the keyboard's focus.
    await nav.getByRole('link', { name: 'Policy' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Video' })).toBeFocused();
    await expect.poll(width).toBe(224);
  });

  test('the side navigation stays expanded with its labels once asked, after a reload too', async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const width = async () => (await nav.boundingBox())!.width;
    const expand = nav.getByRole('button', { name: /(Expand|Collapse) sidebar/ });
    await expect(expand).toHaveAccessibleName('Expand sidebar');
    await expand.click();
    await page.mouse.move(900, 500);
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect(expand).toHaveAccessibleName('Collapse sidebar');
    await expect.poll(width).toBe(224);
    await expect(nav.getByText('Live Match')).toBeVisible();
    // The screen moves over rather than lying under the rail.
    const main = page.getByRole('main');
    await expect
      .poll(async () => (await main.getByRole('heading').first().boundingBox())!.x)
      .toBeGreaterThan(224);
    await page.reload();
    await page.mouse.move(900, 500);
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(width).toBe(224);
    await shoot(page, 'side-nav-expanded-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(expand).toBeHidden();
    await shoot(page, 'side-nav-expanded-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expand.click();
    await page.mouse.move(900, 500);
    await expect.poll(width).toBe(64);
  });

  test('Skip to content is the first Tab stop and moves focus to the screen', async ({
    sessionPage: page,
  }) => {
    await page.goto('/controller');
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await shoot(page, 'skip-link-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the screen, not the top bar or the side navigation.
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('the server status shows numbers and refreshes every 5 s', async ({ signedInPage: page }) => {
    const status = page.getByRole('region', { name: 'Server status' });
    await expect(status).toContainText(/CPU\s*\d+%/);
    await expect(status).toContainText(/RAM\s*\d+%/);
    await expect(status).toContainText(/Storage\s*\d+%/);
    await expect(status).toContainText(/Live\s*\d+/);
    const first = await page.waitForResponse((r) => isStats(r.url()), { timeout: 8_000 });
    const second = await page.waitForResponse((r) => isStats(r.url()), { timeout: 8_000 });
    expect(first.ok() && second.ok()).toBe(true);
    await expect(status).toContainText(/CPU\s*\d+%/);
  });

  test('the server status says when its figures are old, and stops once the server answers', async ({
    signedInPage: page,
  }) => {
    const status = page.getByRole('region', { name: 'Server status' });
    await expect(status).toContainText(/CPU\s*\d+%/);
    // The server stops answering the polls: the figures stay (doc 1 section 8), said to be old after two.
    const stats = '**/api/admin/system/stats*';
    await page.route(stats, (route) => route.abort('connectionrefused'));
    await expect(status.getByRole('status')).toContainText(/Not updated since \d\d:\d\d:\d\d/, {
      timeout: 20_000,
    });
    await expect(status).toContainText(/CPU\s*\d+%/);
    await shoot(page, 'shell-stats-old', { fullPage: false });
    await page.unroute(stats);
    await expect(status.getByRole('status')).toBeHidden({ timeout: 10_000 });
  });

  test('unknown paths show the not-found page', async ({ sessionPage: page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(messages.pageNotFound)).toBeVisible();
  });

  test('/Error offers Go to Home', async ({ sessionPage: page }) => {
    await page.goto('/Error');
    await expect(page.getByText(messages.errorPage)).toBeVisible();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Shortcut stories' })).toBeVisible();
  });

  test('a list that cannot load stays on its screen with a Retry; /Error offers Try again', async ({
    signedInPage: page,
  }) => {
    const list = '**/api/App/all/only/story/video*';
    await page.route(list, (route) => route.abort('connectionrefused'));
    await page.goto('/add/story/video');
    const alert = page.getByRole('alert').filter({ hasText: 'Internet Server Error' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL('/add/story/video');
    await shoot(page, 'failed-load-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, 'failed-load-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.unroute(list);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL('/add/story/video');

    await page.goto('/Error');
    await shoot(page, 'error-page-try-again', { fullPage: false });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('a screen whose code cannot load says so inside the shell, and loads once the connection is back', async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Story' })).toBeVisible();
    // Offline, the Controller screen's code (not visited yet) cannot be fetched.
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Controller' }).click();
    await expect(page.getByRole('heading', { name: messages.screenLoadFailed })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The navigation and top bar stay around the message.
    await expect(nav.getByRole('link', { name: 'Live Match' })).toBeVisible();
    await shoot(page, 'shell-screen-load-failed', { fullPage: false });
    // Back online, the page loads afresh by itself.
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
    await expect(page).toHaveURL('/controller');
  });

  test('a screen whose code is slow to come says so in words, and the screen shows when it arrives', async ({
    sessionPage: page,
  }) => {
    // A fake clock, so the 10 s before the words say the connection may be slow pass at once; it otherwise
    // runs at the real pace.
    await page.clock.install();
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Story' }),
    ).toBeVisible();
    // The Controller screen's code (not visited yet) is held, as a frozen connection would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/controller-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Controller' }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading the screen…' })).toBeVisible();
    const slow = page
      .getByRole('status')
      .filter({ hasText: 'This screen is still loading. The connection may be slow.' });
    await page.clock.fastForward(10_000);
    await expect(slow).toBeVisible();
    await shoot(page, 'shell-screen-loading-slow', { fullPage: false });
    // The screen the admin is on stays usable meanwhile, and the held screen shows once its code comes.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Controller', level: 1 })).toBeVisible();
    await expect(slow).toBeHidden();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeHidden();
  });

  test('logout revokes the session and clears browser storage', async ({ signedInPage: page, api }) => {
    await page.evaluate(() => sessionStorage.setItem('scratch', '1'));
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin/panel/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    const storage = await page.evaluate(() => [localStorage.length, sessionStorage.length]);
    expect(storage).toEqual([0, 0]);
    await expect.poll(async () => (await api.call('GET', '/api/admin/auth/check')).status).toBe(false);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the top bar folds into a menu with the links and the server status', async ({
    signedInPage: page,
  }) => {
    await expect(page.getByRole('heading', { name: 'Shortcut stories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Controller' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Server status' })).toContainText(/CPU\s*\d+%/);
    await expect(page.getByRole('link', { name: 'Notification' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
    await page.getByRole('link', { name: 'Controller' }).click();
    await expect(page).toHaveURL('/controller');
    await expect(page.getByRole('link', { name: 'Notification' })).toBeHidden();
  });

  test('the side navigation opens with the toggle button', async ({ signedInPage: page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByRole('link', { name: 'Policy' }).click();
    await expect(page).toHaveURL('/policy');
    await expect(nav).toBeHidden();
  });

  test('the login page fits', async ({ page }) => {
    await page.goto('/admin/panel/login');
    const box = await page.getByRole('button', { name: 'Login' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
