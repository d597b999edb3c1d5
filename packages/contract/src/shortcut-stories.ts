import { deletedMessage } from './messages.js';
import { z } from 'zod';
import { countText } from './format.js';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { decimalNumber, defineRoute, hasVisibleText, idList, pageQuery, replyBase } from './http.js';
import { mediaLimits, mediaMessages } from './media.js';
import { LIST_VERSION_FIELD, listVersion } from './launch-lists.js';

/** Shortcut stories (story brands): doc 1 sections 2 "Story section", 3, 4, 5 and 7. */

/** The largest No (and Click) a shortcut may have. */
export const SHORTCUT_MAX_NUMBER = 1_000_000_000;
const maxNumberText = countText(SHORTCUT_MAX_NUMBER);

export const shortcutMessages = {
  titleRequired: 'Title is required',
  urlRequired: 'Url is required',
  // The inline edit's, named as its row's fields are labelled (No, Name, Label, Url).
  nameRequired: 'Name is required',
  urlEditRequired: 'Url is required',
  urlScheme: 'Url must not be a javascript:, data: or vbscript: link',
  labelRequired: 'Label is required',
  sNoRequired: 'No is required',
  positive: 'Enter No only positive number',
  noTooLarge: `No is too large: it must be at most ${maxNumberText}`,
  clickTooLarge: `Click is too large: it must be at most ${maxNumberText}`,
  idRequired: '_id is required',
  selectImage: mediaMessages.selectImage,
  imageType: mediaMessages.gifPng,
  imageSize: mediaMessages.imageSize,
  listed: 'Shortcut stories fetched successfully',
  added: 'Shortcut story added successfully',
  updated: 'Shortcut story updated successfully',
  deleted: 'Shortcut story deleted successfully',
  notFound: 'Shortcut story not found',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'shortcut story',
} as const;

/** The delete's message: the singular for one shortcut, the count for more ('2 shortcut stories deleted successfully'). */
export const shortcutsDeletedMessage = deletedMessage(shortcutMessages.deleted, 'shortcut stories');

export const SHORTCUT_DEFAULT_LABEL = 'AD';
/** The list size the admin screen requests (doc 1 section 9). */
export const SHORTCUT_PAGE_SIZE = 100;
export const shortcutImageRule = {
  kinds: ['png', 'gif'],
  maxBytes: mediaLimits.image,
  typeMessage: mediaMessages.gifPng,
  sizeMessage: mediaMessages.imageSize,
} as const;

export const shortcutStory = z.object({
  _id: z.string(),
  s_no: z.number().int(),
  name: z.string(),
  url: z.string(),
  label: z.string(),
  logo: z.string(),
  clickCount: z.number().int(),
  createdAt: z.string(),
  /**
   * The version of what the inline edit changes (No, name, url, label, logo; not the click count the app
   * changes), which the edit sends back (docs/decisions/0009-edit-conflicts.md). Additive.
   */
  [EDIT_VERSION_FIELD]: editVersion,
});
export type ShortcutStory = z.infer<typeof shortcutStory>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** A whole number of 0 or more, at most SHORTCUT_MAX_NUMBER (`tooLarge` names the field). */
const countNumber = (tooLarge: string) =>
  decimalNumber(
    z
      .number(shortcutMessages.positive)
      .int(shortcutMessages.positive)
      .min(0, shortcutMessages.positive)
      .max(SHORTCUT_MAX_NUMBER, tooLarge),
  );
/** A form number that may be left empty: otherwise a whole number of 0 or more. */
const optionalCount = (tooLarge: string) =>
  z.preprocess((v) => (isEmpty(v) ? undefined : v), countNumber(tooLarge).optional());
/** A required form number: a whole number of 0 or more. */
const requiredCount = (message: string, tooLarge: string) =>
  z
    .preprocess((v) => (isEmpty(v) ? undefined : v), z.unknown())
    .pipe(z.custom<unknown>((v) => v !== undefined, message).pipe(countNumber(tooLarge)));

/** Schemes a browser would run instead of open; the Url is shown as a link in the back office and the app. */
const SCRIPT_SCHEME = /^\s*(javascript|data|vbscript):/i;
export const isSafeShortcutUrl = (url: string) =>
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  !SCRIPT_SCHEME.test([...url].filter((c) => c > ' ').join(''));

const text = (message: string, max = 2000) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `${message.split(' ')[0]} is too long`)
    .refine(hasVisibleText, message);

/** POST /api/sortcut form fields (the image is the `image` file field). */
export const shortcutAddFields = z.object({
  s_no: optionalCount(shortcutMessages.noTooLarge),
  name: text(shortcutMessages.titleRequired, 200),
  url: text(shortcutMessages.urlRequired).refine(isSafeShortcutUrl, shortcutMessages.urlScheme),
  label: z
    .string()
    .trim()
    .max(40, 'label is too long')
    .optional()
    .transform((v) => (v ? v : SHORTCUT_DEFAULT_LABEL)),
});
export type ShortcutAddFields = z.infer<typeof shortcutAddFields>;

/**
 * PUT /api/sortcut form fields (an `image` file is optional, and so is `version`: the row's as the list
 * showed it; the server checks its form (readEditVersion) and refuses the edit with 409 when the shortcut
 * has changed since. Without it the edit is made as before).
 */
export const shortcutEditFields = z.object({
  _id: z.string(shortcutMessages.idRequired).trim().min(1, shortcutMessages.idRequired).max(64),
  name: text(shortcutMessages.nameRequired, 200),
  url: text(shortcutMessages.urlEditRequired).refine(isSafeShortcutUrl, shortcutMessages.urlScheme),
  s_no: requiredCount(shortcutMessages.sNoRequired, shortcutMessages.noTooLarge),
  label: text(shortcutMessages.labelRequired, 40),
  clickCount: optionalCount(shortcutMessages.clickTooLarge),
  [EDIT_VERSION_FIELD]: z.string().optional(),
});
export type ShortcutEditFields = z.infer<typeof shortcutEditFields>;

export const shortcutListQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.unwrap().default(SHORTCUT_PAGE_SIZE),
  a: z.string().optional(),
});

export const shortcutListReply = replyBase.extend({
  data: z.array(shortcutStory),
  next_s_no: z.number().int(),
  secondStoryBrand: z.boolean(),
  totalPage: z.number().int(),
  /** Shortcuts matching the query (additive to the spec's reply): the list's 'Showing N of M'. */
  total: z.number().int(),
});
export type ShortcutListReply = z.infer<typeof shortcutListReply>;

export const shortcutDeleteBody = z.object({ id: idList });

/** The app's shortcut list, a launch list (launch-lists.ts): it carries its version. */
export const shortcutAppReply = replyBase.extend({
  secondStoryBrand: z.boolean(),
  data: z.array(shortcutStory.omit({ createdAt: true, clickCount: true, [EDIT_VERSION_FIELD]: true })),
  [LIST_VERSION_FIELD]: listVersion,
});
export type ShortcutAppReply = z.infer<typeof shortcutAppReply>;

export const shortcutRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/sortcut',
    auth: 'admin',
    feature: 'shortcut-stories',
    access: 'read',
    summary: 'Admin list of shortcut stories with the next number to offer and the Running flag',
    querystring: shortcutListQuery,
    reply: shortcutListReply,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/sortcut',
    auth: 'admin',
    feature: 'shortcut-stories',
    access: 'write',
    multipart: { files: { image: { ...shortcutImageRule, required: shortcutMessages.selectImage } } },
    summary: 'Add a shortcut story (form: image gif/png, s_no, name, url, label)',
    body: shortcutAddFields,
    reply: replyBase.extend({ data: shortcutStory }),
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/sortcut',
    auth: 'admin',
    feature: 'shortcut-stories',
    access: 'write',
    multipart: { files: { image: shortcutImageRule } },
    summary: 'Edit a shortcut story (form: _id, name, url, s_no, label, clickCount, optional image)',
    body: shortcutEditFields,
    reply: replyBase.extend({ data: shortcutStory }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/sortcut',
    auth: 'admin',
    feature: 'shortcut-stories',
    access: 'write',
    envelope: true,
    summary: 'Delete shortcut stories (id list) and their images',
    body: shortcutDeleteBody,
    reply: replyBase.extend({ deleted: z.number().int() }),
  }),
  appList: defineRoute({
    method: 'GET',
    path: '/api/App/sortcut',
    auth: 'app',
    summary: 'App list of shortcut stories in No order (cached, ETag)',
    reply: shortcutAppReply,
  }),
} as const;
