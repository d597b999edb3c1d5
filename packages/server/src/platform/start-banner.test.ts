import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.js';

const facts = { url: 'http://127.0.0.1:8080', startedMs: 412.4, generatedFile: undefined, notes: [] };

describe('startBanner', () => {
  it('ends with the sign-in inside a frame, after the notes', () => {
    const text = startBanner({
      ...facts,
      generatedFile: '/srv/data/secrets.json',
      notes: ['PUBLIC_LIVE_HOST is not set: ...'],
      admin: { email: 'admin@example.com', generatedPassword: 'pw-123456' },
    });
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(1, 3)).toEqual([
      'API_KEY and PAYLOAD_KEY were generated into /srv/data/secrets.json',
      'PUBLIC_LIVE_HOST is not set: ...',
    ]);
    const frame = lines.slice(3);
    expect(frame[0]).toMatch(/^\+-+\+$/);
    expect(frame.at(-1)).toBe(frame[0]);
    expect(
      frame.slice(1, -1).every((line) => line.length === frame[0]!.length && /^\| .* \|$/.test(line)),
    ).toBe(true);
    expect(text).toContain('| Streamdesk is running at http://127.0.0.1:8080/  (started in 412 ms)');
    expect(text).toContain('| Sign in at http://127.0.0.1:8080/admin/panel/login ');
    expect(text).toContain('|   as admin@example.com with password pw-123456 ');
    expect(text).toContain('This password is shown only once.');
  });

  it('names the admin whose password was set, or no one', () => {
    expect(startBanner({ ...facts, admin: { email: 'a@b.co' } })).toContain(
      'as a@b.co (the password from ADMIN_PASSWORD)',
    );
    expect(startBanner({ ...facts, admin: undefined })).toContain(
      '/admin/panel/login with your admin account',
    );
  });
});
