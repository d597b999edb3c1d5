import { z } from 'zod';
import type { MediaKind } from './media.js';
import type { Access, Feature } from './roles.js';

/**
 * Who may call a route.
 * - `public`: anyone (the public site, health).
 * - `app`: the mobile app and the public web: the `api-key` header only.
 * - `admin`: the back office: the `api-key` header and a bearer token.
 */
export type RouteAuth = 'public' | 'app' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface RouteBase {
  method: HttpMethod;
  /** Fastify-style path (`/api/App/ads/:kind/update/:id`): the spec's spelling, exactly. */
  path: string;
  summary: string;
  /** The body may arrive as `{ encryptedData }` and the reply goes back as `{ encrypted, iv }`. */
  envelope?: boolean;
  /**
   * The body is multipart/form-data: `body` then checks its text fields and `multipart` declares its
   * files. The server parses and checks both before the handler runs (platform/http/upload.ts).
   */
  multipart?: MultipartDef;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The JSON body, or a multipart route's text fields. */
  body?: z.ZodType;
  reply: z.ZodType;
}

/** A file field of a multipart route. Its kind is told from the file's first bytes, never its name. */
export interface UploadFileRule {
  kinds: readonly MediaKind[];
  /** Checked while the file streams in; over it, `sizeMessage` with 413. */
  maxBytes: number;
  /** The message for a file of another kind (400). */
  typeMessage: string;
  sizeMessage: string;
  /** Most files in the field; declared, the handler gets a list. Unset: one file. */
  maxCount?: number;
  /** The message when more than `maxCount` files arrive (400). */
  countMessage?: string;
  /** Set, the file must come, and this is the message (400) when it does not. */
  required?: string;
}

export interface MultipartDef {
  files: Record<string, UploadFileRule>;
  /** A refused text field's message starts with its name ("title: ..."), as a JSON body's does. */
  nameFields?: boolean;
  /** A batch: a refused file is reported by name and the good ones kept, instead of failing the form. */
  keepGoodFiles?: boolean;
}

/**
 * An admin route also names the feature it belongs to and whether it reads or changes it; roles.ts says
 * which roles may do that, for the server's guard, the OpenAPI document and the web app alike.
 */
export type RouteDef = RouteBase &
  (
    | { auth: 'admin'; feature: Feature; access: Access }
    | { auth: Exclude<RouteAuth, 'admin'>; feature?: never; access?: never }
  );

export const defineRoute = <const T extends RouteDef>(def: T): T => def;

/** Every reply carries these two fields (ARCHITECTURE.md, "Wire conventions"). */
export const replyBase = z.object({ status: z.boolean(), message: z.string() });
export type ReplyBase = z.infer<typeof replyBase>;

export const errorReply = replyBase.extend({ status: z.literal(false) });
export type ErrorReply = z.infer<typeof errorReply>;

/** The encrypted request body of routes marked `envelope`. */
export const envelopeBody = z.object({ encryptedData: z.string().min(1) });
/** The encrypted reply of routes marked `envelope`. */
export const envelopeReply = z.object({ encrypted: z.string(), iv: z.string() });

/** A number as a person types it into a field: plain decimal digits, with a sign and a fraction at most. */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number from JSON, or from the text a form field or query string holds. `z.coerce.number()` reads
 * what `Number()` reads: `0x1`, `1e3`, `Infinity`, and blank text as 0. Here any text but plain decimal
 * digits becomes NaN, which `schema` refuses with its own message ('must be a number' when it has none).
 */
export const decimalNumber = <T extends z.ZodType, I = unknown>(schema: T) =>
  z.preprocess((v: I) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    return DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN;
  }, schema);

/** A page size from the query: a whole number from 1 to `max`, `fallback` when absent. */
export const pageSize = (fallback: number, max: number) =>
  decimalNumber(
    z.number().int().min(1, 'limit must be 1 or more').max(max, `limit must be ${max} or less`),
  ).default(fallback);

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners, word joiner,
 * byte order mark), controls, the blank Hangul fillers and the blank Braille pattern. `trim()` removes only
 * the first kind, so a required field of U+200B alone passed as filled and showed as an empty title.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]*$/u;
export const hasVisibleText = (v: string) => !INVISIBLE.test(v);

/** Every space removed: what the spec does to ad names, ad ids and website ad URLs before saving them. */
export const stripSpaces = (value: string) => value.replace(/\s+/g, '');

/**
 * A host name (`example.com`, `www.example.co.uk`, `localhost`), with a port or not, at the start of the
 * text and followed by its path, query, fragment or nothing. `example.com:8080/path` is a host and its
 * port, not the scheme `example.com:`; `tel:123` or `intent:...` are schemes (no dotted host before the colon).
 */
const HOST_FIRST = /^([a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}|localhost)(:\d{1,5})?([/?#]|$)/i;

/**
 * A web address typed without its scheme ("example.com/page", "www.example.com", "example.com:8080")
 * with https:// in front, so it is never stored as a link relative to the back office; anything with a
 * scheme, or that does not start with a host name, as it is (issue 36).
 */
export const withScheme = (url: string) => (HOST_FIRST.test(url) ? `https://${url}` : url);

/** Text a form requires: trimmed, with at least one character that shows, at most `max` characters. */
export const requiredText = (message: string, max: number, tooLong: string) =>
  z.string(message).trim().min(1, message).max(max, tooLong).refine(hasVisibleText, message);

/** `requiredText` with the usual words for text over its limit: '<label> must be at most <max> characters'. */
export const requiredField = (message: string, max: number, label: string) =>
  requiredText(message, max, `${label} must be at most ${max} characters`);

/** A time in ISO form (any offset), stored and replied in UTC. */
export const isoTime = (field: string) =>
  z
    .string(isoTimeMessage(field))
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), {
      message: isoTimeMessage(field),
    })
    .transform((v) => new Date(v).toISOString());
/** An optional ISO time of a form: empty or null means none (null kept, to clear a stored time). */
export const optionalIsoTime = (field: string) =>
  z.preprocess((v) => (v === '' ? null : v), isoTime(field).nullish());
export const isoTimeMessage = (field: string) =>
  `${field} must be an ISO time such as 2026-12-02T19:30:00+05:30`;

/**
 * The most matches a list's search counts (0063): its total stops here and `totalCapped` says more match.
 * A person narrows a search rather than paging past it; the count then costs at most this many rows.
 */
export const SEARCH_COUNT_MAX = 1_000;

/** A list's search text, trimmed (only spaces is no search), at most 200 characters: every list's `q`. */
export const searchText = z.string().trim().max(200, 'q must be at most 200 characters').optional();

/** List query shared by paged lists: page is 1-based. */
export const pageQuery = z.object({
  page: decimalNumber(z.number().int().min(1, 'page must be 1 or more')).default(1),
  limit: pageSize(20, 1000),
  q: searchText,
});

/** A list's order: a column ascending (`title`) or descending (`-title`), as the `?sort=` parameter says it. */
export type SortOf<C extends string> = C | `-${C}`;

/** Every order of `columns`: each ascending, then descending. */
export const sortOrders = <const C extends string>(columns: readonly C[]): SortOf<C>[] =>
  columns.flatMap((c): SortOf<C>[] => [c, `-${c}`]);

/** A list's `sort` parameter: one of `sortOrders(columns)`; any other value is a 400 that lists them. */
export const sortParam = <const C extends string>(columns: readonly C[]): z.ZodType<SortOf<C>> => {
  const orders = sortOrders(columns);
  return z.enum(orders as [SortOf<C>, ...SortOf<C>[]], {
    error: () => `sort must be one of ${orders.join(', ')}`,
  });
};

/** `sortParam` with the list's usual order when the query has none (issue 36: sorting by column headers). */
export const sortQuery = <const C extends string>(columns: readonly C[], fallback: SortOf<NoInfer<C>>) =>
  sortParam(columns).default(fallback);

/** The column an order sorts by, and whether highest (or newest) comes first. */
export const parseSort = <C extends string>(sort: SortOf<C>): { column: C; desc: boolean } =>
  sort.startsWith('-') ? { column: sort.slice(1) as C, desc: true } : { column: sort as C, desc: false };

/** Ids are strings (`_id` in JSON). */
export const idSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'id is required' : 'id must be text') })
  .trim()
  .min(1, 'id is required')
  .max(64, 'id is too long');
/** A list of ids, as the spec's bulk deletes send them (`id: [...]`); one id alone is accepted too. */
export const idList = z
  .union([idSchema, z.array(idSchema)], {
    error: (issue) => (issue.input === undefined ? 'id is required' : 'id must be an id or a list of ids'),
  })
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(idSchema).min(1, 'id must list at least one id').max(1000, 'id lists at most 1000 ids'));

/** Fill `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
