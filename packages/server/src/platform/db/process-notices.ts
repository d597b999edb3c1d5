import pg from 'pg';

/** Short messages between the server processes of one PostgreSQL database (SQLite serves one process). */
export interface ProcessNotices {
  /** Sends `payload` to every process listening on `channel`, this one included. */
  send(channel: string, payload: string): Promise<void>;
  /** Calls `onNotice` with each payload sent on `channel`; settles once the database listens for it. */
  listen(channel: string, onNotice: (payload: string) => void): Promise<void>;
  /** Stops listening and closes the connection (with the database). */
  close(): Promise<void>;
}

/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1000;

/**
 * PostgreSQL LISTEN/NOTIFY. Listening holds a connection of its own for the process's life (opened by the
 * first `listen`), outside the pools: a pooled connection goes back to the pool and its LISTEN with it.
 * A connection lost meanwhile (a restart, a failover) is opened again and listens again; what was sent
 * in between is missed, so a notice is a hint that the sender must not depend on (it falls back on
 * waiting). Sent on `pool` outside any transaction: a NOTIFY in one would wait for its commit.
 */
export function pgNotices(pool: pg.Pool, clientConfig: pg.ClientConfig): ProcessNotices {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let current: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const c = new pg.Client(clientConfig);
    c.on('notification', (n) => {
      for (const onNotice of handlers.get(n.channel) ?? []) onNotice(n.payload ?? '');
    });
    // A lost connection also ends ('end' below): an error alone must not crash the process.
    c.on('error', () => {});
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await c.end();
      return;
    }
    current = c;
    c.once('end', () => {
      if (current === c) current = undefined;
      if (!closed) openLater();
    });
  };
  const opened = () => (opening ??= open().finally(() => (opening = undefined)));
  const openLater = () => {
    retry = setTimeout(() => void opened().catch(openLater), RECONNECT_MS);
  };

  return {
    async send(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onNotice) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), onNotice]);
      if (!current) await opened(); // it listens on every channel known by then
      // Listening twice on a channel is harmless (the connection opened meanwhile may have).
      if (!known) await current?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await opening?.catch(() => {});
      const c = current;
      current = undefined;
      await c?.end().catch(() => {});
    },
  };
}
