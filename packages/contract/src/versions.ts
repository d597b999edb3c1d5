import { z } from 'zod';
import { decimalNumber, defineRoute, pageQuery, pageSize, replyBase } from './http.js';
import type { Feature } from './roles.js';

/**
 * Numbered versions of a settings record (the controller, the policy): every change makes one, with who,
 * when, which keys changed and the whole state after, so any version can be shown, compared and rolled
 * back to (docs/decisions/0032-versions.md). Rolling back makes a new version; history is never rewritten.
 */

/** Versions kept per record when VERSIONS_KEEP is not set; it may be 0 (keep all) or at least the minimum. */
export const VERSIONS_KEEP_DEFAULT = 1000;
export const VERSIONS_KEEP_MIN = 300;

/** How a version came about: a write, a rollback, a scheduled change, or the state before history began. */
export const VERSION_SOURCES = ['edit', 'rollback', 'schedule', 'initial'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

export const versionMessages = {
  listed: 'Versions',
  fetched: 'Version',
  notFound: (n: number) => `Version ${n} not found`,
  rolledBack: (n: number) => `Rolled back to version ${n}`,
  unchanged: (n: number) => `Nothing to roll back: the values already match version ${n}`,
  badNumber: 'must be a version number (1 or more)',
} as const;

export const versionSummary = z.object({
  n: z.number().int(),
  at: z.string(),
  personId: z.string().nullable(),
  personName: z.string(),
  source: z.enum(VERSION_SOURCES),
  /** The version a rollback went back to. */
  rolledBackTo: z.number().int().nullable(),
  /** The keys whose values differ from the version before it. */
  keys: z.array(z.string()),
});
export type VersionSummary = z.infer<typeof versionSummary>;

export const versionListQuery = pageQuery.pick({ page: true }).extend({ limit: pageSize(50, 200) });
export type VersionListQuery = z.infer<typeof versionListQuery>;

export const versionListReply = replyBase.extend({
  data: z.array(versionSummary),
  total: z.number().int(),
  totalPage: z.number().int(),
});
export type VersionListReply = z.infer<typeof versionListReply>;

export const versionParams = z.object({
  n: decimalNumber(
    z.number(versionMessages.badNumber).int(versionMessages.badNumber).min(1, versionMessages.badNumber),
  ),
});

/** The three routes of one record's versions, under `base` (`/api/admin/controller/versions`). */
export function versionRoutes<S extends z.ZodType>(feature: Feature, base: string, state: S, what: string) {
  const version = versionSummary.extend({ state });
  return {
    list: defineRoute({
      method: 'GET',
      path: base,
      auth: 'admin',
      feature,
      access: 'read',
      summary: `The versions of ${what}, newest first: number, who, when, which keys changed`,
      querystring: versionListQuery,
      reply: versionListReply,
    }),
    get: defineRoute({
      method: 'GET',
      path: `${base}/:n`,
      auth: 'admin',
      feature,
      access: 'read',
      summary: `One version of ${what}, with its whole state`,
      params: versionParams,
      reply: replyBase.extend({ data: version }),
    }),
    rollback: defineRoute({
      method: 'POST',
      path: `${base}/:n/rollback`,
      auth: 'admin',
      feature,
      access: 'write',
      summary: `Roll ${what} back to a version: a new version with its values (history is kept)`,
      params: versionParams,
      // `n`: the new version, or null when the values already matched the chosen one (nothing written).
      reply: replyBase.extend({ n: z.number().int().nullable() }),
    }),
  } as const;
}
