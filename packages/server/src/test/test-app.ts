import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { openReply, sealRequest, isSealedReply } from '@streamdesk/contract/envelope';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type ResolvedConfig } from '../platform/config.js';
import type { LocalMediaStore } from '../platform/media/media-store.js';
import { freshDatabase } from './fresh-database.js';
import { newTestBucket } from './s3-server.js';

export const TEST_API_KEY = 'test-api-key-0123456789';
export const TEST_PAYLOAD_KEY = 'a1'.repeat(32);
export const TEST_ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

export interface TestApp {
  app: FastifyInstance;
  config: ResolvedConfig;
  /** A valid bearer token of TEST_ADMIN. */
  token: string;
  /**
   * Request with the api-key and the admin token set (override either with headers); resolves once the
   * background media writes the request started (thumbnails) are done.
   */
  request(opts: InjectOptions & { admin?: boolean }): Promise<LightMyRequestResponse>;
  /** The reply's JSON, opened if it came sealed. */
  json<T = Record<string, unknown>>(res: LightMyRequestResponse): Promise<T>;
  seal(value: unknown): Promise<{ encryptedData: string }>;
  close(): Promise<void>;
}

/** Builds the app on a fresh copy of the migrated template database, signed in as TEST_ADMIN. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'videoProgressMs'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const { dataDir } = database;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      API_KEY: TEST_API_KEY,
      PAYLOAD_KEY: TEST_PAYLOAD_KEY,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // No background transcodes in tests of other things: their videos stay queued. The processing's
      // own tests turn it on.
      VIDEO_JOBS_AT_ONCE: '0',
      // SQLite's readers at the runner's priority: at nice 19 a file's reads waited for whatever else ran
      // (the other worker, the browser suite), not for its own server's quick reads as in production
      // (docs/decisions/0085-test-readers-at-the-runners-priority.md; sqlite-readers.test.ts keeps 19).
      SQLITE_READERS_NICE: '0',
      ...database.env,
      ...(env.S3_BUCKET ? {} : await testMediaEnv()),
      ...env,
    }),
    apiKey: env.API_KEY ?? TEST_API_KEY,
    payloadKey: env.PAYLOAD_KEY ?? TEST_PAYLOAD_KEY,
  };
  const app = await buildApp(config, { ...options, logger: false });
  await app.streamdesk.auth.ensureAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  const login = await app.streamdesk.auth.login({
    a_email: TEST_ADMIN.email,
    a_password: TEST_ADMIN.password,
  });

  const testApp: TestApp = {
    app,
    config,
    token: login.token,
    request: async ({ admin = true, headers, ...opts }) => {
      const res = await app.inject({
        ...opts,
        headers: {
          'api-key': TEST_API_KEY,
          ...(admin ? { authorization: `Bearer ${login.token}` } : {}),
          ...headers,
        },
      });
      // Thumbnails are made after the reply; tests look at the files once they are there.
      await app.streamdesk.context.media.idle();
      return res;
    },
    json: async <T>(res: LightMyRequestResponse) => {
      const body = res.json() as unknown;
      return (isSealedReply(body) ? await openReply(body, TEST_PAYLOAD_KEY) : body) as T;
    },
    seal: (value) => sealRequest(value, TEST_PAYLOAD_KEY),
    close: async () => {
      await app.close();
      await database.remove();
    },
  };
  return testApp;
}

/** With TEST_MEDIA_STORE=s3, a new bucket on the run's loopback S3 server (global-setup.ts). */
async function testMediaEnv(): Promise<Record<string, string>> {
  const s3 = inject('s3');
  return s3 ? newTestBucket(s3.endpoint) : {};
}

/** The settings of `t`'s media store, for another app on the same media (a restart). */
export const sameMedia = (t: TestApp): Record<string, string> => {
  const store = t.config.mediaStore;
  if (store.kind === 'local') return {};
  return {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: store.endpoint,
    S3_BUCKET: store.bucket,
    S3_REGION: store.region,
    S3_ACCESS_KEY_ID: store.accessKeyId,
    S3_SECRET_ACCESS_KEY: store.secretAccessKey,
  };
};

/** The exact error shape every failure uses. */
export const errorBody = (message: string | RegExp) => ({ status: false, message: expectMessage(message) });
const expectMessage = (m: string | RegExp) => (typeof m === 'string' ? m : expect.stringMatching(m));

/** The app's store as the local disk's, for tests that write or read its files by path. */
export function localMedia(t: TestApp): LocalMediaStore {
  const media = t.app.streamdesk.context.media;
  if (media.kind !== 'local') throw new Error('this test reads media files on the local disk');
  return media as LocalMediaStore;
}
