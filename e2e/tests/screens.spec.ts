import type { Page } from '@playwright/test';
import { inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import { webPaths } from '@streamdesk/contract/web-paths';
import { expect, test, type Api } from '../fixtures.js';
import { expectNoPageOverflow } from './layout-helpers.js';
import { seedEverything } from './seed-everything.js';

// Every screen of the back office, with rows in its lists, at a laptop's and a phone's width (issue 36):
// the page does not scroll sideways, its heading shows, and every button, link and field can be reached.
// The screenshots go to test-results/screens/ to be looked at.

test.use({ serverFor: 'screens' });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/**
 * The buttons, links and fields a person cannot reach: past the screen's left or right edge, and not in
 * a box that scrolls sideways (a wide table) lying on the screen. Hidden ones (the closed side menu of
 * a phone, a screen reader's text) do not count.
 */
async function controlsOffScreen(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const off = (r: DOMRect) => r.left < -1 || r.right > screen + 1;
    const scrollsSideways = (el: Element) => {
      const { overflowX } = getComputedStyle(el);
      return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth;
    };
    const found: string[] = [];
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="link"], [role="textbox"]',
    );
    for (const el of Array.from(controls)) {
      if (!(el instanceof HTMLElement)) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || !off(box)) continue;
      let box2: Element | null = el.parentElement;
      while (box2 && !scrollsSideways(box2)) box2 = box2.parentElement;
      if (box2 && box2 !== document.documentElement && !off(box2.getBoundingClientRect())) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      found.push(`${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return found;
  });
}

/**
 * On a phone, the lists whose rows do not fit the screen: a table box that scrolls sideways (its middle
 * columns hidden behind the Actions column), or a cell's text cut short (a URL showing just 'http').
 * Each row is a card there (docs/decisions/0060): nothing of it should need a sideways scroll.
 */
async function listsCutOnAPhone(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const name = table.caption?.textContent ?? 'a table';
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) found.push(`${name}: scrolls sideways`);
      for (const cell of Array.from(table.querySelectorAll('tbody td'))) {
        if (!(cell instanceof HTMLElement) || !cell.checkVisibility()) continue;
        for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('a, span, p'))]) {
          // (A screen reader's text is 1 px wide on purpose, and an inline element has no width of its own.)
          if (el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
            found.push(`${name}: "${el.textContent?.trim().slice(0, 30)}" cut`);
        }
      }
    }
    return found;
  });
}

/**
 * The forms' submit buttons that are not in the one place every form keeps them (FormActions, issue 36,
 * docs/decisions/0060): a line of their own under the fields, at the right, the same size everywhere.
 */
async function submitsOutOfPlace(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main form button[type="submit"]'))
      .filter((b) => b instanceof HTMLElement && b.checkVisibility() && !b.closest('[role="dialog"]'))
      .filter((b) => !b.parentElement?.matches('[data-form-actions]'))
      .map((b) => b.textContent?.trim() ?? ''),
  );
}

async function checkScreen(page: Page, name: string, heading = page.getByRole('heading', { level: 1 })) {
  await expect(heading.first(), `the heading of ${name}`).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoPageOverflow(page);
  expect(await controlsOffScreen(page), `controls off the screen on ${name}`).toEqual([]);
  expect(await submitsOutOfPlace(page), `submit buttons out of place on ${name}`).toEqual([]);
  if (page.viewportSize()!.width < 768)
    expect(await listsCutOnAPhone(page), `lists cut on a phone on ${name}`).toEqual([]);
  const width = page.viewportSize()!.width;
  const file = name.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'home';
  await page.screenshot({ path: `test-results/screens/${file}-${width}.png`, fullPage: true });
}

/** The edit pages' ids: the seeded story video, story ad and in-house ad, and the web ad's dashboard. */
async function editPages(api: Api) {
  const first = async (path: string) => {
    const reply = (await api.call('GET', path)) as { data: { _id: string }[] };
    return reply.data[0]!._id;
  };
  const id = (pattern: string, value: string) => pattern.replace(':id', value);
  return [
    id(webPaths.editStoryVideo, await first('/api/App/all/only/story/video')),
    id(webPaths.editStoryAd, await first('/api/App/all/only/story/ads')),
    id(webPaths.editInHouseAd, await first(`${inHouseRoutes.list.path}?a=true`)),
    `${id(webPaths.analytics, await first('/api/App/ads/webads/admin/get'))}?q=AxeWeb&adsType=web`,
  ];
}

let screens: string[] | undefined;

/** The sidebar's and the top bar's links, the tabs of each section they open, and the edit pages. */
async function allScreens(page: Page, api: Api) {
  const hrefs = async (links: ReturnType<Page['getByRole']>) =>
    (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!))).map(
      (href) => new URL(href, 'http://x').pathname + new URL(href, 'http://x').search,
    );
  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  // The links show once the session is checked: the last of each bar first.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
  const sidebar = await hrefs(page.getByRole('navigation', { name: 'Main' }).getByRole('link'));
  // The top bar's links (Controller, Notification, Team, Activity, My account), Logout left out.
  const topBar = await hrefs(page.getByRole('banner').getByRole('link').filter({ hasNotText: 'Logout' }));
  const found = new Set([...sidebar, ...topBar]);
  for (const path of sidebar) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // A section's tabs (Live Match, Ads Fire, history; the ad unit kinds) are links in the page's body.
    for (const tab of await hrefs(page.getByRole('main').getByRole('navigation').getByRole('link')))
      found.add(tab);
  }
  for (const path of await editPages(api)) found.add(path);
  return [...found].filter((path) => path.startsWith('/') && !path.startsWith('/site'));
}

test('every screen of the back office holds at 1280 and 375 px', async ({
  signedInPage: page,
  api,
  media,
}) => {
  test.setTimeout(180_000);
  const story = JSON.stringify({ btnName: 'Go', btnUrl: 'https://example.com', adsStory: true });
  await seedEverything(api, media);
  await api.upload('POST', '/api/App/Add/Story/Video', { insertData: story }, { image: media.jpeg });
  screens ??= await allScreens(page, api);
  expect(screens.length, screens.join(' ')).toBeGreaterThan(30);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of screens) {
      await page.goto(path);
      await checkScreen(page, path);
    }
  }
});

test('the public site and the sign-in page hold at 1280 and 375 px', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(webPaths.login);
    await checkScreen(page, 'sign-in', page.getByRole('button', { name: /sign in|log ?in/i }));
    await page.goto(webPaths.sitePolicy);
    await checkScreen(page, '/site/policy', page.getByRole('heading'));
    await page.goto(webPaths.site);
    await checkScreen(page, '/site/', page.getByRole('link', { name: /google play/i }));
  }
});
