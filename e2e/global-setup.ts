import { existsSync } from 'node:fs';
import { makeMediaFiles } from './media.js';
import { serverEntry, webEntry } from './server.js';

/** The suite runs against the built product; scripts/test.mjs builds it first. */
export default async function globalSetup(): Promise<void> {
  for (const file of [serverEntry, webEntry]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run "npm run build" before the browser suite.`);
  }
  makeMediaFiles();
}
