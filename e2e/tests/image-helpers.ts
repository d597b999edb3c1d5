import type { Locator } from '@playwright/test';

/**
 * For `expect.poll`: a list image's natural width, 0 until its pixels are in. A list image is fetched once
 * its row comes near the window (0049), and the box it shows until then is replaced by the image: each
 * poll scrolls it there.
 */
export const listImageWidth = (img: Locator) => () =>
  img.evaluate((el: HTMLElement) => {
    el.scrollIntoView({ block: 'nearest' });
    return el instanceof HTMLImageElement && el.complete ? el.naturalWidth : 0;
  });
