import { z } from 'zod';
import { EDIT_VERSION_FIELD, editVersion } from './edit-versions.js';
import { defineRoute, hasVisibleText, idSchema, replyBase, searchText } from './http.js';
import { MB } from './media.js';

/** Category image: PNG, GIF, JPG or JPEG by content, at most 1 MB (doc 2 sections 5 and 9). */
export const CATEGORY_IMAGE_MAX_BYTES = 1 * MB;
export const CATEGORY_NAME_MAX = 100;

export const categoryMessages = {
  nameRequired: 'Enter category name',
  nameTooLong: `Category name must be at most ${CATEGORY_NAME_MAX} characters`,
  imageRequired: 'Please upload main image',
  imageType: 'Only PNG, GIF, JPG, JPEG images are allowed',
  imageSize: 'Image size must be less than 1MB',
  added: 'Category added',
  updated: 'Category updated',
  deleted: 'Category deleted',
  statusUpdated: 'Category status updated',
  listed: 'Categories fetched',
  notFound: 'Category not found',
  nameTaken: 'A category with this name already exists',
  /** The thing named by an edit conflict (editVersionMessages.changed). */
  conflictThing: 'category',
  // Web-side fallbacks and confirmations (doc 2 section 8).
  somethingWrong: 'Something went wrong!',
  addFailed: 'Failed to add category',
  updateFailed: 'Failed to update category',
  deleteFailed: 'Failed to delete category',
  statusFailed: 'Failed to update status.',
  wrongAnswer: 'Answer is not correct',
  deleteWarning:
    'Deleting this category may also remove linked subcategories and products. All videos in this category will be deleted.',
  noneYet: 'No categories added yet',
  noneMatching: 'No categories found matching your search',
} as const;

const categoryImage = {
  kinds: ['png', 'gif', 'jpeg'],
  maxBytes: CATEGORY_IMAGE_MAX_BYTES,
  typeMessage: categoryMessages.imageType,
  sizeMessage: categoryMessages.imageSize,
} as const;

export const videoCategory = z.object({
  _id: z.string(),
  name: z.string(),
  main_image: z.string(),
  status: z.boolean(),
  /** The number of videos in the category. */
  total_products: z.number().int(),
  createdAt: z.string(),
  /**
   * The version of what the edit form changes (name and image; not the video count nor the status,
   * which the edit never sends), which the edit sends back (docs/decisions/0009-edit-conflicts.md). Additive.
   */
  [EDIT_VERSION_FIELD]: editVersion,
});
export type VideoCategory = z.infer<typeof videoCategory>;

const categoryName = z
  .string(categoryMessages.nameRequired)
  .trim()
  .min(1, categoryMessages.nameRequired)
  .max(CATEGORY_NAME_MAX, categoryMessages.nameTooLong)
  .refine(hasVisibleText, categoryMessages.nameRequired);

/** The text fields of the multipart add form. */
export const categoryAddFields = z.object({ name: categoryName });
/**
 * The text fields of the multipart edit form (the image part is optional, and so is the version: the
 * row's as the list showed it when Edit was pressed). The server checks the version's form
 * (readEditVersion) and refuses the edit with 409 when the category has changed since; without one the
 * edit is made as before.
 */
export const categoryEditFields = z.object({
  id: idSchema,
  name: categoryName,
  [EDIT_VERSION_FIELD]: z.string().optional(),
});

export const categoryListQuery = z.object({
  q: searchText,
});

export const categoryListReply = replyBase.extend({ data: z.array(videoCategory) });
export const categoryReply = replyBase.extend({ data: videoCategory });
export const categoryDeleteReply = replyBase.extend({ deletedVideos: z.number().int() });

/** A category as the mobile app gets it: only active ones are listed, so no status. */
export const appVideoCategory = videoCategory.pick({
  _id: true,
  name: true,
  main_image: true,
  total_products: true,
});
export type AppVideoCategory = z.infer<typeof appVideoCategory>;
export const appCategoryListReply = replyBase.extend({ data: z.array(appVideoCategory) });
export type AppCategoryListReply = z.infer<typeof appCategoryListReply>;

export const videoCategoryRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/App/video/category',
    auth: 'admin',
    feature: 'video-categories',
    access: 'read',
    summary: 'Every video category with its video count (total_products), newest first',
    querystring: categoryListQuery,
    reply: categoryListReply,
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/App/video/category',
    auth: 'admin',
    feature: 'video-categories',
    access: 'write',
    multipart: { files: { image: { ...categoryImage, required: categoryMessages.imageRequired } } },
    summary: 'Add a category: multipart name and image (PNG, GIF, JPG, JPEG, at most 1 MB)',
    body: categoryAddFields,
    reply: categoryReply,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/App/video/category',
    auth: 'admin',
    feature: 'video-categories',
    access: 'write',
    multipart: { files: { image: categoryImage } },
    summary: `Edit a category: multipart id, name, optionally a new image and optional ${EDIT_VERSION_FIELD} (the list row's): refused with 409 when the category was changed since`,
    body: categoryEditFields,
    reply: categoryReply,
  }),
  toggleStatus: defineRoute({
    method: 'PUT',
    path: '/api/App/video/category/status/:id',
    auth: 'admin',
    feature: 'video-categories',
    access: 'write',
    summary: 'Flip a category between active and inactive (inactive hides its videos from the feed)',
    params: z.object({ id: idSchema }),
    reply: categoryReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/App/video/category/:id',
    auth: 'admin',
    feature: 'video-categories',
    access: 'write',
    summary: 'Delete a category together with its videos and their files',
    params: z.object({ id: idSchema }),
    reply: categoryDeleteReply,
  }),
  appList: defineRoute({
    method: 'GET',
    path: '/api/App/video/app/category',
    auth: 'app',
    summary:
      "The app's category screen: active categories with their video count (total_products), newest first (api-key only; cached with an ETag)",
    reply: appCategoryListReply,
  }),
} as const;
