import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * Where a NUL character (U+0000) sits in a parsed request value: '' for the value itself, a dotted
 * path (`events.3.id`) inside it, undefined when there is none. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack.
 */
export function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return at;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, inner] of Object.entries(current)) {
      const path = at ? `${at}.${key}` : key;
      if (key.includes('\0')) return path;
      stack.push([inner, path]);
    }
  }
  return undefined;
}

/** The client error for a NUL found at `path` of a request part ('' for a whole body). */
export function nulError(part: 'body' | 'querystring' | 'params', path: string) {
  const where = part === 'body' ? path : `${part} ${path}`.trim();
  return badRequest(where ? `${where}: ${NUL_MESSAGE}` : `The body ${NUL_MESSAGE}`);
}

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or JSON body (after the
 * envelope is opened, so register this after it). No text the product keeps can hold one, and
 * PostgreSQL refuses it in text with an error that would otherwise surface as a server fault.
 * Multipart fields are checked where they are read (readMultipart).
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of ['params', 'querystring', 'body'] as const) {
      const value = part === 'querystring' ? request.query : request[part];
      const path = nulPath(value);
      if (path !== undefined) throw nulError(part, path);
    }
  });
}
