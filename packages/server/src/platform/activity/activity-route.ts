import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityAction } from '@streamdesk/contract/activity';
import type { ActivityRecorder, Actor, RouteActivity } from './activity-recorder.js';
import { itemLabel } from './item-label.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records every admin write with its activity entry (registerRoute wraps them all in it). */
    activityLog?: ActivityRecorder;
  }
}

/**
 * The action a write route makes, from its method and path (the spec's paths name what they do):
 * services say otherwise where the route cannot tell (a role change, a revert).
 */
export function routeAction(method: string, path: string): ActivityAction {
  if (/\/logout$/.test(path)) return 'sign-out';
  if (/\/revert$/.test(path)) return 'revert';
  // A reset changes a person's password (and ends their sessions): it adds nobody.
  if (/\/password\/reset$/.test(path)) return 'update';
  if (/\/restore$/.test(path)) return 'restore';
  if (/\/ads\/fire$/i.test(path)) return 'fire';
  if (/\/resend$/.test(path)) return 'resend';
  if (/\/send$/.test(path)) return 'send';
  if (/count\/.*remove|\/dashbord\/|\/sign-in-lock$/.test(path)) return 'clear';
  if (/status/i.test(path)) return 'status';
  if (method === 'DELETE' || /\/delete(\/|$)/.test(path)) return 'delete';
  if (method === 'POST') return 'create';
  return 'update';
}

const idsIn = (value: unknown): string[] =>
  typeof value === 'string' && value
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'string')
      : [];

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** A route a write is recorded as, when another route made it (a finished resumable upload). */
export interface RecordedAs {
  method: string;
  path: string;
}

/**
 * What the request and its reply tell of a write; recorded `as` another route, only the reply tells
 * (the request's own path and id are not that route's).
 */
export function routeActivity(request: FastifyRequest, result: unknown, as?: RecordedAs): RouteActivity {
  const { feature = 'security' } = request.routeOptions.config ?? {};
  const action = as
    ? routeAction(as.method, as.path)
    : routeAction(request.method, request.routeOptions.url ?? request.url);
  const params = as ? undefined : record(request.params);
  const body = as ? undefined : record(request.body);
  const data = record(record(result)?.data);
  const itemIds = [
    ...new Set([
      ...idsIn(params?.id),
      ...idsIn(body?._id),
      ...idsIn(body?.id),
      ...(idsIn(params?.id).length + idsIn(body?._id).length + idsIn(body?.id).length === 0
        ? idsIn(data?._id)
        : []),
    ]),
  ];
  return {
    action,
    feature,
    itemIds,
    label: itemLabel(feature, data, itemIds.length === 1 ? itemIds[0]! : ''),
    ...(action === 'create' && data ? { added: data } : {}),
  };
}

export const actorOf = (request: FastifyRequest): Actor => ({
  personId: request.admin?.adminId ?? null,
  role: request.admin?.role ?? '',
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * Runs `work` in the activity recorder as the write of route `as` would run: the same entry, committed
 * with the write. For a write a request makes outside its own handler's recording (a resumable upload's
 * last PATCH makes the library video that `POST /api/App/video` makes).
 */
export function recordAs<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  as: RecordedAs,
  work: () => Promise<T>,
): Promise<T> {
  const recorder = app.activityLog;
  if (!recorder) throw new Error('admin writes need the activity recorder (app.activityLog)');
  return recorder.record(actorOf(request), (result) => routeActivity(request, result, as), work);
}

/** Runs an admin write's handler in the activity recorder: the write and its entry commit together. */
export function recordedWrite<A extends unknown[], T>(
  app: FastifyInstance,
  handler: (request: FastifyRequest, ...rest: A) => Promise<T>,
): (request: FastifyRequest, ...rest: A) => Promise<T> {
  return (request, ...rest) => {
    const recorder = app.activityLog;
    // Fail closed: a write with no recorder would be a change without its entry.
    if (!recorder) throw new Error('admin writes need the activity recorder (app.activityLog)');
    return recorder.record(
      actorOf(request),
      (result) => routeActivity(request, result),
      () => handler(request, ...rest),
    );
  };
}
