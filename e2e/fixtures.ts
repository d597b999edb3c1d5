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
  /** The servers this worker runs: the shared one, and the one of the file it is in, if that has its own. */
  servers: ServerPool;
}

interface TestFixtures {
  /**
   * Which server a file's tests share: files that leave rows behind, which other files' counts and
   * empty states would see, `test.use({ serverFor: 'own name' })` and get a server of their own.
   */
  serverFor: string;
  /**
   * How many videos the server processes at once (VIDEO_JOBS_AT_ONCE). 0 by default: making HLS ladders
   * with ffmpeg beside the suite costs CPU that only the files that check processing need; those
   * `test.use({ videoJobs: 1 })` and so get a server of their own.
   */
  videoJobs: number;
  server: RunningServer;
  admin: typeof E2E_ADMIN;
  apiKey: string;
  payloadKey: string;
  api: Api;
  media: typeof mediaFiles;
  /** A page whose origin holds the admin's session, on no screen yet: for a test that opens its own. */
  sessionPage: Page;
  /** A page already signed in as the admin, at `/`. */
  signedInPage: Page;
}

/**
 * A worker's servers. The options are test-scoped, so a file with a server of its own runs in the same
 * worker process and browser as the files before it (a worker-scoped option would start both anew: about
 * 1.8 s of CPU a file, measured over 8 of the 28 such files); its server starts when its first test asks
 * and stops when a test of another file asks for another, so no rows outlive the file. The shared server
 * lives as long as the worker.
 */
class ServerPool {
  private readonly running = new Map<string, Promise<RunningServer>>();

  serverFor(name: string, videoJobs: number): Promise<RunningServer> {
    const key = serverKey(name, videoJobs);
    const found = this.running.get(key);
    if (found) return found;
    const own = [...this.running.keys()].filter((k) => k !== SHARED);
    const started = Promise.all(own.map((k) => this.stop(k))).then(() =>
      startServer({ VIDEO_JOBS_AT_ONCE: String(videoJobs) }),
    );
    this.running.set(key, started);
    return started;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((k) => this.stop(k)));
  }

  private async stop(key: string): Promise<void> {
    const server = this.running.get(key);
    this.running.delete(key);
    await (await server)?.stop();
  }
}

const serverKey = (name: string, videoJobs: number) => `${name}/${videoJobs}`;
/** The options' defaults: the server every file without one of its own shares. */
const SHARED = serverKey('shared', 0);

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
  servers: [
    async ({}, use) => {
      const pool = new ServerPool();
      await use(pool);
      await pool.stopAll();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  serverFor: ['shared', { option: true }],
  videoJobs: [0, { option: true }],
  server: [
    async ({ servers, serverFor, videoJobs }, use) => use(await servers.serverFor(serverFor, videoJobs)),
    { timeout: 60_000 },
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

  sessionPage: async ({ page, api }, use) => {
    const token = await api.token();
    // Written from the health check's reply, a page of the same origin without the app. Chromium's CPU
    // for a fresh context, the session and a screen (15 in turn each, a signed-in load of /): from the
    // sign-in screen 595-674 ms, from the health check 508-576 ms; the test's own first screen without
    // the load of / before it saves about 250 ms more (docs/decisions/0024).
    await page.goto('/healthz');
    await page.evaluate(
      (t) => localStorage.setItem('admin_download', JSON.stringify({ token: t, isAdmin: true })),
      token,
    );
    await use(page);
  },

  signedInPage: async ({ sessionPage: page }, use) => {
    await page.goto('/');
    await use(page);
  },
});
