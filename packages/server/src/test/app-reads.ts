import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { isSealedReply, openReply } from '@streamdesk/contract/envelope';
import { routeMethods, uniqueRoutes } from './routes.js';
import { TEST_API_KEY, TEST_PAYLOAD_KEY } from './test-app.js';

/** The app's reads: the GET routes that take the api-key alone, as registered from the contract. */
export const appGetRoutes = (routes: readonly RouteOptions[]) =>
  uniqueRoutes(routes).filter((r) => r.config?.auth === 'app' && routeMethods(r).includes('GET'));

/**
 * The URLs a route with path parameters or a required query is read at, from the records a test stored;
 * `appReadUrls` reads the others at their bare path.
 */
export type AppReadValues = Record<string, () => string[]>;

/**
 * Every URL to read of each app GET route: its bare path, or the URLs `values` gives for a route with path
 * parameters or a required query. A paged route (page and limit in its query) is also read at a page of
 * two items and the second page of one, as an app scrolling the list does. `unfilled` names the routes it
 * can do neither for: a new app read fails the caller until it says how to read it.
 */
export function appReadUrls(routes: readonly RouteOptions[], values: AppReadValues) {
  const urls: string[] = [];
  const unfilled: string[] = [];
  for (const route of appGetRoutes(routes)) {
    const query = route.schema?.querystring as z.ZodType | undefined;
    const needsValues = route.url.includes(':') || (query !== undefined && !query.safeParse({}).success);
    const base = values[route.url]?.() ?? (needsValues ? undefined : [route.url]);
    if (!base) {
      unfilled.push(route.url);
      continue;
    }
    const paged = query instanceof z.ZodObject && 'page' in query.shape && 'limit' in query.shape;
    for (const url of base) {
      urls.push(url);
      const more = url.includes('?') ? '&' : '?';
      if (paged) urls.push(`${url}${more}limit=2`, `${url}${more}page=2&limit=1`);
    }
  }
  return { urls, unfilled };
}

/** A read's status and JSON body (opened, had it come sealed). */
export interface AppAnswer {
  status: number;
  body: unknown;
}

const answer = async (status: number, text: string): Promise<AppAnswer> => {
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  return { status, body: isSealedReply(body) ? await openReply(body, TEST_PAYLOAD_KEY) : body };
};

/**
 * Reads an app URL from a listening server as the app does (api-key, gzip accepted), so a cache hit is
 * answered by the fast path in front of Fastify (fast-reads.ts), as in production.
 */
export async function readOverHttp(origin: string, url: string): Promise<AppAnswer> {
  const res = await fetch(`${origin}${url}`, { headers: { 'api-key': TEST_API_KEY } });
  return answer(res.status, await res.text());
}

/** Reads an app URL through Fastify's inject (no socket, no fast path). */
export async function readInjected(app: FastifyInstance, url: string): Promise<AppAnswer> {
  const res = await app.inject({ method: 'GET', url, headers: { 'api-key': TEST_API_KEY } });
  return answer(res.statusCode, res.body);
}
