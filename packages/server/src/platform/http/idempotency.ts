import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
  takesIdempotencyKey,
} from '@streamdesk/contract/idempotency';
import { badRequest, conflict, HttpError } from '../errors.js';
import type { ClaimRef } from '../idempotency/idempotency-keys.repository.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';

/** Whether the reply is a stored one sent again (the envelope leaves it as it was first sealed). */
export const isReplayedReply = (reply: FastifyReply) => reply.hasHeader(IDEMPOTENT_REPLAYED_HEADER);

const payloadText = (payload: unknown): string | undefined => {
  if (typeof payload === 'string') return payload;
  return Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
};

/**
 * The admin writes' `Idempotency-Key` (docs/decisions/0010-bad-network.md). Registered after the guards
 * (the key belongs to the signed-in admin) and after the envelope, so the reply stored is the one sent,
 * sealed as it went out. The key is looked at before the body is read: a request answered from the
 * store leaves its body unread (Node discards it), so an upload is neither read nor stored again.
 */
export function registerIdempotentWrites(app: FastifyInstance, service: IdempotencyService): void {
  const claims = new WeakMap<FastifyRequest, ClaimRef>();

  const finish = async (request: FastifyRequest, statusCode: number, body: string | undefined) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    const clientGone = request.raw.socket?.destroyed === true;
    try {
      await service.finish(claim, { statusCode, body, clientGone });
    } catch (error) {
      // The reply still goes out; the service keeps the claim and stores the reply with its heartbeat.
      request.log.error({ err: error }, 'could not store the reply of an idempotent write');
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const auth = request.routeOptions.config?.auth;
    if (key === undefined || !request.admin || !takesIdempotencyKey({ auth, method: request.method })) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw badRequest(idempotencyMessages.badKey);
    const { adminId } = request.admin;
    const begun = await service.begin({ adminId, key, method: request.method, url: request.url });
    if (begun.kind === 'running') throw conflict(idempotencyMessages.stillSaving);
    if (begun.kind === 'mismatch') throw new HttpError(422, idempotencyMessages.otherRequest);
    if (begun.kind === 'claimed') {
      claims.set(request, begun.claim);
      return;
    }
    return reply
      .code(begun.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
      .send(begun.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await finish(request, reply.statusCode, payloadText(payload));
    return payload;
  });
  // A request that ended without a reply of its own frees its key.
  app.addHook('onResponse', async (request, reply) => finish(request, reply.statusCode, undefined));
  app.addHook('onClose', async () => service.close());
}

const keyDoc = {
  description:
    'Admin writes: a key of 16 to 64 letters, digits, - or _, new for each change. The same change sent ' +
    'again with the same key (after a reply that never arrived) is not made twice: it gets the first ' +
    `reply again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, or a 409 while the first is still running. ` +
    'The same key with another method or path is a 422. Keys are kept 24 hours.',
  schema: { type: 'string' as const, pattern: IDEMPOTENCY_KEY_PATTERN.source, minLength: 16, maxLength: 64 },
};

/** The header in the OpenAPI description's components, beside the security schemes. */
export const idempotencyComponents = {
  parameters: {
    idempotencyKey: { name: 'Idempotency-Key', in: 'header' as const, required: false, ...keyDoc },
  },
  headers: {
    idempotentReplayed: {
      description: 'true on a stored reply sent again for an Idempotency-Key',
      schema: { type: 'string' as const, enum: ['true'] },
    },
  },
};

/** Adds the header to each admin write of the OpenAPI description made by `transform`. */
export function documentIdempotencyKey<D extends { route: RouteOptions }>(
  transform: (doc: D) => { schema: FastifySchema; url: string },
): (doc: D) => { schema: FastifySchema; url: string } {
  return (doc) => {
    const out = transform(doc);
    const { auth } = doc.route.config ?? {};
    if (typeof doc.route.method !== 'string' || !takesIdempotencyKey({ auth, method: doc.route.method }))
      return out;
    const header = { ...keyDoc.schema, description: keyDoc.description };
    const headers = { type: 'object', properties: { 'Idempotency-Key': header } };
    return { ...out, schema: { ...out.schema, headers } };
  };
}
