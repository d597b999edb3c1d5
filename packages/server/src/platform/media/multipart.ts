import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors.js';
import { inputFaultError, textFault } from '../http/input-hygiene.js';
import type { MediaRule, MediaStore, SavedMedia } from './media-store.js';
import { streamProbe, type VideoInfo } from './video-tools.js';

export interface FileFieldSpec {
  /** Store folder, usually the feature name. */
  folder: string;
  rule: MediaRule;
  /** Most files accepted in this field (default 1). */
  maxCount?: number;
  /** The message when more than maxCount files arrive. */
  countMessage?: string;
  /** Videos: run ffprobe on the bytes while they stream in (see acceptVideo). */
  probe?: boolean;
}

export interface RejectedFile {
  field: string;
  filename: string;
  statusCode: number;
  message: string;
}

/** A saved file with the name the client gave it (for messages only; never used as a path). */
export interface UploadedFile extends SavedMedia {
  filename: string;
  /** The streamed probe's verdict when the field asked for one (undefined: it could not tell). */
  probe?: Promise<VideoInfo | undefined>;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile[]>;
  /** Files refused in `skipInvalidFiles` mode (the others were kept). */
  rejected: RejectedFile[];
  /** Removes every file saved by this request (call it when the request fails after the upload). */
  discard(): Promise<void>;
}

export const NO_BOUNDARY = 'The multipart/form-data content type names no boundary.';
export const BOUNDARY_TOO_LONG =
  'The multipart boundary is longer than 70 characters (RFC 2046). Please send the form again.';
export const INCOMPLETE_UPLOAD = 'The upload was cut off before it finished. Please try again.';

/** The parser's errors for a body that ends early or is malformed carry no status: they are the client's. */
const incompleteBody = (error: unknown) =>
  error instanceof Error &&
  !(error instanceof HttpError) &&
  (error as { statusCode?: number }).statusCode === undefined &&
  /unexpected end of|malformed|aborted/i.test(error.message);

/** RFC 2046: a boundary is 1 to 70 characters. busboy fails with a bare "needle" error past 252. */
const MAX_BOUNDARY = 70;
const BOUNDARY_PARAM = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i;

/** The boundary a multipart content type names, unquoted (undefined when it names none). */
function boundaryOf(contentType: string | undefined): string | undefined {
  const match = contentType && BOUNDARY_PARAM.exec(contentType);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!.trim();
}

/**
 * Reads and drops what is left of a request refused before its end, so the reply is not its last word:
 * left piped to a parser nobody reads from, the body stalls, and the connection the reply calls
 * keep-alive cannot carry another request (the client's next one fails with ECONNRESET). Node keeps
 * the connection once the body is through, as it does for a body no route read.
 */
function skipRestOf(request: FastifyRequest) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/**
 * Reads a multipart request, streaming each file part straight into the media store (never buffering a
 * file in memory). By default one bad file fails the request and removes whatever was already saved;
 * with `skipInvalidFiles` a batch keeps its good files and reports the bad ones by name.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: MediaStore,
  spec: { files: Record<string, FileFieldSpec>; skipInvalidFiles?: boolean },
): Promise<MultipartResult> {
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile[]> = {};
  const rejected: RejectedFile[] = [];
  const saved: SavedMedia[] = [];
  const discard = async () => {
    await Promise.all(saved.map((m) => store.remove(m.key)));
    saved.length = 0;
  };

  try {
    if ((boundaryOf(request.headers['content-type'])?.length ?? 0) > MAX_BOUNDARY)
      throw badRequest(BOUNDARY_TOO_LONG);
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
        const value = String(part.value);
        const fault = textFault(value);
        if (fault) throw inputFaultError('body', { path: part.fieldname, message: fault });
        // Which copy would count is a guess (the last one did): the form is refused instead.
        if (Object.hasOwn(fields, part.fieldname))
          throw badRequest(`${part.fieldname} is given more than once`);
        fields[part.fieldname] = value;
        continue;
      }
      const fieldSpec = spec.files[part.fieldname];
      if (!fieldSpec) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      const list = (files[part.fieldname] ??= []);
      if (list.length >= (fieldSpec.maxCount ?? 1)) {
        part.file.resume();
        throw badRequest(
          fieldSpec.countMessage ?? `Only ${fieldSpec.maxCount ?? 1} file(s) allowed in ${part.fieldname}`,
        );
      }
      const probe = fieldSpec.probe ? streamProbe() : undefined;
      try {
        const media = await store.save(part.file, fieldSpec.folder, fieldSpec.rule, {
          observer: probe?.input,
        });
        saved.push(media);
        list.push({ ...media, filename: part.filename, probe: probe?.result });
      } catch (error) {
        if (!spec.skipInvalidFiles || !(error instanceof HttpError)) throw error;
        rejected.push({
          field: part.fieldname,
          filename: part.filename,
          statusCode: error.statusCode,
          message: error.message,
        });
      }
    }
  } catch (error) {
    skipRestOf(request);
    await discard();
    if (incompleteBody(error)) throw badRequest(INCOMPLETE_UPLOAD);
    // busboy's own words for a content type that names no boundary: the client's mistake, not ours.
    if (error instanceof Error && /boundary not found/i.test(error.message)) throw badRequest(NO_BOUNDARY);
    throw error;
  }
  return { fields, files, rejected, discard };
}

/** The one file of a field, if any. */
export const single = (result: MultipartResult, field: string): UploadedFile | undefined =>
  result.files[field]?.[0];
