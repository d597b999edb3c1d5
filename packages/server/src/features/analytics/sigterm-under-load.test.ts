import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoutes } from '@streamdesk/contract/analytics';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { TEST_API_KEY } from '../../test/test-app.js';
import {
  addReels,
  batchEvents,
  CLICKS_PER_REEL,
  reelCounts,
  REELS,
  serverEnv,
  VIEWS_PER_REEL,
} from './event-load.js';

/**
 * Issue 7 promises that a SIGTERM during load loses nothing. The real entry (main.ts) in its own process, several app
 * clients sending batches to it without pause, SIGTERM in the middle: it must exit with 0, and every
 * event it acknowledged must be in the reels' totals and the daily rollups, and nothing it did not.
 */
const SENDERS = 4;
/** SIGTERM goes once this many batches were acknowledged: the server is busy and has counts in memory. */
const BATCHES_BEFORE_SIGTERM = 40;
const EXIT_WITHIN_MS = 15_000;

/**
 * A batch whose body is held back: once `routed` resolves the server has its headers (it answered
 * 100-continue, so Fastify took the request) and the request is in flight until `finish` sends the body.
 */
function heldBatch(origin: string, body: string) {
  let finish: () => void = () => undefined;
  let routed: () => void = () => undefined;
  const headersIn = new Promise<void>((resolve) => (routed = resolve));
  const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      new URL(analyticsRoutes.events.path, origin),
      {
        method: 'POST',
        agent: false,
        headers: {
          'api-key': TEST_API_KEY,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.on('continue', routed);
    finish = () => req.end(body);
    req.flushHeaders();
  });
  // Awaited only after the SIGTERM: a reply that fails meanwhile must fail the test there, not as unhandled.
  reply.catch(() => undefined);
  return { routed: headersIn, reply, finish: () => finish() };
}

/**
 * Resolves once the server refuses new connections: Fastify closes its listener only after the preClose
 * hooks, so what a request in flight counts from then on is written by the onClose flush alone.
 */
async function refusesConnections(origin: string): Promise<void> {
  const port = Number(new URL(origin).port);
  for (let attempt = 0; attempt < 500; attempt++) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server still takes connections 10 s after the SIGTERM');
}

let database: FreshDatabase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await freshDatabase();
  await addReels(database);
});
afterAll(async () => {
  server?.kill();
  await database.remove();
});

describe('SIGTERM while app clients send events', () => {
  it('exits with 0 and has written every event it acknowledged, and no other', async () => {
    server = await startServerProcess(serverEnv(database));
    const { origin } = server;
    let acknowledged = 0;
    let acceptedEvents = 0;
    const statuses = new Set<number>();
    let signalled = false;
    let sigterm: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (sigterm = resolve));

    // Each sender sends one batch after another until the server stops answering; every other batch
    // carries a batchId, so both ways a flush writes (with and without ids) are under way at the SIGTERM.
    const send = async (sender: number) => {
      for (let i = 0; ; i++) {
        const events = batchEvents(sender);
        const body = { events, ...(i % 2 ? { batchId: randomUUID() } : {}) };
        let status: number;
        let reply: { accepted?: number };
        try {
          const res = await fetch(`${origin}${analyticsRoutes.events.path}`, {
            method: 'POST',
            headers: { 'api-key': TEST_API_KEY, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          status = res.status;
          reply = (await res.json()) as { accepted?: number };
        } catch (error) {
          // Refused or cut off once the server is stopping: that batch was not acknowledged.
          if (signalled) return;
          throw error;
        }
        statuses.add(status);
        if (status !== 200) {
          if (signalled) continue;
          throw new Error(`a batch was answered ${status} before the SIGTERM`);
        }
        expect(reply.accepted).toBe(events.length);
        acceptedEvents += reply.accepted ?? 0;
        if (++acknowledged === BATCHES_BEFORE_SIGTERM) sigterm();
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, n) => send(n));

    // A sender that fails before the SIGTERM ends the test at once rather than leaving it waiting.
    await Promise.race([loaded, Promise.all(senders)]);
    // One batch is certain to be counted after the close began and the preClose flush was done (the
    // senders' last batches may or may not be): only the onClose flush can write it.
    const held = heldBatch(origin, JSON.stringify({ events: batchEvents(SENDERS) }));
    await held.routed;
    signalled = true;
    server.signal('SIGTERM');
    await refusesConnections(origin);
    held.finish();
    const late = await held.reply;
    expect(late.status).toBe(200);
    acknowledged++;
    acceptedEvents += (JSON.parse(late.text) as { accepted: number }).accepted;
    const exit = await server.exited(EXIT_WITHIN_MS);
    await Promise.all(senders);
    expect(exit).toEqual({ code: 0, signal: null });
    // 503: a batch on a kept-alive connection after the close began (Fastify's answer while closing).
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(acknowledged).toBeGreaterThanOrEqual(BATCHES_BEFORE_SIGTERM);

    expect(acceptedEvents).toBe(acknowledged * batchEvents(0).length);
    const { totals, rollups } = await reelCounts(database);
    expect(totals).toEqual(
      REELS.map((id) => ({ id, view: acknowledged * VIEWS_PER_REEL, click: acknowledged * CLICKS_PER_REEL })),
    );
    expect(rollups).toEqual([
      { kind: 'click', n: acknowledged * CLICKS_PER_REEL * REELS.length },
      { kind: 'view', n: acknowledged * VIEWS_PER_REEL * REELS.length },
    ]);
  }, 60_000);
});
