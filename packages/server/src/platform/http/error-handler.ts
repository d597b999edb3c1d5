import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Statuses for Fastify's own client errors where its plugin's is the wrong one: @fastify/multipart
 * answers a form route sent JSON with 406 Not Acceptable, which is about the Accept header; the body's
 * type is what is refused (415).
 */
const fastifyStatuses: Record<string, number> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
};

/**
 * zod's own words for a value of the wrong type ('Invalid input: expected string, received undefined')
 * in the product's, for those that come up: a missing field 'is required', as the contract's own
 * messages say it, text that is not a number (`page=abc`, coerced to NaN) 'must be a number', and a
 * query parameter given twice 'must be given once'.
 * Undefined for any other message, a schema's own included. `where` names the field ('querystring
 * startDate', 'a_name').
 */
export function plainZodMessage(
  where: string,
  issue: { code?: string; message?: string; expected?: unknown; errors?: unknown },
): string | undefined {
  // A value that may take one of several shapes (an id or a list of ids): zod says only 'Invalid input'.
  if (
    issue.code === 'invalid_union' &&
    issue.message === 'Invalid input' &&
    Array.isArray(issue.errors) &&
    issue.errors.length
  ) {
    const firsts = (issue.errors as { code?: string; message?: string; expected?: unknown }[][]).map(
      (branch) => branch[0],
    );
    if (!firsts.every((first) => first?.code === 'invalid_type')) return undefined;
    if (firsts.every((first) => first!.message?.endsWith('received undefined')))
      return `${where} is required`;
    return `${where} must be ${firsts.map((first) => articled(String(first!.expected))).join(' or ')}`;
  }
  if (issue.code !== 'invalid_type') return undefined;
  const zodWords = `Invalid input: expected ${String(issue.expected)}, received `;
  if (issue.message === `${zodWords}undefined`) return `${where} is required`;
  if (issue.expected === 'number' && issue.message === `${zodWords}NaN`) return `${where} must be a number`;
  // A query parameter given twice (`?page=1&page=2`) arrives as a list.
  if (where.startsWith('querystring ') && issue.message === `${zodWords}array`)
    return `${where} must be given once`;
  return undefined;
}

const articled = (type: string) =>
  type === 'array' ? 'a list' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const first = error.validation[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // zod's own words for a body that is not an object ('Invalid input: expected object, received array')
  // say nothing about where; a schema's own message for it is kept.
  if (!field && error.validationContext === 'body' && /^Invalid input/.test(first.message ?? ''))
    return 'The body must be a JSON object';
  const part = error.validationContext === 'body' ? '' : `${error.validationContext} `;
  if (!field) return `${part}${first.message}`.trim();
  const issue = {
    code: first.keyword,
    message: first.message,
    expected: first.params.expected,
    errors: first.params.errors,
  };
  return plainZodMessage(`${part}${field}`, issue) ?? `${part}${field}: ${first.message}`;
}

/**
 * One error shape everywhere: `{ status: false, message }`. Client errors name the problem; server faults
 * are logged with their detail and answered with a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send({ status: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ status: false, message: validationMessage(error) });
    }
    const statusCode = (error.code && fastifyStatuses[error.code]) || error.statusCode || 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = (error.code && fastifyMessages[error.code]) || error.message || 'Bad request';
      // Headers an error carries belong to its answer, as Fastify's own handler keeps them: a 416 says
      // the file's size in `Content-Range: bytes */size`, so a player can ask again for a range there is.
      const { headers } = error as FastifyError & { headers?: Record<string, string> };
      if (headers) void reply.headers(headers);
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

/** Node's own refusals of a request it could not parse, before Fastify sees one. */
const connectionErrors: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The chunk extensions of the request body are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refuses a request it cannot read (headers
 * over 16 KB, both Content-Length and Transfer-Encoding, a malformed request line) before Fastify has a
 * request or a reply, so Fastify writes its own `{ error, statusCode }` on the socket. This writes the one
 * error shape instead. Like Node's own handler, it writes nothing once a reply on the connection has
 * begun (a pipelined request after it), and closes the connection, which cannot be read further.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const reason = (error as { reason?: unknown }).reason;
    const [statusCode, message] = connectionErrors[error.code] ?? [
      400,
      typeof reason === 'string'
        ? `The request is not valid HTTP: ${reason}`
        : 'The request is not valid HTTP',
    ];
    const body = JSON.stringify({ status: false, message });
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
