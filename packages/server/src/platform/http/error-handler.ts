import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@streamdesk/contract/messages';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError } from '../errors.js';

/** Messages for Fastify's own client errors, worded for the people who read them. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
  FST_ERR_BAD_URL: 'The URL has a broken %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A value in the URL path is too long',
};

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const first = error.validation[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // zod's own words for a body that is not an object ('Invalid input: expected object, received array')
  // say nothing about where; a schema's own message for it is kept.
  if (!field && error.validationContext === 'body' && /^Invalid input/.test(first.message ?? ''))
    return 'The body must be a JSON object';
  const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
  return field ? `${where}${field}: ${first.message}` : `${where}${first.message}`.trim();
}

/**
 * One error shape everywhere: `{ status: false, message }`. Client errors name the problem; server faults
 * are logged with their detail and answered with a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ status: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ status: false, message: validationMessage(error) });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = (error.code && fastifyMessages[error.code]) || error.message || 'Bad request';
      return reply.code(statusCode).send({ status: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      return reply.code(503).send({ status: false, message: messages.databaseUnavailable });
    }
    // A disk that filled up during an upload (the partial file is already removed by the store).
    if (error.code === 'ENOSPC' || error.code === 'EDQUOT') {
      return reply.code(507).send({ status: false, message: messages.storageFull });
    }
    return reply.code(500).send({ status: false, message: messages.serverFault });
  });
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a URL whose %-escapes do not decode, a
 * path parameter over its length) come before any route or error handler and would otherwise go out in
 * Fastify's shape. They get the one error shape too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(statusCode).send({ status: false, message: fastifyMessages[error.code] ?? 'Bad request' });
}
