import type { z } from 'zod';
import { storyInsertData, storyMessages, type StoryInsertData } from '@streamdesk/contract/stories';
import { toDbBool } from '../../platform/db/values.js';
import { badRequest } from '../../platform/errors.js';
import { inputFault, inputFaultError } from '../../platform/http/input-hygiene.js';

/** `insertData.field: message` for the first problem, so the client can tell which field is wrong. */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return storyMessages.insertDataJson;
  const path = issue.path.map(String).join('.');
  return path ? `${prefix}.${path}: ${issue.message}` : `${prefix}: ${issue.message}`;
}

export function parseInsertData(
  raw: string | undefined,
  overrides: Record<string, unknown> = {},
): StoryInsertData {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw badRequest(storyMessages.insertDataJson);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw badRequest(storyMessages.insertDataJson);
  // The form field's own check sees only the escapes ('\\u0000', '\\ud800'); the parsed text holds the
  // characters: a NUL or a lone surrogate, which no database stores as sent.
  const fault = inputFault(json);
  if (fault) throw inputFaultError('body', { ...fault, path: `insertData.${fault.path}` });
  const parsed = storyInsertData.safeParse({ ...json, ...overrides });
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, 'insertData'));
  return parsed.data;
}

/** The `_id` field of the edit form arrives JSON-encoded (`"\"abc\""`); a bare id is accepted too. */
export function parseFormId(raw: string | undefined): string {
  let value: unknown = raw;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    /* a bare id */
  }
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value.trim()))
    throw badRequest(storyMessages.idJson);
  return value.trim();
}

/** The id to lock for the `_id` field of an edit form, which arrives JSON-encoded or bare. */
export function formIdOrRaw(raw: string | undefined): string {
  try {
    return parseFormId(raw);
  } catch {
    return raw ?? '';
  }
}

/** The view and click limit columns of a story's form. */
export const limitColumns = (d: StoryInsertData) => ({
  max_view_limit: d.maxviewLimit,
  max_view_status: toDbBool(d.maxviewStatus),
  max_click_limit: d.maxclickLimit,
  max_click_status: toDbBool(d.maxclickStatus),
});
