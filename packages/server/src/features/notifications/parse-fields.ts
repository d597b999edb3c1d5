import type { z } from 'zod';
import { badRequest } from '../../platform/errors.js';

/** Parses multipart text fields with a contract schema; a failure reads like a JSON body's ("title: ..."). */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}
