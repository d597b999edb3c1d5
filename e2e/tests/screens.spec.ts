import type { Page } from '@playwright/test';
import { inHouseRoutes } from '@streamdesk/contract/inhouse-ads';
import { webPaths } from '@streamdesk/contract/web-paths';
import { expect, test, type Api } from '../fixtures.js';
import { openInApp } from './in-app.js';
import { expectNoPageOverflow } from './layout-helpers.js';
import { seedEverything } from './seed-everything.js';
import { shoot } from '../shots.js';

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

/**
 * On a phone, the lists' cards whose buttons take more than one line (a video's Delete alone on a second
 * line), or whose label is broken inside a word: a card's buttons share one line, a long label on two
 * lines inside its button, between words (docs/decisions/0060).
 */
async function cardButtonsOnTwoLines(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const cell of Array.from(document.querySelectorAll('tbody td[data-actions]'))) {
      const tops = Array.from(cell.querySelectorAll('button, a[href]'))
        .filter((el) => el instanceof HTMLElement && el.checkVisibility())
        .map((el) => Math.round(el.getBoundingClientRect().top));
      const row = cell.closest('tr')?.getAttribute('aria-label') ?? 'a row';
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2)
        found.push(`${row}: ${cell.textContent?.trim()}`);
      // A label on more lines than it has words is broken inside a word ('Histor / y').
      for (const control of Array.from(cell.querySelectorAll('button, a[href]'))) {
        const range = document.createRange();
        range.selectNodeContents(control);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        const words = control.textContent?.trim().split(/\s+/).length ?? 0;
        if (lines.size > words) found.push(`${row}: "${control.textContent?.trim()}" broken inside a word`);
      }
    }
    return found;
  });
}

/**
 * The Save buttons in the middle of a card (a section) instead of at the end of what it saves: not at
 * the card's right edge (a form in half the card), or followed by a control of the card that is in no
 * form (a switch under the Save, read as saved by it). A form of one field whose Save stands beside its
 * input is one compact unit, wherever it sits (`singleFieldFormsApart` judges it).
 */
async function savesMidCard(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const shown = (el: Element) => el instanceof HTMLElement && el.checkVisibility();
    const nameOf = (el: Element) => {
      const by = el.getAttribute('aria-labelledby');
      const named = by ? document.getElementById(by.split(' ')[0]!)?.textContent : undefined;
      const label = (el as HTMLButtonElement).labels?.[0]?.textContent;
      return el.getAttribute('aria-label') || named || label || el.textContent?.trim().slice(0, 40);
    };
    // The card a form sits in (or is): the nearest box drawn around it (a border or a ring), or its section.
    const cardOf = (el: Element) => {
      let box: Element | null = el;
      while (box && box.tagName !== 'SECTION' && box.tagName !== 'MAIN') {
        const style = getComputedStyle(box);
        if (parseFloat(style.borderRightWidth) > 0 || style.boxShadow !== 'none') break;
        box = box.parentElement;
      }
      return box;
    };
    for (const section of Array.from(document.querySelectorAll('main section'))) {
      const submits = Array.from(
        section.querySelectorAll('[data-form-actions] > button[type="submit"]'),
      ).filter(shown);
      if (submits.length === 0) continue;
      for (const submit of submits) {
        const fields = Array.from(
          submit
            .closest('form')!
            .querySelectorAll(
              'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"], [type="button"]), textarea, select',
            ),
        ).filter(shown);
        const s = submit.getBoundingClientRect();
        const f = fields[0]?.getBoundingClientRect();
        if (fields.length === 1 && f && s.top < f.bottom && s.bottom > f.top) continue;
        const card = cardOf(submit.closest('form')!)!;
        const style = getComputedStyle(card);
        const edge =
          card.getBoundingClientRect().right -
          parseFloat(style.paddingRight) -
          parseFloat(style.borderRightWidth);
        if (Math.abs(submit.getBoundingClientRect().right - edge) > 2)
          found.push(
            `"${nameOf(submit)}" of ${nameOf(submit.closest('form')!)} not at its card's right edge`,
          );
      }
      const last = submits.at(-1)!;
      const after = Array.from(section.querySelectorAll('button, input, select, textarea, a[href]'))
        .filter(shown)
        .filter(
          (el) => !el.closest('form') && last.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      for (const el of after)
        found.push(`"${nameOf(el)}" under the Save of ${nameOf(last.closest('form')!)}`);
    }
    return found;
  });
}

/**
 * The outlined buttons of a page's header (History, Change log, Export CSV) that differ in height: the
 * controller's and the policy's History stood a size taller than the Change log beside it.
 */
async function headerButtonsOfTwoSizes(page: Page) {
  return page.evaluate(() => {
    const heading = document.querySelector('main h1');
    const actions = heading?.parentElement?.nextElementSibling;
    if (!actions) return [];
    const outlined = Array.from(actions.querySelectorAll('button, a[href]')).filter(
      (el) =>
        el instanceof HTMLElement && el.checkVisibility() && getComputedStyle(el).boxShadow.includes('inset'),
    );
    const heights = new Set(outlined.map((el) => Math.round(el.getBoundingClientRect().height)));
    return heights.size > 1
      ? outlined.map(
          (el) => `"${el.textContent?.trim()}" ${Math.round(el.getBoundingClientRect().height)} px`,
        )
      : [];
  });
}

/**
 * The list rows (a table's, or a card list's) whose actions hide behind a menu button (⋮): every list
 * gives its rows buttons in the Actions column, one style chosen once (issue 36, docs/decisions/0058).
 */
async function rowMenus(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main tbody [aria-haspopup], main li [aria-haspopup]'))
      .filter((el) => el instanceof HTMLElement && el.checkVisibility())
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
  );
}

/**
 * The lists whose Actions column is not aligned as every list's is: at the right (docs/decisions/0058),
 * its head and, in each row (or a phone's card), its buttons against the cell's right edge.
 */
async function actionsNotAtTheRight(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const shown = (el: Element) => el instanceof HTMLElement && el.checkVisibility();
    for (const table of Array.from(document.querySelectorAll<HTMLTableElement>('main table'))) {
      const name = table.caption?.textContent ?? 'a table';
      // The head of a column of row buttons (an Action or Actions column whose cells hold them: the
      // activity log's Action column is words).
      const heads = Array.from(table.querySelectorAll<HTMLTableCellElement>('thead th'));
      const holdsButtons = (head: HTMLTableCellElement) =>
        Array.from(table.tBodies[0]?.rows ?? []).some(
          (row) => row.cells[heads.indexOf(head)]?.dataset.actions !== undefined,
        );
      for (const head of heads.filter(shown))
        if (
          /^actions?$/i.test(head.textContent?.trim() ?? '') &&
          holdsButtons(head) &&
          getComputedStyle(head).textAlign !== 'right'
        )
          found.push(`${name}: the Actions head is ${getComputedStyle(head).textAlign}`);
      for (const cell of Array.from(table.querySelectorAll('tbody td[data-actions]')).filter(shown)) {
        const controls = Array.from(cell.querySelectorAll('button, a[href]')).filter(shown);
        if (controls.length === 0) continue;
        const right = Math.max(...controls.map((el) => el.getBoundingClientRect().right));
        const style = getComputedStyle(cell);
        const edge = cell.getBoundingClientRect().right - parseFloat(style.paddingRight);
        if (Math.abs(edge - right) > 2) {
          const row = cell.closest('tr')?.textContent?.trim().slice(0, 30);
          found.push(
            `${name}: buttons of "${row}" end ${Math.round(edge - right)} px left of the cell's edge`,
          );
        }
      }
    }
    return found;
  });
}

/**
 * On a laptop, the rows whose buttons take more than one line (a notification's three one under the
 * other, its long URL having taken the room), and the lists that then scroll sideways: a row's buttons
 * keep one line and the row's text gives way (wraps) instead.
 */
async function rowButtonsOnTwoLinesOrScrolling(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLTableElement>('main table'))) {
      const name = table.caption?.textContent ?? 'a table';
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) found.push(`${name}: scrolls sideways`);
      for (const cell of Array.from(table.querySelectorAll('tbody td[data-actions]'))) {
        const tops = Array.from(cell.querySelectorAll('button, a[href]'))
          .filter((el) => el instanceof HTMLElement && el.checkVisibility())
          .map((el) => Math.round(el.getBoundingClientRect().top));
        if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2)
          found.push(`${name}: "${cell.textContent?.trim()}" on more than one line`);
      }
    }
    return found;
  });
}

/**
 * On a phone, the tab bars (the ad kinds, a section's screens) that take more than one line: a bar is one
 * line, scrolled sideways when its tabs do not fit (the ad kinds had taken three lines).
 */
async function tabBarsOnTwoLines(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main nav ul'))
      .filter((bar) => {
        const tops = Array.from(bar.querySelectorAll('a'))
          .filter((a) => a.checkVisibility())
          .map((a) => Math.round(a.offsetTop));
        return new Set(tops).size > 1;
      })
      .map((bar) => bar.closest('nav')?.getAttribute('aria-label') ?? 'a tab bar'),
  );
}

/**
 * The read-only values that look like fields one could change (a story's View Count in a white input):
 * a labelled read-only input drawn as an enabled one. A value shown, not edited, is text (issue 36).
 */
async function readOnlyLookingEditable(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('main input[readonly], main textarea[readonly]'))
      .filter((el) => el.checkVisibility() && (el.labels?.length ?? 0) > 0)
      .filter((el) => getComputedStyle(el).backgroundColor === 'rgb(255, 255, 255)')
      .map((el) => el.labels![0]!.textContent?.trim() ?? ''),
  );
}

/**
 * The forms of one field whose Save stands apart from it (the controller's Story Ads Position in half a
 * card, its Save at the far right): the Save is beside the field, level with it, or under its end.
 */
async function singleFieldFormsApart(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const shown = (el: Element) => el instanceof HTMLElement && el.checkVisibility();
    for (const form of Array.from(document.querySelectorAll('main form')).filter(shown)) {
      if (form.closest('[role="dialog"]')) continue;
      const fields = Array.from(
        form.querySelectorAll(
          'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"], [type="button"]), textarea, select',
        ),
      ).filter(shown);
      const submit = Array.from(form.querySelectorAll('[data-form-actions] button[type="submit"]')).find(
        shown,
      );
      if (fields.length !== 1 || !submit) continue;
      const f = fields[0]!.getBoundingClientRect();
      const b = submit.getBoundingClientRect();
      const name = form.getAttribute('aria-label') ?? submit.textContent?.trim();
      const sameRow = b.top < f.bottom && b.bottom > f.top;
      if (sameRow ? b.left - f.right > 16 : Math.abs(f.right - b.right) > 2)
        found.push(
          `${name}: its ${submit.textContent?.trim()} ${Math.round(b.left - f.right)} px from its field`,
        );
    }
    return found;
  });
}

/**
 * At a laptop's width, the single-line number inputs drawn wider than their content could ever need
 * (the controller's Story Ads Position across a whole card, for a value of 1 to 9): a number field is
 * as wide as a number, its Save beside it (issue 36, docs/decisions/0060).
 */
async function numberFieldsTooWide(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('main input[type="number"]'))
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 320)
      .map(
        (el) =>
          `${el.labels?.[0]?.textContent?.trim() ?? el.getAttribute('aria-label') ?? el.name}: ${Math.round(el.getBoundingClientRect().width)} px`,
      ),
  );
}

/**
 * The labels of one row of a form that do not share their top (Team's Role label 2 px under Name and
 * Email, the row aligned by its fields' ends and the select a little taller): side-by-side fields
 * start level, their labels within 1 px.
 */
async function labelsOfARowNotLevel(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const form of Array.from(document.querySelectorAll('main form'))) {
      const labels = Array.from(form.querySelectorAll('label'))
        .filter((label) => {
          const control = label.control;
          if (!control || !label.checkVisibility()) return false;
          if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type))
            return false;
          return label.getBoundingClientRect().width > 1;
        })
        .map((label) => ({ text: label.textContent?.trim() ?? '', box: label.getBoundingClientRect() }));
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) {
          const sideBySide = a.box.right <= b.box.left || b.box.right <= a.box.left;
          const sameRow = a.box.top < b.box.bottom && b.box.top < a.box.bottom;
          if (sideBySide && sameRow && Math.abs(a.box.top - b.box.top) > 1)
            found.push(`"${a.text}" and "${b.text}" ${Math.abs(a.box.top - b.box.top).toFixed(1)} px apart`);
        }
    }
    return found;
  });
}

async function checkScreen(page: Page, name: string, heading = page.getByRole('heading', { level: 1 })) {
  await expect(heading.first(), `the heading of ${name}`).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoPageOverflow(page);
  expect(await controlsOffScreen(page), `controls off the screen on ${name}`).toEqual([]);
  expect(await submitsOutOfPlace(page), `submit buttons out of place on ${name}`).toEqual([]);
  expect(await headerButtonsOfTwoSizes(page), `header buttons of two sizes on ${name}`).toEqual([]);
  expect(await savesMidCard(page), `Save buttons in the middle of a card on ${name}`).toEqual([]);
  expect(await singleFieldFormsApart(page), `one-field forms with their Save apart on ${name}`).toEqual([]);
  expect(await rowMenus(page), `list rows with a menu for their actions on ${name}`).toEqual([]);
  expect(await readOnlyLookingEditable(page), `read-only values that look editable on ${name}`).toEqual([]);
  expect(await actionsNotAtTheRight(page), `an Actions column not at the right on ${name}`).toEqual([]);
  expect(await labelsOfARowNotLevel(page), `labels of one form row not level on ${name}`).toEqual([]);
  if (page.viewportSize()!.width >= 1280) {
    expect(await numberFieldsTooWide(page), `number fields wider than 320 px on ${name}`).toEqual([]);
    expect(
      await rowButtonsOnTwoLinesOrScrolling(page),
      `a row's buttons not on one line, or a list scrolling sideways, on ${name}`,
    ).toEqual([]);
  }
  if (page.viewportSize()!.width < 768) {
    expect(await listsCutOnAPhone(page), `lists cut on a phone on ${name}`).toEqual([]);
    expect(await cardButtonsOnTwoLines(page), `a card's buttons not on one line on ${name}`).toEqual([]);
    expect(await tabBarsOnTwoLines(page), `tab bars on more than one line on ${name}`).toEqual([]);
  }
  const width = page.viewportSize()!.width;
  const file = name.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'home';
  await shoot(page, `${file}-${width}`);
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
      await openInApp(page, path);
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
