import { randomBytes } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_MS } from '@streamdesk/contract/idempotency';
import {
  findKey,
  insertClaim,
  pruneKeys,
  releaseClaim,
  storeReply,
  takeOverClaim,
  touchClaims,
  type ClaimRef,
  type KeyedRequest,
} from './idempotency-keys.repository.js';
import type { AppDb } from '../db/database.js';

/** What to do with a keyed write (docs/decisions/0010-bad-network.md). */
export type Begun =
  /** The key is this request's: run it, then `finish`. */
  | { kind: 'claimed'; claim: ClaimRef }
  /** The key has run: send its reply again. */
  | { kind: 'replay'; statusCode: number; body: string }
  /** Another request holds the key and has not answered yet. */
  | { kind: 'running' }
  /** The key was used for another method or path. */
  | { kind: 'mismatch' };

/** The reply a claimed request sent, or undefined when none was sent. */
export interface SentReply {
  statusCode: number;
  body: string | undefined;
  /** The client's connection was gone before the reply went out. */
  clientGone: boolean;
}

export interface IdempotencyOptions {
  now?: () => number;
  /** How long a key and its reply are kept. */
  keepMs?: number;
  /** A running claim is marked this often, so the other processes know its request is still running. */
  heartbeatMs?: number;
  /** A claim without a reply not marked for this long was left by a process that stopped: it is free. */
  staleMs?: number;
  /** Keys past `keepMs` are deleted at most this often, and at most `pruneBatch` at a time. */
  pruneEveryMs?: number;
  pruneBatch?: number;
  onError?: (error: unknown, what: string) => void;
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/**
 * Whether a reply is kept for the key: it says what the write did. A server fault (5xx) or a refusal
 * that says nothing about the write (too many requests, a body that took too long, a body cut off with
 * the connection) frees the key instead, so the same change can be sent again.
 */
export function keepsReply(reply: SentReply): boolean {
  const { statusCode } = reply;
  if (statusCode >= 500 || statusCode === 408 || statusCode === 429) return false;
  return !(reply.clientGone && statusCode >= 400);
}

/**
 * The claims of Idempotency-Keys, in the database so that every server process sharing it agrees: the
 * first request with a key inserts its row (a conflict does nothing), runs, and stores its reply; a
 * request that finds the row gets that reply, or a 'still running' while there is none yet.
 */
export function createIdempotencyService(db: AppDb, options: IdempotencyOptions = {}) {
  const {
    now = Date.now,
    keepMs = IDEMPOTENCY_KEY_TTL_MS,
    heartbeatMs = 20_000,
    staleMs = 90_000,
    pruneEveryMs = 60_000,
    pruneBatch = 500,
    onError = () => {},
  } = options;
  const running = new Map<string, ClaimRef>();
  /** Claims whose request has answered but whose reply could not be stored (or key freed) yet. */
  const unsettled = new Map<string, { claim: ClaimRef; reply: SentReply }>();
  let heartbeat: NodeJS.Timeout | undefined;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** Stores the reply of an answered request, or frees its key (see keepsReply). */
  const settle = (claim: ClaimRef, reply: SentReply) =>
    reply.body !== undefined && keepsReply(reply)
      ? storeReply(db, claim, reply.statusCode, reply.body)
      : releaseClaim(db, claim);

  /** Settles what failed before, in order, until the database fails again. */
  const settleLeftovers = async () => {
    for (const [id, { claim, reply }] of unsettled) {
      try {
        await settle(claim, reply);
      } catch (error) {
        onError(error, 'storing the reply of an idempotent write');
        return;
      }
      unsettled.delete(id);
      untrack(claim);
    }
  };

  const touchRunning = async () => {
    await settleLeftovers();
    try {
      await touchClaims(db, [...running.values()], now());
    } catch (error) {
      onError(error, 'marking running idempotent writes');
    }
  };

  const track = (claim: ClaimRef) => {
    running.set(claim.claim, claim);
    heartbeat ??= setInterval(() => void touchRunning(), heartbeatMs).unref();
  };

  const untrack = (claim: ClaimRef) => {
    running.delete(claim.claim);
    if (running.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const prune = (at = now()) => pruneKeys(db, at - keepMs, pruneBatch);

  const pruneIfDue = (at: number) => {
    if (at - prunedAt < pruneEveryMs) return;
    prunedAt = at;
    prune(at).catch((error: unknown) => onError(error, 'pruning idempotency keys'));
  };

  const claimKey = async (request: KeyedRequest, at: number): Promise<ClaimRef | undefined> => {
    const claim = {
      adminId: request.adminId,
      key: request.key,
      claim: randomBytes(12).toString('base64url'),
    };
    if (await insertClaim(db, request, claim.claim, at)) return claim;
    const limits = { expiredBefore: at - keepMs, staleBefore: at - staleMs };
    return (await takeOverClaim(db, request, claim.claim, at, limits)) ? claim : undefined;
  };

  return {
    async begin(request: KeyedRequest): Promise<Begun> {
      const at = now();
      pruneIfDue(at);
      // A row found taken can be freed (its request failed) before it is read: then claim again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const claim = await claimKey(request, at);
        if (claim) {
          track(claim);
          return { kind: 'claimed', claim };
        }
        const row = await findKey(db, request.adminId, request.key);
        if (!row) continue;
        if (row.method !== request.method || row.url !== request.url) return { kind: 'mismatch' };
        if (row.replyStatus === null || row.replyBody === null) return { kind: 'running' };
        return { kind: 'replay', statusCode: row.replyStatus, body: row.replyBody };
      }
      return { kind: 'running' };
    },

    /**
     * Stores the reply of a claimed request, or frees its key (see keepsReply). When the database fails
     * here the write has been made and answered: the claim stays this process's, marked as running, and
     * the heartbeat tries again until it is settled. Left unmarked, the claim went stale after 90 s and
     * a repeat of the request (its reply lost) ran the write a second time.
     */
    async finish(claim: ClaimRef, reply: SentReply): Promise<void> {
      try {
        await settle(claim, reply);
      } catch (error) {
        unsettled.set(claim.claim, { claim, reply });
        throw error;
      }
      untrack(claim);
    },

    prune,
    /** Marks this process's running claims now (the heartbeat's work; tests call it). */
    touchRunning,
    /** Stops the heartbeat, after one more try at the replies not stored yet. */
    async close(): Promise<void> {
      await settleLeftovers();
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
