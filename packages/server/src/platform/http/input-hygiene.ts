// Node 20 has String.prototype.isWellFormed; the project's lib (ES2023) does not declare it yet.
/// <reference lib="es2024.string" />
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

export const NUL_MESSAGE = 'must not contain a NUL character';
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone UTF-16 surrogate (it is not valid Unicode)';
const PROTO_KEY_MESSAGE = 'must not have a key named __proto__';
const CONSTRUCTOR_KEY_MESSAGE = 'must not have a constructor key holding a prototype key';

/** What is wrong with where a request value is: `path` '' for the value itself, else dotted (`events.3.id`). */
export interface InputFault {
  path: string;
  message: string;
}

/**
 * Why a text cannot be kept as it came, or undefined. PostgreSQL refuses a NUL in text. A lone surrogate
 * (`\ud800` in JSON) has no UTF-8 form: SQLite stored its bytes as invalid UTF-8 and read it back as
 * U+FFFD, so what was stored differed from what the reply showed.
 */
export function textFault(text: string): string | undefined {
  if (text.includes('\0')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/** Why an object cannot be kept: a key a prototype-poisoning attempt uses (Fastify's JSON parser refuses both). */
function keyFault(node: object): string | undefined {
  if (Object.hasOwn(node, '__proto__')) return PROTO_KEY_MESSAGE;
  const held = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : null;
  if (held !== null && typeof held === 'object' && Object.hasOwn(held, 'prototype'))
    return CONSTRUCTOR_KEY_MESSAGE;
  return undefined;
}

/** What the walk refuses: texts (values and keys) and objects. */
export interface FaultCheck {
  text(text: string): string | undefined;
  object?(node: object): string | undefined;
}
const HYGIENE: FaultCheck = { text: textFault, object: keyFault };

/**
 * The first fault in a parsed request value, or undefined. By default: a text or key that `textFault`
 * refuses (at the key's own path), or an object holding a `__proto__` or `constructor.prototype` key (at
 * the object's path). Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function inputFault(value: unknown, check: FaultCheck = HYGIENE): InputFault | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      const message = check.text(current);
      if (message) return { path: at, message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const message = check.object?.(current);
    if (message) return { path: at, message };
    for (const [key, inner] of Object.entries(current)) {
      const path = at ? `${at}.${key}` : key;
      const keyMessage = check.text(key);
      if (keyMessage) return { path, message: keyMessage };
      stack.push([inner, path]);
    }
  }
  return undefined;
}

/** The client error for a fault in a request part (a form's fields count as body). */
export function inputFaultError(part: 'body' | 'querystring' | 'params', { path, message }: InputFault) {
  const where = part === 'body' ? path : `${part} ${path}`.trim();
  return badRequest(where ? `${where}: ${message}` : `The body ${message}`);
}

/**
 * Only these escapes put a NUL (`\u0000`) or a surrogate (`\uD800`-`\uDFFF`) into parsed JSON: a raw
 * control character is not valid JSON, and the body text is decoded from UTF-8, which turns bytes that
 * are not UTF-8 into U+FFFD, never into a surrogate. Escaped pairs (an emoji as `\ud83d\ude00`) match
 * too; the walk then finds nothing.
 */
const MAY_HOLD_FAULT = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Why Fastify's JSON parser refused a text that JSON.parse reads: a `__proto__` or
 * `constructor.prototype` key. JSON.parse makes such a key an own property, so the parsed value is only
 * walked, never used.
 */
function poisonedKey(text: string): InputFault | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return inputFault(parsed, { text: () => undefined, object: keyFault });
}

/**
 * Refuses, before the route runs, a NUL character or a lone surrogate anywhere in a request's path
 * parameters, query or JSON body (after the envelope is opened, so register this after it), in a value
 * or a key, with a 400 naming where. No text the product keeps can hold either, and refusing them keeps
 * SQLite and PostgreSQL alike. Multipart fields are checked where they are read (readMultipart, for every upload route).
 *
 * Walking a parsed body costs more than parsing it (about 65 µs for a batch of 100 app events), so the
 * JSON parser looks at the text first (MAY_HOLD_FAULT) and only a body that may hold one is walked.
 * Sealed bodies arrive as ciphertext and are always walked once opened; the walk also refuses their
 * `__proto__` and `constructor.prototype` keys, which Fastify's parser refuses in a plain body. When it
 * does, the refusal names the key instead of saying the JSON is malformed.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  const mayHoldFault = new WeakSet<FastifyRequest>();
  // Fastify's own JSON parser with its default guards against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Most bodies hold no escape at all: `includes` answers them in a fraction of the regex's time.
    if (text.includes('\\u') && MAY_HOLD_FAULT.test(text)) mayHoldFault.add(request);
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      const refused = (error as FastifyError | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      const poisoned = refused ? poisonedKey(text) : undefined;
      done(poisoned ? inputFaultError('body', poisoned) : error, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    for (const part of ['params', 'querystring'] as const) {
      const found = inputFault(part === 'querystring' ? request.query : request.params);
      if (found) throw inputFaultError(part, found);
    }
    if (mayHoldFault.has(request) || request.routeOptions.config?.envelope) {
      const found = inputFault(request.body);
      if (found) throw inputFaultError('body', found);
    }
  });
}
