import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyRoutes as r } from '@streamdesk/contract/policy';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async () => (await t.request({ method: 'GET', url: r.get.path })).json();
const update = (payload: object) => t.request({ method: 'PUT', url: r.update.path, payload });
const publicRead = (headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: r.read.path, admin: false, headers });

describe('privacy policy', () => {
  it('starts with a default title and an empty description', async () => {
    expect(await get()).toEqual({
      status: true,
      message: 'Policy',
      data: { policy_title: 'Privacy Policy', policy_description: '', updatedAt: null },
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('updates the title and description and returns them', async () => {
    const body = {
      policy_title: ' Our Privacy Policy ',
      policy_description: 'We keep\n\nyour data <b>safe</b>.',
    };
    const res = await update(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Policy updated successfully',
      data: {
        policy_title: 'Our Privacy Policy',
        policy_description: 'We keep\n\nyour data <b>safe</b>.',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect((await get()).data).toMatchObject({ policy_title: 'Our Privacy Policy' });
  });

  it('refuses a missing, empty or too long field and keeps the text', async () => {
    const before = await get();
    const cases: [object, string][] = [
      [{ policy_description: 'x' }, 'policy_title: Policy title is required'],
      [{ policy_title: '  ', policy_description: 'x' }, 'policy_title: Policy title is required'],
      [{ policy_title: 'x', policy_description: '' }, 'policy_description: Policy description is required'],
      [
        { policy_title: 'x'.repeat(201), policy_description: 'x' },
        'policy_title: Policy title must be at most 200 characters',
      ],
      [
        { policy_title: 'x', policy_description: 'x'.repeat(50_001) },
        'policy_description: Policy description must be at most 50,000 characters',
      ],
      // A value of another type is named as such, not as missing.
      [{ policy_title: 'x', policy_description: 123 }, 'policy_description: Policy description must be text'],
      [{ policy_title: 5, policy_description: 'x' }, 'policy_title: Policy title must be text'],
      [
        { policy_title: 'x', policy_description: ['a'] },
        'policy_description: Policy description must be text',
      ],
      [{ policy_title: null, policy_description: 'x' }, 'policy_title: Policy title must be text'],
    ];
    for (const [payload, message] of cases) {
      const res = await update(payload);
      expect([res.statusCode, res.json()]).toEqual([400, errorBody(message)]);
    }
    expect(await get()).toEqual(before);
  });

  it('serves the same text to the public site with the api-key only, with ETag, 304 and invalidation', async () => {
    const res = await publicRead();
    expect(res.statusCode).toBe(200);
    // The admin's read carries the version its edit sends back; the public one has none.
    const { version: _version, ...admin } = await get();
    expect(res.json()).toEqual(admin);
    const etag = res.headers.etag as string;
    expect((await publicRead({ 'if-none-match': etag })).statusCode).toBe(304);
    await update({ policy_title: 'New title', policy_description: '<script>alert(1)</script>' });
    const fresh = await publicRead({ 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      data: { policy_title: 'New title', policy_description: '<script>alert(1)</script>' },
    });
    expect((await t.app.inject({ method: 'GET', url: r.read.path })).statusCode).toBe(403);
  });

  it('needs a token for the admin calls', async () => {
    expect((await t.request({ method: 'GET', url: r.get.path, admin: false })).statusCode).toBe(401);
    const res = await t.request({
      method: 'PUT',
      url: r.update.path,
      admin: false,
      payload: { policy_title: 'x', policy_description: 'y' },
    });
    expect(res.statusCode).toBe(401);
  });
});
