import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartDef, RouteDef, UploadFileRule } from '@streamdesk/contract/http';
import { z } from 'zod';
import { badRequest } from '../errors.js';
import type { MediaStore } from '../media/media-store.js';
import {
  readMultipart,
  type FileFieldSpec,
  type RejectedFile,
  type UploadedFile,
} from '../media/multipart.js';
import { parseForm } from './parse-form.js';

/** Where a route's uploaded files are stored: the store and its folder (usually the feature's name). */
export interface UploadTarget {
  store: MediaStore;
  folder: string;
}

/** What the handler gets for a file field: a list when the contract gives `maxCount`, else one file. */
type FileOf<R> = R extends { maxCount: number }
  ? UploadedFile[]
  : R extends { required: string }
    ? UploadedFile
    : UploadedFile | undefined;

/** The files of a multipart route, typed from its contract declaration. */
export type UploadedFiles<M extends MultipartDef> = { [K in keyof M['files']]: FileOf<M['files'][K]> };

/** What a multipart route's request carries besides its checked fields (`request.body`). */
export interface UploadParts<M extends MultipartDef> {
  uploads: UploadedFiles<M>;
  /** Files refused in a batch (`keepGoodFiles`); the others were kept. Empty otherwise. */
  rejectedFiles: RejectedFile[];
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The one place a multipart body is read: before the handler, each declared file is streamed into the
 * store with its rules, the text fields are checked with the route's `body` schema, and a required file
 * that did not come is refused. If anything fails, from the parse to the handler's last await (a
 * refused field, a service error, a throw), every file this request stored is removed before the error
 * is answered; features keep no cleanup of their own. A client that goes away mid-upload fails the
 * parse, which removes what it had stored.
 */
export function withUpload(
  def: RouteDef & { multipart: MultipartDef },
  target: UploadTarget,
  handler: Handler,
): Handler {
  const { files: rules, nameFields = false, keepGoodFiles = false } = def.multipart;
  const files = Object.fromEntries(
    Object.entries(rules).map(([name, rule]): [string, FileFieldSpec] => [
      name,
      {
        folder: target.folder,
        rule,
        maxCount: rule.maxCount ?? 1,
        ...(rule.countMessage ? { countMessage: rule.countMessage } : {}),
        // A video's probe runs on its bytes as they stream in, so it is done when the upload is.
        probe: rule.kinds.includes('mp4'),
      },
    ]),
  );
  return async (request, reply) => {
    const upload = await readMultipart(request, target.store, { files, skipInvalidFiles: keepGoodFiles });
    try {
      request.body = def.body ? parseForm(def.body, upload.fields, { nameField: nameFields }) : upload.fields;
      const handed: Record<string, UploadedFile[] | UploadedFile | undefined> = {};
      for (const [name, rule] of Object.entries(rules)) {
        const got = upload.files[name] ?? [];
        const refused = upload.rejected.some((r) => r.field === name);
        if (rule.required && !got.length && !refused) throw badRequest(rule.required);
        handed[name] = rule.maxCount === undefined ? got[0] : got;
      }
      Object.assign(request, { uploads: handed, rejectedFiles: upload.rejected });
      return await handler(request, reply);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  };
}

/** A file part as OpenAPI describes it. */
const binary = z.string().meta({ format: 'binary' });
const fileSchema = (rule: UploadFileRule) => {
  const about = `${rule.kinds.join(', ')}, at most ${rule.maxBytes} bytes`;
  const one = binary.describe(about);
  const many = z
    .array(binary)
    .max(rule.maxCount ?? 1)
    .describe(`${about} each`);
  const schema = rule.maxCount === undefined ? one : many;
  return rule.required ? schema : schema.optional();
};

/**
 * The multipart/form-data body as the OpenAPI document shows it: the text fields of `body` and the
 * declared files. It documents the form only; the form is checked by `withUpload`, not by Fastify.
 */
export function documentedForm(def: RouteDef & { multipart: MultipartDef }): z.ZodType {
  const files = z.object(
    Object.fromEntries(Object.entries(def.multipart.files).map(([name, rule]) => [name, fileSchema(rule)])),
  );
  if (!def.body) return files;
  if (def.body instanceof z.ZodObject) return def.body.extend(files.shape);
  return z.intersection(def.body, files);
}
