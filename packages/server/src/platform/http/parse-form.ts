import type { z } from 'zod';
import { badRequest } from '../errors.js';
import { plainZodMessage } from './error-handler.js';

/**
 * Parses the text fields of a multipart form with a contract schema. Form fields are not checked by
 * Fastify's schema, so the first problem is answered here, worded by the contract's message. Most
 * contract messages name their field; with `nameField` the field's path goes first, as a JSON body's
 * refusal reads ("title: ..."). zod's own words for a missing field or a number that is not one read
 * as a JSON body's do ("title is required").
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  fields: Record<string, string>,
  { nameField = false } = {},
): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw badRequest('Invalid form');
  const path = issue.path.join('.');
  const plain = path ? plainZodMessage(path, issue) : undefined;
  if (plain) throw badRequest(plain);
  throw badRequest(nameField && path ? `${path}: ${issue.message}` : issue.message);
}
