import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startNotes } from './config.js';

describe('loadConfig', () => {
  it('has defaults that start the product with no settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      blockDevtools: true,
      uploadIdleMs: 60_000,
      eventBatchWindowMs: 3_600_000,
      sessionMaxMs: 30 * 24 * 3600 * 1000,
      uploadExpiryMs: 24 * 3600 * 1000,
    });
    expect(loadConfig({ UPLOAD_EXPIRY_HOURS: '2' }).uploadExpiryMs).toBe(2 * 3600 * 1000);
    expect(loadConfig({ SESSION_MAX_DAYS: '2' }).sessionMaxMs).toBe(2 * 24 * 3600 * 1000);
    expect(loadConfig({ UPLOAD_IDLE_SECONDS: '5' }).uploadIdleMs).toBe(5000);
    expect(loadConfig({ EVENT_BATCH_WINDOW_MINUTES: '5' }).eventBatchWindowMs).toBe(300_000);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('points PUBLIC_LIVE_HOST by default at the address the server listens on', () => {
    expect(loadConfig({}).publicLiveHost).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PORT: '3000' }).publicLiveHost).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'box.lan', PORT: '9000' }).publicLiveHost).toBe('http://box.lan:9000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicLiveHost).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ HOST: '::1' }).publicLiveHost).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_LIVE_HOST: 'https://live.example.com/', PORT: '3000' }).publicLiveHost).toBe(
      'https://live.example.com',
    );
    // The back office warns on a copied live-match link while it names this server (0002).
    expect(loadConfig({}).liveHostSet).toBe(false);
    expect(loadConfig({ PUBLIC_LIVE_HOST: 'https://live.example.com/' }).liveHostSet).toBe(true);
  });

  it('logs requests only when LOG_REQUESTS asks', () => {
    expect(loadConfig({}).logRequests).toBe(false);
    expect(loadConfig({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(
      /^Invalid configuration: LOG_REQUESTS must be true or false/,
    );
  });

  it('reads TRUST_PROXY as off, on, or the proxies a client IP may be forwarded by', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .* \(got "abc"\)$/],
    [{ PAYLOAD_KEY: 'short' }, /^Invalid configuration: PAYLOAD_KEY must be 64 hex characters/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ BLOCK_DEVTOOLS: 'yes' }, /^Invalid configuration: BLOCK_DEVTOOLS must be true or false/],
    [
      { UPLOAD_IDLE_SECONDS: '0' },
      /^Invalid configuration: UPLOAD_IDLE_SECONDS must be a whole number of seconds/,
    ],
    [
      { UPLOAD_EXPIRY_HOURS: '1.5' },
      /^Invalid configuration: UPLOAD_EXPIRY_HOURS must be a whole number of hours from 1 to 8760/,
    ],
    [
      { UPLOAD_EXPIRY_HOURS: '0' },
      /^Invalid configuration: UPLOAD_EXPIRY_HOURS must be a whole number of hours from 1 to 8760/,
    ],
    [
      { SESSION_MAX_DAYS: '0' },
      /^Invalid configuration: SESSION_MAX_DAYS must be a whole number of days from 1 to 365/,
    ],
    [
      { EVENT_BATCH_WINDOW_MINUTES: '0' },
      /^Invalid configuration: EVENT_BATCH_WINDOW_MINUTES must be a whole number of minutes from 1/,
    ],
    [
      { TRUST_PROXY: '10.0.0.0/99' },
      /^Invalid configuration: TRUST_PROXY must be true, false, or a comma list/,
    ],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY must be true, false, or a comma list/],
  ])('stops with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('startNotes', () => {
  it('says when copied live match links would point at this machine, and nothing once PUBLIC_LIVE_HOST is set', () => {
    expect(startNotes({})).toEqual([
      'PUBLIC_LIVE_HOST is not set: copied live match links and notification icons point at ' +
        'http://127.0.0.1:8080. Set it to the address viewers and phones reach.',
    ]);
    expect(startNotes({ PORT: '3000' })[0]).toContain(' http://127.0.0.1:3000. ');
    expect(startNotes({ PUBLIC_LIVE_HOST: 'https://live.example.com' })).toEqual([]);
  });
});
