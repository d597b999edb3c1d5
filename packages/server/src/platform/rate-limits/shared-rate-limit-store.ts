import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { countHit, forgetEndedWindows } from './rate-limit-hits.repository.js';
import type { AppDb } from '../db/database.js';

type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * What @fastify/rate-limit hands a store's constructor and `child` (its options merged with the route's
 * `rateLimit`, and the route as `routeInfo`), where its types say route options.
 */
interface RouteLimitParams {
  /** Count this route's requests in the database, for every server process together. */
  shared?: boolean;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate-limit plugin's store. A route whose `rateLimit` says `shared` counts in the database, so behind
 * a load balancer its limit holds for all processes together, where each process's own count let a client
 * make the limit's number of requests once per process. That costs a write per request, so it is for rare
 * requests whose limit guards something (sign-in, push subscriptions); the other routes (the app's events,
 * thousands a second) keep the plugin's in-memory store.
 */
export function sharedRateLimitStore(db: AppDb): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;

    constructor(options: object) {
      const params = options as RouteLimitParams;
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }

    incr(key: string, done: Done, timeWindow: number, max: number): void {
      this.local.incr(key, done, timeWindow, max);
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const params = options as unknown as RouteLimitParams;
      if (!params.shared) return this.local.child(options);
      const { method, url } = params.routeInfo ?? {};
      return new DatabaseStore(db, `${String(method)} ${url}`);
    }
  };
}

class DatabaseStore implements FastifyRateLimitStore {
  private sweptAt = 0;

  constructor(
    private readonly db: AppDb,
    private readonly route: string,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    const now = Date.now();
    countHit(this.db, this.route, key, now, timeWindow).then(
      ({ hits, windowStart }) => done(null, { current: hits, ttl: windowStart + timeWindow - now }),
      (error: Error) => done(error),
    );
    if (now - this.sweptAt >= timeWindow) {
      this.sweptAt = now;
      // Ended windows only take room; a sweep that fails is tried again one window later.
      forgetEndedWindows(this.db, this.route, now, timeWindow).catch(() => {});
    }
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}
