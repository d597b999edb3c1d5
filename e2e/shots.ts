import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * The screenshots the specs take for a person to look at (no test reads them), taken only when asked:
 * `E2E_SHOTS=1 npm run test:e2e` writes them to /tmp/shots, `E2E_SHOTS=/some/folder` there. Off in
 * `npm test`: a run took about 140, each 40-460 ms of Chromium's CPU and a pause of the test while it is
 * drawn and encoded (a full page of 60 table rows 160 ms, of 200 rows 460 ms; docs/decisions/0024).
 */
const folder = process.env.E2E_SHOTS
  ? process.env.E2E_SHOTS === '1'
    ? '/tmp/shots'
    : path.resolve(process.env.E2E_SHOTS)
  : undefined;
if (folder) mkdirSync(folder, { recursive: true });

/** Writes `name`.png of the page (the whole page unless `fullPage` is false) or of the element. */
export async function shoot(target: Page | Locator, name: string, { fullPage = true } = {}) {
  if (!folder) return;
  const file = path.join(folder, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

/** `name`.png of the whole page at the desktop width, then `name`-375.png at a phone's, back after. */
export async function shootWidths(page: Page, name: string) {
  if (!folder) return;
  await shoot(page, name);
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}
