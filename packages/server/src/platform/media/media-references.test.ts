import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { createDatabase, type AppDb, type Database } from '../db/database.js';
import { insertReels, reelRow } from '../../test/reel-rows.js';
import { MediaColumns, REFERENCE_BATCH, referencedMedia } from './media-references.js';

// The orphan sweep and the trash purge read the media columns in batches by id (0047): a file named only
// by the table's last row, past several batches, must still count as named.
let fresh: FreshDatabase;
let database: Database;
const ROWS = Math.floor(REFERENCE_BATCH * 2.5);
const videoKey = (n: number) => `reels/${String(n).padStart(24, '0')}.mp4`;
const columns = new MediaColumns();
columns.declare('reels', ['video', 'thumbnail']);

beforeAll(async () => {
  fresh = await freshDatabase();
  database = createDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.dataDir });
  // One row names nothing but its video; the rest their thumbnail too.
  await insertReels(database.db, ROWS, (n) =>
    reelRow(n, {
      video: `/media/${videoKey(n)}`,
      thumbnail: n === 3 ? '' : `/media/reels/${String(n).padStart(24, '0')}.jpg`,
    }),
  );
});
afterAll(async () => {
  await database.destroy();
  await fresh.remove();
});

/** `readDb` counting the statements sent through it. */
function counted(): { db: AppDb; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => (statements++, args.node),
    transformResult: async (args) => args.result,
  };
  return { db: database.readDb.withPlugin(plugin), statements: () => statements };
}

describe('referencedMedia', () => {
  it('names every file of every row, read in batches', async () => {
    const { db, statements } = counted();
    const keys = await referencedMedia(db, columns);
    expect(keys.size).toBe(ROWS * 2 - 1);
    expect(keys.has(videoKey(ROWS - 1))).toBe(true);
    expect(statements()).toBe(Math.ceil(ROWS / REFERENCE_BATCH));
  });

  it('of the keys asked for, answers the named ones, the last row of the table included', async () => {
    const asked = new Set([videoKey(ROWS - 1), videoKey(5), 'reels/nobody.mp4']);
    expect(await referencedMedia(database.readDb, columns, asked)).toEqual(
      new Set([videoKey(ROWS - 1), videoKey(5)]),
    );
  });

  it('stops once every key asked for is named, and reads nothing when none is asked for', async () => {
    const early = counted();
    expect(await referencedMedia(early.db, columns, new Set([videoKey(1), videoKey(2)]))).toEqual(
      new Set([videoKey(1), videoKey(2)]),
    );
    expect(early.statements()).toBe(1);
    const none = counted();
    expect(await referencedMedia(none.db, columns, new Set())).toEqual(new Set());
    expect(none.statements()).toBe(0);
  });
});
