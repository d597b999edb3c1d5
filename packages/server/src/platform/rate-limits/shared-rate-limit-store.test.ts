import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@streamdesk/contract/auth';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { buildApp } from '../../app.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { countHit } from './rate-limit-hits.repository.js';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second process, as behind a load balancer: its own memory, the same database.
  other = await buildApp(t.config, { logger: false });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const db = () => t.app.streamdesk.context.db;

describe('shared rate limits', () => {
  it('holds the sign-in limit of one IP over every server process', async () => {
    const signIn = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: authRoutes.login.path,
        remoteAddress: '203.0.113.7',
        headers: { 'api-key': TEST_API_KEY },
        // A new email each time, so the per-email block does not answer first.
        payload: { a_email: `guess${i}@example.com`, a_password: 'wrong password' },
      });
    // 30 a minute: 15 through each process. Counted per process, either would allow 30.
    for (let i = 0; i < 30; i++) expect((await signIn(i % 2 ? other : t.app, i)).statusCode).toBe(200);
    for (const app of [t.app, other]) {
      const refused = await signIn(app, 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: false,
        message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
    }
    // Another address is not affected.
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: authRoutes.login.path,
      remoteAddress: '203.0.113.8',
      headers: { 'api-key': TEST_API_KEY },
      payload: { a_email: 'someone@example.com', a_password: 'wrong password' },
    });
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('keeps the busy routes in memory: events write no rows', async () => {
    const res = await t.request({
      method: 'POST',
      url: analyticsRoutes.events.path,
      admin: false,
      payload: { events: [{ type: 'view', entity: 'story', id: 'none', clientId: 'phone-1' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    const routes = await db().selectFrom('rate_limit_hits').select('route').distinct().execute();
    expect(routes.map((r) => r.route)).toEqual([`POST ${authRoutes.login.path}`]);
  });

  it('starts a window again once it has ended, and loses no hit to concurrent writers', async () => {
    const windowMs = 60_000;
    const start = 1_700_000_000_000;
    expect(await countHit(db(), 'test', 'a', start, windowMs)).toEqual({ hits: 1, windowStart: start });
    expect(await countHit(db(), 'test', 'a', start + windowMs - 1, windowMs)).toEqual({
      hits: 2,
      windowStart: start,
    });
    expect(await countHit(db(), 'test', 'a', start + windowMs, windowMs)).toEqual({
      hits: 1,
      windowStart: start + windowMs,
    });

    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countHit(db(), 'test', 'b', start, windowMs)),
    );
    expect(counts.map((c) => c.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
