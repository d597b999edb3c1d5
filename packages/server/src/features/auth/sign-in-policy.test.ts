import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@streamdesk/contract/auth';
import { teamRoutes } from '@streamdesk/contract/team';
import { createTestApp, TEST_ADMIN, TEST_API_KEY, type TestApp } from '../../test/test-app.js';
import { LoginLimiter } from './login-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME = '192.0.2.10';
const signIn = (address: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: authRoutes.login.path,
    remoteAddress: address,
    headers: { 'api-key': TEST_API_KEY },
    payload: { a_email: TEST_ADMIN.email, a_password: password },
  });
const countCodes = (codes: number[]) => ({
  checked: codes.filter((c) => c === 200).length,
  refused: codes.filter((c) => c === 429).length,
});

describe('the sign-in policy under attack (0034-sign-in-policy.md)', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a stranger from locking the person out, and delays guessing from new addresses', async () => {
    // The clock stands still, so the first delays (1 s, 2 s) do not pass while argon2 verifies on a
    // busy machine: every attempt is at the same moment, as in an attack faster than the delays.
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await signIn(HOME, TEST_ADMIN.password)).statusCode).toBe(200); // HOME is now known

    // One address sends twenty wrong passwords: five are checked.
    const oneAddress: number[] = [];
    for (let i = 0; i < 20; i++) oneAddress.push((await signIn('203.0.113.7', `guess-${i}`)).statusCode);
    expect(countCodes(oneAddress)).toEqual({ checked: 5, refused: 15 });

    // Forty more addresses, one wrong password each: the email's ceiling (10) is reached, then each
    // new address waits a delay that doubles with every further attempt.
    const manyAddresses: number[] = [];
    for (let i = 0; i < 40; i++)
      manyAddresses.push((await signIn(`198.51.100.${i}`, `guess-${i}`)).statusCode);
    expect(countCodes(manyAddresses)).toEqual({ checked: 5, refused: 35 });

    // The attack goes on: ten more guesses within the hour, each having waited out its delay (written as
    // rows, so the test does not wait). The email's next unknown address now waits the longest delay.
    const { db } = t.app.streamdesk.context;
    const now = Date.now();
    await db
      .insertInto('login_failures')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          email: TEST_ADMIN.email,
          ip: `198.51.101.${i}`,
          failed_at: now - 10 + i,
        })),
      )
      .execute();

    // The real person, from an address they signed in from before, signs in at once.
    const home = await signIn(HOME, TEST_ADMIN.password);
    expect(home.statusCode).toBe(200);
    expect(await t.json(home)).toMatchObject({ status: true, message: 'Login successful' });

    // From a new address even the right password waits, and is told how long.
    const away = await signIn('192.0.2.99', TEST_ADMIN.password);
    expect(away.statusCode).toBe(429);
    expect(away.json()).toEqual({
      status: false,
      message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    expect(Number(away.headers['retry-after'])).toBeGreaterThan(290);
    expect(Number(away.headers['retry-after'])).toBeLessThanOrEqual(300);

    // The owner clears the lock; the new address then goes through at once.
    const people = await t.json<{ data: { _id: string; email: string; failedSignIns: number }[] }>(
      await t.request({ method: 'GET', url: teamRoutes.list.path }),
    );
    const person = people.data.find((p) => p.email === TEST_ADMIN.email)!;
    expect(person.failedSignIns).toBe(20);
    const cleared = await t.request({
      method: 'DELETE',
      url: teamRoutes.clearSignInLock.path.replace(':id', person._id),
    });
    expect(cleared.json()).toMatchObject({ status: true, cleared: 20, data: { email: TEST_ADMIN.email } });
    expect(await t.json(await signIn('192.0.2.99', TEST_ADMIN.password))).toMatchObject({ status: true });
  });

  it('checks fewer guesses a day from any number of addresses than the old per-email lock did (the figures of 0034)', async () => {
    const { db, dialect } = t.app.streamdesk.context;
    const limiter = new LoginLimiter(db, dialect);
    const email = 'botnet-target@example.com';
    // A botnet that sends a guess from a fresh address the moment one is allowed, on a simulated clock.
    const start = Date.UTC(2026, 0, 1);
    const hour = 60 * 60 * 1000;
    let now = start;
    let address = 0;
    const checkedBy: number[] = [];
    while (now < start + 24 * hour) {
      const taken = await limiter.take(email, `10.9.${address >> 8}.${address & 255}`, false, now);
      address++;
      if (taken.ok) checkedBy.push(now - start);
      now += taken.ok ? 1 : taken.retryAfterMs;
    }
    const firstHour = checkedBy.filter((at) => at < hour).length;
    const day = checkedBy.length;
    console.info(`sign-in policy: a botnet gets ${firstHour} guesses in the first hour, ${day} in 24 hours`);
    // The lock it replaces (5 a 15 minutes per email, from anywhere) let through 20 an hour, 480 a day.
    expect(firstHour).toBeLessThanOrEqual(30);
    expect(day).toBeLessThanOrEqual(480);
  });
});
