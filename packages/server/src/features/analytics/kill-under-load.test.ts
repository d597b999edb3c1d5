import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
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
 * Issue 38: an acknowledged event survives kill -9. The real entry (main.ts) in its own process, app
 * clients sending batches without pause (half with a batchId), kill -9 in the middle, then a new start
 * on the same data: every batch the first process acknowledged is counted, once. A batch in flight at
 * the kill may be counted or not (it was never acknowledged; the app sends it again). Before the journal
 * the counts of up to the last second were lost.
 */
const SENDERS = 4;
const BATCHES_BEFORE_KILL = 60;

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

describe('kill -9 while app clients send events', () => {
  it('counts every acknowledged batch once after the restart', async () => {
    server = await startServerProcess(serverEnv(database));
    const { origin } = server;
    let acknowledged = 0;
    let killed = false;
    let kill: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (kill = resolve));
    const send = async (sender: number) => {
      for (let i = 0; ; i++) {
        const body = { events: batchEvents(sender), ...(i % 2 ? { batchId: randomUUID() } : {}) };
        let status: number;
        try {
          const res = await fetch(`${origin}${analyticsRoutes.events.path}`, {
            method: 'POST',
            headers: { 'api-key': TEST_API_KEY, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch (error) {
          if (killed) return; // cut off by the kill: not acknowledged
          throw error;
        }
        if (status !== 200) throw new Error(`a batch was answered ${status}`);
        if (killed) return; // answered in the instant of the kill: not counted either way below
        if (++acknowledged === BATCHES_BEFORE_KILL) kill();
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, n) => send(n));
    await Promise.race([loaded, Promise.all(senders)]);
    killed = true;
    const counted = acknowledged;
    server.signal('SIGKILL');
    expect(await server.exited(10_000)).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(senders);

    server = await startServerProcess(serverEnv(database));
    server.signal('SIGTERM');
    expect(await server.exited(15_000)).toEqual({ code: 0, signal: null });

    const { totals, rollups } = await reelCounts(database);
    // Acknowledged batches all counted; beyond them at most the batches in flight at the kill.
    const batches = totals[0]!.view / VIEWS_PER_REEL;
    expect(Number.isInteger(batches)).toBe(true);
    expect(batches).toBeGreaterThanOrEqual(counted);
    expect(batches).toBeLessThanOrEqual(counted + SENDERS);
    expect(totals).toEqual(
      REELS.map((id) => ({ id, view: batches * VIEWS_PER_REEL, click: batches * CLICKS_PER_REEL })),
    );
    expect(rollups).toEqual([
      { kind: 'click', n: batches * CLICKS_PER_REEL * REELS.length },
      { kind: 'view', n: batches * VIEWS_PER_REEL * REELS.length },
    ]);
    // A clean stop leaves no journal file.
    expect(readdirSync(path.join(database.dataDir, 'event-journal'))).toEqual([]);
  }, 60_000);
});
