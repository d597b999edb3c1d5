import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-push-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
});
const account = { project_id: 'p1', client_email: 'a@p1.iam.gserviceaccount.com', private_key: pem };
const vapid = {
  VAPID_PUBLIC_KEY: 'B' + 'A'.repeat(86),
  VAPID_PRIVATE_KEY: 'C'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

describe('push configuration', () => {
  it('defaults to no channel configured, the public FCM endpoint and topic "all"', () => {
    expect(loadConfig({}).push).toEqual({
      fcm: { baseUrl: 'https://fcm.googleapis.com', topic: 'all', account: undefined },
      vapid: undefined,
      webPushAllowedHosts: expect.arrayContaining(['fcm.googleapis.com', 'push.services.mozilla.com']),
    });
  });

  it('reads the service account, with the token URL from the file', () => {
    const withUri = file('sa.json', { ...account, token_uri: 'http://127.0.0.1:9/token' });
    const config = loadConfig({
      FCM_SERVICE_ACCOUNT_FILE: withUri,
      FCM_BASE_URL: 'http://127.0.0.1:9/',
      FCM_TOPIC: 'news',
    });
    expect(config.push.fcm).toEqual({
      baseUrl: 'http://127.0.0.1:9',
      topic: 'news',
      account: {
        projectId: 'p1',
        clientEmail: account.client_email,
        privateKey: pem,
        tokenUri: 'http://127.0.0.1:9/token',
      },
    });
    const withoutUri = loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file('sa2.json', account) });
    expect(withoutUri.push.fcm.account?.tokenUri).toBe('https://oauth2.googleapis.com/token');
  });

  it('takes the three VAPID settings together', () => {
    expect(loadConfig(vapid).push.vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: vapid.VAPID_SUBJECT,
    });
  });

  it.each([
    [
      { FCM_SERVICE_ACCOUNT_FILE: path.join(dir, 'missing.json') },
      /FCM_SERVICE_ACCOUNT_FILE is not a readable JSON file/,
    ],
    [
      { FCM_SERVICE_ACCOUNT_FILE: file('bad.json', '{not json') },
      /FCM_SERVICE_ACCOUNT_FILE is not a readable JSON file/,
    ],
    [
      { FCM_SERVICE_ACCOUNT_FILE: file('np.json', { ...account, project_id: '' }) },
      /FCM_SERVICE_ACCOUNT_FILE has no project_id/,
    ],
    [
      { FCM_SERVICE_ACCOUNT_FILE: file('nk.json', { ...account, private_key: 'nope' }) },
      /not a PEM private key/,
    ],
    [{ FCM_BASE_URL: 'not a url' }, /^Invalid configuration: FCM_BASE_URL must be a URL/],
    [{ FCM_TOPIC: 'bad topic!' }, /^Invalid configuration: FCM_TOPIC must be an FCM topic name/],
    [
      { VAPID_PUBLIC_KEY: 'short' },
      /^Invalid configuration: VAPID_PUBLIC_KEY must be a base64url P-256 public key/,
    ],
    [
      { ...vapid, VAPID_SUBJECT: 'ops@example.com' },
      /^Invalid configuration: VAPID_SUBJECT must be a mailto: or https: URL/,
    ],
    [
      { VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY },
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together/,
    ],
  ])('stops start-up on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
