import type { FastifyInstance } from 'fastify';
import { EnvelopeError, isSealedRequest, openRequest, sealReply } from '@streamdesk/contract/envelope';
import { badRequest } from '../errors.js';
import { isReplayedReply } from './idempotency.js';

/**
 * Routes the contract marks `envelope` accept a body sealed as `{ encryptedData }` or plain JSON, and
 * seal every successful reply as `{ encrypted, iv }` (the spec's "responses come as encrypted plus iv").
 * Error replies stay plain so every client can read their message.
 */
export function registerEnvelope(app: FastifyInstance, payloadKey: string): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.envelope || !isSealedRequest(request.body)) return;
    try {
      request.body = await openRequest(request.body, payloadKey);
    } catch (error) {
      if (error instanceof EnvelopeError)
        throw badRequest(`encryptedData could not be read: ${error.message}`);
      throw error;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.envelope || reply.statusCode >= 300 || typeof payload !== 'string') {
      return payload;
    }
    // A stored reply sent again for an Idempotency-Key was sealed when it was first sent.
    if (isReplayedReply(reply)) return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(await sealReply(JSON.parse(payload), payloadKey));
  });
}
