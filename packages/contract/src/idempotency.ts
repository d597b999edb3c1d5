import type { RouteDef } from './http.js';

/**
 * Idempotent admin writes (docs/decisions/0010-bad-network.md): a write sent again with the same
 * `Idempotency-Key` (after a reply that never arrived) gets the first reply back instead of being made
 * twice.
 */

/** The request header (HTTP header names are case-insensitive; Node gives them in lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set to `true` on a stored reply sent again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** How long a key and its reply are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes that honour the header: the admin writes. */
export const takesIdempotencyKey = (route: { auth?: RouteDef['auth'] | undefined; method: string }) =>
  route.auth === 'admin' && WRITE_METHODS.has(route.method.toUpperCase());

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 16 to 64 characters: letters, digits, - or _',
  stillSaving: 'This change is still being saved. Check the list in a moment before trying again.',
  otherRequest:
    'This Idempotency-Key was already used for another request (another method or path). Send a new key for this one.',
} as const;
