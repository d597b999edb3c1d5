import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { MultipartDef, RouteAuth, RouteDef } from '@streamdesk/contract/http';
import { rolesFor, type Access, type Feature } from '@streamdesk/contract/roles';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { documentedForm, withUpload, type UploadParts, type UploadTarget } from './upload.js';
import { recordedWrite } from '../activity/activity-route.js';

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteRequest<D extends RouteDef> = FastifyRequest<{
  Body: In<D['body']>;
  Querystring: In<D['querystring']>;
  Params: In<D['params']>;
}> &
  (D['multipart'] extends MultipartDef ? UploadParts<D['multipart']> : unknown);

export type RouteHandler<D extends RouteDef> = (
  request: RouteRequest<D>,
  reply: FastifyReply,
) => Promise<z.input<D['reply']>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; set from the contract for every route (see guards.ts). */
    auth?: RouteAuth;
    /** On admin routes: the feature and access the role must be granted (roles.ts; see guards.ts). */
    feature?: Feature;
    access?: Access;
    /** The contract marks the route's bodies as enveloped (see envelope.ts). */
    envelope?: boolean;
  }
}

/**
 * Registers a route straight from its contract definition: path, method, auth, envelope and schemas
 * all come from the one place, so the route table can be checked against the contract.
 */
export interface RouteExtras {
  /**
   * Per-route limit of @fastify/rate-limit (per client IP). `shared` counts in the database, for every
   * server process together (shared-rate-limit-store.ts).
   */
  rateLimit?: { max: number; timeWindow: string | number; shared?: boolean };
  /** Largest JSON body accepted, in bytes (default: Fastify's 1 MiB). */
  bodyLimit?: number;
  /** Where a multipart route's files go; required when the contract declares `multipart`. */
  upload?: UploadTarget;
}

/**
 * A multipart route's form is checked by withUpload when the handler runs (the files stream in then):
 * Fastify's own check of `body`, which would see no body, is skipped. Its schema stays for OpenAPI.
 */
const formNotCheckedHere: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

/** The OpenAPI `security` of each kind of route, naming the schemes app.ts declares. */
const SECURITY: Record<RouteAuth, Array<Record<string, string[]>>> = {
  public: [],
  app: [{ apiKey: [] }],
  admin: [{ apiKey: [], bearer: [] }],
};

export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  extras: RouteExtras = {},
): void {
  const multipart = def.multipart && { ...def, multipart: def.multipart };
  if (multipart && !extras.upload) throw new Error(`${def.method} ${def.path} declares files but no store`);
  const plain = handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  // Every admin write commits with its activity entry, or neither does (activity-recorder.ts); an
  // upload is read before, outside the write's transaction.
  const run = def.auth === 'admin' && def.access === 'write' ? recordedWrite(app, plain) : plain;
  app.route({
    method: def.method,
    url: def.path,
    config: {
      auth: def.auth,
      ...(def.auth === 'admin' ? { feature: def.feature, access: def.access } : {}),
      envelope: def.envelope ?? false,
      ...(extras.rateLimit ? { rateLimit: extras.rateLimit } : {}),
    },
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    // The app API answers JSON to phones, not documents to browsers: the page-level headers (CSP, frame,
    // opener, referrer policies...) mean nothing there and would triple each small reply's size.
    ...(def.auth === 'app'
      ? {
          helmet: false as const,
          // The app's cached reads send their own gzip body with an ETag of its own (fast-reads.ts);
          // compressing them here would give another coding under the plain body's ETag.
          compress: false as const,
          onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
            reply.header('x-content-type-options', 'nosniff');
            done();
          },
        }
      : {}),
    schema: {
      summary: def.summary,
      security: SECURITY[def.auth],
      ...(def.auth === 'admin' ? { 'x-roles': rolesFor(def.feature, def.access) } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(multipart
        ? { body: documentedForm(multipart), consumes: ['multipart/form-data'] }
        : def.body
          ? { body: def.body }
          : {}),
      response: { 200: def.reply },
    },
    ...(multipart ? { validatorCompiler: formNotCheckedHere as never } : {}),
    handler: multipart ? withUpload(multipart, extras.upload!, run) : run,
  });
}
