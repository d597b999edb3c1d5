import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { isSealedReply, openReply, sealRequest } from '@streamdesk/contract/envelope';
import { mediaFiles } from './media.js';
import { E2E_ADMIN, E2E_API_KEY, E2E_PAYLOAD_KEY, startServer, type RunningServer } from './server.js';

export { expect };

type Json = Record<string, unknown>;

/** Calls the API as the app or the admin would, to seed and check data around a browser test. */
export interface Api {
  token(): Promise<string>;
  /** JSON call; `admin` (default true) adds the bearer token; `seal` sends the body enveloped. Returns the opened JSON. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; admin?: boolean; seal?: boolean },
  ): Promise<Json>;
  /** Multipart call; files are paths on disk, sent under their field names. */
  upload(
    method: string,
    path: string,
    fields: Record<string, string>,
    files: Record<string, string | string[]>,
  ): Promise<Json>;
}

interface WorkerFixtures {
  server: RunningServer;
  /**
   * Which server a file's tests share: files that leave rows behind, which other files' counts and
   * empty states would see, `test.use({ serverFor: 'own name' })` and get a worker and server of their own.
   */
  serverFor: string;
  /**
   * How many videos the server processes at once (VIDEO_JOBS_AT_ONCE). 0 by default: making HLS ladders
   * with ffmpeg beside the suite costs CPU that only the files that check processing need; those
   * `test.use({ videoJobs: 1 })` and so get a worker and server of their own.
   */
  videoJobs: number;
}

interface TestFixtures {
  admin: typeof E2E_ADMIN;
  apiKey: string;
  payloadKey: string;
  api: Api;
  media: typeof mediaFiles;
  /** A page already signed in as the admin, at `/`. */
  signedInPage: Page;
}

async function readJson(res: Response): Promise<Json> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${res.status} ${res.url}: not JSON: ${text.slice(0, 200)}`);
  }
  return (isSealedReply(body) ? await openReply(body, E2E_PAYLOAD_KEY) : body) as Json;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverFor: ['shared', { scope: 'worker', option: true }],
  videoJobs: [0, { scope: 'worker', option: true }],
  server: [
    async ({ serverFor, videoJobs }, use) => {
      void serverFor; // a dependency, so that a file's own value means its own server
      const server = await startServer({ VIDEO_JOBS_AT_ONCE: String(videoJobs) });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  admin: async ({}, use) => use(E2E_ADMIN),
  apiKey: async ({}, use) => use(E2E_API_KEY),
  payloadKey: async ({}, use) => use(E2E_PAYLOAD_KEY),
  media: async ({}, use) => use(mediaFiles),

  api: async ({ server }, use) => {
    let token: string | undefined;
    const getToken = async () => {
      if (token) return token;
      const res = await fetch(`${server.baseURL}/api/admin/login`, {
        method: 'POST',
        headers: { 'api-key': E2E_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ a_email: E2E_ADMIN.email, a_password: E2E_ADMIN.password }),
      });
      const body = await readJson(res);
      if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
      token = body.token as string;
      return token;
    };
    const headers = async (admin: boolean): Promise<Record<string, string>> => ({
      'api-key': E2E_API_KEY,
      ...(admin ? { authorization: `Bearer ${await getToken()}` } : {}),
    });
    await use({
      token: getToken,
      async call(method, urlPath, { body, admin = true, seal = false } = {}) {
        const payload =
          body === undefined ? undefined : seal ? await sealRequest(body, E2E_PAYLOAD_KEY) : body;
        const res = await fetch(server.baseURL + urlPath, {
          method,
          headers: { ...(await headers(admin)), ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload ? { body: JSON.stringify(payload) } : {}),
        });
        return readJson(res);
      },
      async upload(method, urlPath, fields, files) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        for (const [field, paths] of Object.entries(files)) {
          for (const file of Array.isArray(paths) ? paths : [paths]) {
            form.append(field, new Blob([readFileSync(file)]), path.basename(file));
          }
        }
        const res = await fetch(server.baseURL + urlPath, {
          method,
          headers: await headers(true),
          body: form,
        });
        return readJson(res);
      },
    });
  },

  signedInPage: async ({ page, api }, use) => {
    const token = await api.token();
    await page.goto('/admin/panel/login');
    await page.evaluate(
      (t) => localStorage.setItem('admin_download', JSON.stringify({ token: t, isAdmin: true })),
      token,
    );
    await page.goto('/');
    await use(page);
  },
});
