import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** The files stored in a media folder of a test app (`.tmp` holds partial uploads). */
export function storedFiles(t: TestApp, folder: string): string[] {
  const dir = path.join(t.config.dataDir, 'media', folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Whether the file behind a `/media/...` URL exists. */
export const isStored = (t: TestApp, url: string): boolean =>
  existsSync(path.join(t.config.dataDir, url.replace(/^\//, '')));
