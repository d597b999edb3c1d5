import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * The calls a trash test makes on a test app (`app()`: it is made in `beforeAll`): its database, a read
 * that must answer 200, a call with an id list, restore and delete forever, and how many counted days an id has.
 */
export function trashCalls(app: () => TestApp) {
  const get = async <T>(url: string): Promise<T> => {
    const res = await app().request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const withIds = (method: 'POST' | 'DELETE', url: string, id: string[]) =>
    app().request({ method, url, payload: { id } });
  const rollups = async (id: string) =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*) AS n FROM event_rollups WHERE entity_id = ${id}`.execute(
          app().app.streamdesk.context.db,
        )
      ).rows[0]!.n,
    );
  return {
    db: () => app().app.streamdesk.context.db,
    get,
    withIds,
    restore: (...id: string[]) => withIds('POST', '/api/admin/trash/restore', id),
    purge: (...id: string[]) => withIds('DELETE', '/api/admin/trash', id),
    rollups,
  };
}
