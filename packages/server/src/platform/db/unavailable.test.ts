import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@streamdesk/contract/messages';
import { registerErrorHandler } from '../http/error-handler.js';
import { createDatabase } from './database.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** A "database host" that accepts connections and never answers: a network partition, as pg sees it. */
let silent: net.Server;
const held: net.Socket[] = [];
let silentPort: number;
beforeAll(async () => {
  silent = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

async function failureOf(databaseUrl: string) {
  const database = createDatabase({ databaseUrl, dataDir: os.tmpdir(), connectTimeoutMs: 300 });
  const started = Date.now();
  try {
    await sql`select 1`.execute(database.db);
    throw new Error('the query should have failed');
  } catch (error) {
    return { error, tookMs: Date.now() - started };
  } finally {
    await database.destroy();
  }
}

describe('a PostgreSQL host that cannot be reached', () => {
  it('fails a query after the connection deadline instead of holding it for ever', async () => {
    const { error, tookMs } = await failureOf(`postgres://u:p@127.0.0.1:${silentPort}/db`);
    expect(tookMs).toBeGreaterThanOrEqual(250);
    expect(tookMs).toBeLessThan(5000);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows a refused connection too, and not a query that is wrong', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { error } = await failureOf(`postgres://u:p@127.0.0.1:${port}/db`);
    expect(isDatabaseUnavailable(error)).toBe(true);

    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('is answered 503 with a message to try again (a full disk 507), where other faults are 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/full', async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect([down.statusCode, down.json()]).toEqual([
      503,
      { status: false, message: messages.databaseUnavailable },
    ]);
    const full = await app.inject({ method: 'GET', url: '/full' });
    expect([full.statusCode, full.json()]).toEqual([507, { status: false, message: messages.storageFull }]);
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect([bug.statusCode, bug.json()]).toEqual([500, { status: false, message: messages.serverFault }]);
    await app.close();
  });
});
