import { expect, type Locator, type Page } from '@playwright/test';

/** Phone, tablet and laptop: the widths the back office is checked at. */
export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 375, height: 812 },
] as const;

/** The box a table scrolls sideways in (its parent). */
export const scrollBoxOf = (table: Locator) => table.locator('xpath=..');

/**
 * Each of `targets` lies wholly within the part of the table's box a person sees: not scrolled out of
 * the box, and not past the edge of the screen. Measured as the page is, with no click first (a click
 * would scroll the box to its target).
 */
export async function expectInView(page: Page, table: Locator, ...targets: Locator[]) {
  const screen = page.viewportSize()!.width;
  // boundingBox() does not wait: right after a navigation the box may not be drawn yet (null).
  await expect(scrollBoxOf(table)).toBeVisible();
  for (const target of targets) await expect(target).toBeVisible();
  // Measured again until it holds: a screen opened by a tab can draw its bar again between the visibility
  // checks and the measure (the box was null once in CI, right after a kind's tab opened its screen).
  await expect(async () => {
    const box = await scrollBoxOf(table).boundingBox();
    expect(box, `${scrollBoxOf(table)} at ${screen} px`).not.toBeNull();
    const left = Math.max(0, box!.x);
    const right = Math.min(screen, box!.x + box!.width);
    for (const target of targets) {
      const at = await target.boundingBox();
      const what = `${target} at ${screen} px`;
      expect(at, what).not.toBeNull();
      expect(at!.x, what).toBeGreaterThanOrEqual(left - 1);
      expect(at!.x + at!.width, what).toBeLessThanOrEqual(right + 1);
    }
  }).toPass({ timeout: 5_000 });
}

/** The table is no wider than its box: nothing to scroll sideways. */
export async function expectFitsBox(table: Locator) {
  const { scroll, client } = await scrollBoxOf(table).evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, `${table} is ${scroll} px wide in a ${client} px box`).toBeLessThanOrEqual(client);
}

/** The page itself does not scroll sideways. */
export async function expectNoPageOverflow(page: Page) {
  const { scroll, screen } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(scroll, `the page is ${scroll} px wide on a ${screen} px screen`).toBeLessThanOrEqual(screen);
}

/** Scrolls the table's box to its far right, as a person reaching the last column would. */
export async function scrollToEnd(table: Locator) {
  await scrollBoxOf(table).evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
}

/** Two boxes do not overlap (a control does not run over its neighbour). */
export async function expectApart(a: Locator, b: Locator) {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${a} runs over ${b}`).toBe(false);
}

/**
 * Each of `targets` ends left of where `cover` starts: a row's text is not under its opaque sticky
 * Actions cell, which a table wider than its box scrolls the other columns beneath.
 */
export async function expectLeftOf(cover: Locator, ...targets: Locator[]) {
  const left = (await cover.boundingBox())!.x;
  for (const target of targets) {
    const at = (await target.boundingBox())!;
    expect(at.x + at.width, `${target} runs under ${cover}`).toBeLessThanOrEqual(left + 1);
  }
}

/** `inner` lies wholly inside `outer` (a control does not stick out of its form or bar). */
export async function expectInside(outer: Locator, inner: Locator) {
  const [o, i] = [(await outer.boundingBox())!, (await inner.boundingBox())!];
  const what = `${inner} in ${outer}`;
  expect(i.x, what).toBeGreaterThanOrEqual(o.x - 1);
  expect(i.y, what).toBeGreaterThanOrEqual(o.y - 1);
  expect(i.x + i.width, what).toBeLessThanOrEqual(o.x + o.width + 1);
  expect(i.y + i.height, what).toBeLessThanOrEqual(o.y + o.height + 1);
}

/**
 * A file picker is wide enough to show its button and its "No file chosen" whole. Chromium draws both
 * inside the input's own box and cuts the text ("No…en") when the box is narrower, so the box can fit its
 * form while the text does not: this measures what the picker needs from its computed fonts and its
 * button's padding, border and margin.
 */
export async function expectFileInputWhole(input: Locator) {
  const { needs, has } = await input.evaluate((el) => {
    const button = getComputedStyle(el, '::file-selector-button');
    const own = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    const width = (text: string, style: CSSStyleDeclaration) => {
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return ctx.measureText(text).width;
    };
    const px = (...values: string[]) => values.reduce((sum, v) => sum + (parseFloat(v) || 0), 0);
    const buttonBox =
      width('Choose File', button) +
      px(button.paddingLeft, button.paddingRight, button.borderLeftWidth, button.borderRightWidth) +
      px(button.marginLeft, button.marginRight);
    return {
      needs: buttonBox + width('No file chosen', own) + px(own.paddingLeft, own.paddingRight),
      has: el.getBoundingClientRect().width,
    };
  });
  expect(
    has,
    `${input} is ${has} px wide; its button and "No file chosen" need ${needs} px`,
  ).toBeGreaterThanOrEqual(needs);
}
