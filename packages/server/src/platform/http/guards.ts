import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@streamdesk/contract/messages';
import { mayCall, refusal, type Role } from '@streamdesk/contract/roles';
import { securityMessages } from '@streamdesk/contract/security';
import { forbidden, unauthorized } from '../errors.js';

export interface AdminIdentity {
  adminId: string;
  email: string;
  role: Role;
  /** The session the bearer token belongs to (My account marks it and keeps it on "everywhere else"). */
  sessionId: string;
  /**
   * The owner requires two-step sign-in of everyone and this person has not set it up: until they do,
   * only their own account's calls are allowed (0030-two-step-sign-in.md).
   */
  twoStepSetupRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on admin routes. */
    admin?: AdminIdentity;
  }
}

/**
 * A checker that compares in constant time whatever the lengths: a given value of another length is
 * compared as the expected one against itself, so the time tells neither the content nor the length.
 * No hashing: this runs on every app request, and a SHA-256 per request cost the fast reads 10 to 20%.
 */
export function secretChecker(expected: string): (given: string) => boolean {
  const want = Buffer.from(expected);
  return (given) => {
    const got = Buffer.from(given);
    const sameLength = got.length === want.length;
    return timingSafeEqual(sameLength ? got : want, want) && sameLength;
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Paths outside the contract that stay open (documentation). */
const openPrefixes = ['/api/docs'];

/**
 * One hook guards the whole route table. The contract sets `auth` on every route; a route under /api
 * without it is treated as admin, so forgetting to declare one fails closed. On admin routes the
 * person's role must be granted the route's feature and access (roles.ts), or the reply is a 403 that
 * says so ("Analysts cannot change stories").
 */
export function registerGuards(
  app: FastifyInstance,
  opts: {
    /** The api-key check (secretChecker), shared with the fast path of app reads. */
    isApiKey: (given: string) => boolean;
    authenticate: (token: string) => Promise<AdminIdentity | undefined>;
  },
): void {
  const { isApiKey } = opts;
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.auth;
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!declared && (!isApi || openPrefixes.some((p) => url.startsWith(p)))) return;
    if (!declared && request.is404) return;
    const auth = declared ?? 'admin';
    if (auth === 'public') return;
    const key = request.headers['api-key'];
    if (typeof key !== 'string' || !isApiKey(key)) throw forbidden(messages.badApiKey);
    if (auth !== 'admin') return;
    const token = bearerToken(request);
    const admin = token ? await opts.authenticate(token) : undefined;
    if (!admin) throw unauthorized(messages.unauthorized);
    // A route registered without a feature (only outside the contract) is the owner's alone: fail closed.
    const { feature = 'security', access = 'write' } = request.routeOptions.config ?? {};
    if (!mayCall(admin.role, feature, access)) throw forbidden(refusal(admin.role, feature, access));
    if (admin.twoStepSetupRequired && feature !== 'account')
      throw forbidden(securityMessages.twoStepSetupRequired);
    request.admin = admin;
  });
}
