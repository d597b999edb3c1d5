import type { z } from 'zod';
import { badRequest } from '../errors.js';

/**
 * Parses the text fields of a multipart form with a contract schema. Form fields are not checked by
 * Fastify's schema, so the first problem is answered here, worded by the contract's message.
 */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid form');
}

/** Runs the work of a request that uploaded files; if it fails, the files are removed before rethrowing. */
export async function keepUploadIf<T>(
  upload: { discard(): Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
