import type { AppDb } from '../db/database.js';

export interface IdempotencyKeysTables {
  idempotency_keys: {
    admin_id: string;
    key: string;
    method: string;
    url: string;
    claim: string;
    created_at: number;
    touched_at: number;
    reply_status: number | null;
    reply_body: string | null;
  };
}

declare module '../db/database.js' {
  interface AppTables extends IdempotencyKeysTables {}
}

type Db = AppDb;

/** One admin's key, and the request it is used for. */
export interface KeyedRequest {
  adminId: string;
  key: string;
  method: string;
  url: string;
}

export interface KeyRow {
  method: string;
  url: string;
  replyStatus: number | null;
  replyBody: string | null;
}

/** The claim of the request running a key: only its holder stores a reply or lets the key go. */
export interface ClaimRef {
  adminId: string;
  key: string;
  claim: string;
}

const ofClaim = (db: Db, ref: ClaimRef) =>
  db
    .updateTable('idempotency_keys')
    .where('admin_id', '=', ref.adminId)
    .where('key', '=', ref.key)
    .where('claim', '=', ref.claim);

const newClaim = (request: KeyedRequest, claim: string, now: number) => ({
  method: request.method,
  url: request.url,
  claim,
  created_at: now,
  touched_at: now,
  reply_status: null,
  reply_body: null,
});

/** Inserts the key's row unless there is one: whether this request now holds it. */
export async function insertClaim(
  db: Db,
  request: KeyedRequest,
  claim: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ admin_id: request.adminId, key: request.key, ...newClaim(request, claim, now) })
    .onConflict((oc) => oc.columns(['admin_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims an existing row in one statement, so two processes cannot both take it: a row created before
 * `expiredBefore` (the key is new again), or a claim of the same request without a reply whose holder
 * has not touched it since `staleBefore` (its process stopped).
 */
export async function takeOverClaim(
  db: Db,
  request: KeyedRequest,
  claim: string,
  now: number,
  limits: { expiredBefore: number; staleBefore: number },
): Promise<boolean> {
  const row = await db
    .updateTable('idempotency_keys')
    .set(newClaim(request, claim, now))
    .where('admin_id', '=', request.adminId)
    .where('key', '=', request.key)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', limits.expiredBefore),
        eb.and([
          eb('reply_status', 'is', null),
          eb('touched_at', '<', limits.staleBefore),
          eb('method', '=', request.method),
          eb('url', '=', request.url),
        ]),
      ]),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Db, adminId: string, key: string): Promise<KeyRow | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['method', 'url', 'reply_status', 'reply_body'])
    .where('admin_id', '=', adminId)
    .where('key', '=', key)
    .executeTakeFirst();
  return (
    row && {
      method: row.method,
      url: row.url,
      replyStatus: row.reply_status === null ? null : Number(row.reply_status),
      replyBody: row.reply_body,
    }
  );
}

export async function storeReply(db: Db, ref: ClaimRef, status: number, body: string): Promise<void> {
  await ofClaim(db, ref).set({ reply_status: status, reply_body: body }).execute();
}

/** Deletes a claim that has no reply, so the key can run again. */
export async function releaseClaim(db: Db, ref: ClaimRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('admin_id', '=', ref.adminId)
    .where('key', '=', ref.key)
    .where('claim', '=', ref.claim)
    .where('reply_status', 'is', null)
    .execute();
}

/** Marks claims as still running (their requests are in flight in this process). */
export async function touchClaims(db: Db, refs: readonly ClaimRef[], now: number): Promise<void> {
  for (const ref of refs) await ofClaim(db, ref).set({ touched_at: now }).execute();
}

/** Deletes at most `limit` keys created before `before`; how many went. */
export async function pruneKeys(db: Db, before: number, limit: number): Promise<number> {
  const oldest = db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where('key', 'in', oldest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
