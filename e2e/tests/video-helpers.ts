import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import type { Api } from '../fixtures.js';
import { mediaDir, mediaFiles } from '../media.js';

/** A unique name per test run, so tests sharing a worker's server never see each other's rows. */
export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 7)}`;

export async function seedCategory(api: Api, media: typeof mediaFiles, name = unique('Category')) {
  const reply = await api.upload('POST', '/api/App/video/category', { name }, { image: media.png });
  return (reply.data as { _id: string; name: string }) ?? { _id: '', name };
}

/** Uploads `count` videos (the three generated clips in turn) and returns their ids, newest last. */
export async function seedVideos(api: Api, media: typeof mediaFiles, category: string, count: number) {
  const clips = [media.mp4, media.mp4b, media.mp4c];
  const files = Array.from({ length: count }, (_, i) => clips[i % clips.length]!);
  const reply = await api.upload('POST', '/api/App/video', { category }, { video: files });
  return (reply.data as { _id: string }[]).map((v) => v._id);
}

/** A new category with `count` videos, and the library showing only them. */
export async function openLibraryWith(page: Page, api: Api, media: typeof mediaFiles, count: number) {
  const category = await seedCategory(api, media);
  await seedVideos(api, media, category._id, count);
  await page.goto('/show/video');
  await page.getByLabel('Category').selectOption({ label: category.name });
  await expect(page.getByText(`Showing ${count} of ${count} videos`)).toBeVisible();
}

/**
 * `name` in the media folder, `size` bytes: a real MP4 (the generated clip) followed by a `free` box, which
 * players skip, so the server probes and keeps it as any other video. Made once; returns its path.
 */
export function paddedMp4(name: string, size: number) {
  const file = path.join(mediaDir, name);
  if (existsSync(file)) return file;
  const clip = readFileSync(mediaFiles.mp4);
  const pad = Buffer.alloc(size - clip.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'latin1');
  writeFileSync(file, Buffer.concat([clip, pad]));
  return file;
}

/** A new category, and the upload page open with it selected. */
export async function openUploadWith(page: Page, api: Api, media: typeof mediaFiles) {
  const category = await seedCategory(api, media);
  await page.goto('/add/video');
  await page.getByLabel('Category').selectOption({ label: category.name });
  return category;
}

/**
 * Back on Upload Videos through the side navigation with `category` selected and `file` picked again: its
 * row says it resumes where it stopped (the browser kept its upload's URL).
 */
export async function pickAgainOnUpload(page: Page, category: string, file: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Video', exact: true })
    .click();
  // Off the rail, which the pointer over it holds open across the screen.
  await page.mouse.move(900, 600);
  await page.getByLabel('Category').selectOption({ label: category });
  await page.getByLabel('Videos (MP4)').setInputFiles(file);
  const list = page.getByRole('list', { name: 'Selected videos' });
  await expect(list.getByText(videoUploadMessages.resumes)).toBeVisible();
}

/** Answers the arithmetic confirmation, right or wrong. */
export async function answerMath(page: Page, right = true) {
  const problem = (await page.getByTestId('math-problem').textContent()) ?? '';
  const [a, b] = problem.match(/\d+/g)!.map(Number);
  await page.getByLabel('Answer').fill(String(a! + b! + (right ? 0 : 1)));
}

/**
 * Throttles what the page sends to `bytesPerSecond` (Chromium's network emulation, through CDP), so an
 * upload's progress can be watched; `restore` lifts it.
 */
export async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  const conditions = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await cdp.send('Network.enable');
  await conditions(bytesPerSecond);
  return {
    restore: async () => {
      await conditions(-1);
      await cdp.detach();
    },
  };
}
