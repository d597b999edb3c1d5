import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { AppCache } from '../app-cache.js';
import { setBounded, type Evictable } from '../bounded-map.js';
import { cachedResponse } from './cached-reply.js';

declare module 'fastify' {
  interface FastifyInstance {
    fastReads: FastReads;
  }
}

const MAX_URL_LENGTH = 512;

/** `used`: served since eviction last passed over it (setBounded's second chance). */
interface Recorded extends Evictable {
  key: string;
  onHit: (() => void) | undefined;
}

/**
 * Serves cache hits of app reads in front of Fastify. Fastify's per-request work (routing, hooks, reply
 * handling) costs more than a read from memory, so the app's launch and list reads, by far the busiest
 * requests, skip it when nothing can differ: a GET of a URL a cached app route has answered before
 * (sendCached records it), whose cache entry is still there (a write removes it, so the next request goes
 * through Fastify, which loads and records again), with the right api-key. Everything else, a bad key
 * included, falls through to Fastify untouched. Fast replies are not in Fastify's request log.
 * Kept on Node 24 (issue 37, 2026-12-02): sent by the normal route instead, bench:app's four cached reads
 * ran at 0.30-0.74 of bare in three runs (the 0.8 target in none), against 0.68-2.24 with this path (11 of
 * 12 medians at 0.8 or more), interleaved; figures in bench/notes/app.md.
 */
export class FastReads {
  /** Replies this path has served. */
  hits = 0;
  private readonly urls = new Map<string, Recorded>();
  private closing = false;

  constructor(
    private readonly cache: AppCache,
    private readonly isApiKey: (given: string) => boolean,
    /**
     * URLs remembered at most; past it the oldest not served lately goes, so random query strings cannot
     * grow memory.
     */
    private readonly maxUrls = 1000,
  ) {}

  get size(): number {
    return this.urls.size;
  }

  record(url: string, key: string, onHit: (() => void) | undefined): void {
    // App URLs are short; a long one is someone else's experiment and stays with Fastify.
    if (url.length > MAX_URL_LENGTH) return;
    setBounded(this.urls, url, { key, onHit, used: false }, this.maxUrls);
  }

  /** Answers the request and returns true, or returns false without touching it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || req.method !== 'GET' || req.url === undefined) return false;
    const recorded = this.urls.get(req.url);
    if (!recorded) return false;
    const cached = this.cache.peek(recorded.key);
    if (!cached) return false;
    const sent = readHeaders(req.rawHeaders);
    if (!sent?.apiKey || !this.isApiKey(sent.apiKey)) return false;
    const { status, headers, body } = cachedResponse(cached, sent.ifNoneMatch, sent.acceptEncoding);
    recorded.onHit?.();
    recorded.used = true;
    this.hits++;
    res.writeHead(status, headers);
    res.end(body);
    return true;
  }

  /** From Fastify's close on, every request goes to Fastify, which answers 503 while closing. */
  close(): void {
    this.closing = true;
  }
}

/** The request headers the fast path reads. */
interface ReadHeaders {
  apiKey?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
}

/**
 * The request headers the fast path needs, read from `rawHeaders` (name, value, name, value...). Reading
 * `req.headers` makes Node build an object of every header on first access, which cost the fast reads
 * about 3% of their throughput. Undefined, so the request goes to Fastify, when it has a body (a GET with
 * a body is rare enough to leave to Fastify, which decides what it means) or repeats one of these headers
 * (Node joins the copies; Fastify's guard and cachedResponse decide what the joined value means).
 */
function readHeaders(raw: readonly string[]): ReadHeaders | undefined {
  const found: ReadHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const value = raw[i + 1]!;
    switch (raw[i]!.toLowerCase()) {
      case 'api-key':
        if (found.apiKey !== undefined) return undefined;
        found.apiKey = value;
        break;
      case 'if-none-match':
        if (found.ifNoneMatch !== undefined) return undefined;
        found.ifNoneMatch = value;
        break;
      case 'accept-encoding':
        if (found.acceptEncoding !== undefined) return undefined;
        found.acceptEncoding = value;
        break;
      case 'content-length':
        if (value !== '0') return undefined;
        break;
      case 'transfer-encoding':
        return undefined;
    }
  }
  return found;
}

/**
 * Fastify's `serverFactory`: the fast path first, Fastify for the rest, on one server, so Fastify's
 * keep-alive and timeout settings (applied here as Fastify applies them to a server it creates) hold for both.
 */
export function fastReadsServer(fastReads: FastReads): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((req, res) => {
      if (!fastReads.serve(req, res)) handler(req, res);
    });
    const opts = options as {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };
}
