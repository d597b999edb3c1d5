import { z } from 'zod';
import { decimalNumber, defineRoute, idList, pageSize, replyBase } from './http.js';
import { FEATURE_NAMES, type Feature } from './roles.js';

/**
 * The trash (issue 34, docs/decisions/0037-trash.md): a delete moves its items here, where they keep
 * their ids, counts and files until they are restored, deleted forever, or purged after
 * TRASH_RETENTION_DAYS. An entry's `_id` is the deleted item's own id.
 */
export const TRASH_RETENTION_DAYS_DEFAULT = 30;
export const TRASH_PAGE_MAX = 200;
export { UNDO_SECONDS } from './trash-undo.js';

export const trashMessages = {
  listed: 'Trash fetched',
  notFound: 'Item not found in the trash',
  restored: (n: number) => (n === 1 ? 'Item restored' : `${n} items restored`),
  purged: (n: number) => (n === 1 ? 'Item deleted forever' : `${n} items deleted forever`),
  /** Restore conflicts (409): nothing is restored when one item conflicts. */
  shortcutNoTaken: (no: number | string) =>
    `Cannot restore: shortcut story No ${no} is now used by another shortcut story. Change that one's No first.`,
  webAdNameTaken: (name: string) =>
    `Cannot restore: a web live ad named "${name}" exists now. Rename or delete it first.`,
  categoryInTrash: (name: string) =>
    `Cannot restore: its category "${name}" is in the trash. Restore the category first (its videos come back with it).`,
  categoryGone: 'Cannot restore: its category no longer exists.',
  categoryNameTaken: (name: string) =>
    `Cannot restore: a category named "${name}" exists now. Rename or delete that one first.`,
  adUnitNameTaken: (name: string) =>
    `Cannot restore: an ad unit named "${name}" of its kind exists now. Delete that one first.`,
  /** Website ads' names are unique per platform and cannot be edited. */
  websiteAdNameTaken: (name: string, platform: 'android' | 'ios') =>
    `Cannot restore: ${platform === 'ios' ? 'an Apple' : 'an Android'} website ad named "${name}" exists now. Delete that one first.`,
  idTaken: (label: string) => `Cannot restore ${label}: an item with its id exists now.`,
};

export const trashItem = z.object({
  _id: z.string(),
  feature: z.string(),
  label: z.string(),
  /** A media URL of the item's picture, or '' when it has none (the screen shows its name). */
  thumbnail: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string(),
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItem>;

export const trashQuery = z.object({
  feature: z.enum(FEATURE_NAMES as [Feature, ...Feature[]], 'feature is not a known feature').optional(),
  page: decimalNumber(z.number().int().min(1, 'page must be 1 or more')).default(1),
  limit: pageSize(50, TRASH_PAGE_MAX),
});

export const trashListReply = replyBase.extend({
  data: z.array(trashItem),
  total: z.number(),
  totalPage: z.number(),
});
export type TrashListReply = z.infer<typeof trashListReply>;

export const trashIdsBody = z.object({ id: idList });

export const trashCountReply = replyBase.extend({ count: z.number() });

export const trashRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/trash',
    summary: 'Deleted items, newest first, optionally of one feature',
    auth: 'admin',
    feature: 'trash',
    access: 'read',
    querystring: trashQuery,
    reply: trashListReply,
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/api/admin/trash/restore',
    summary:
      'Put deleted items back as they were (same id, counts, files), all or none: a conflict is a 409 naming it',
    auth: 'admin',
    feature: 'trash',
    access: 'write',
    body: trashIdsBody,
    reply: trashCountReply,
  }),
  purge: defineRoute({
    method: 'DELETE',
    path: '/api/admin/trash',
    summary: 'Delete items in the trash forever: their rows, counts and files',
    auth: 'admin',
    feature: 'trash-purge',
    access: 'write',
    body: trashIdsBody,
    reply: trashCountReply,
  }),
};
