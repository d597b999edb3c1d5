import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from '../app-cache.js';

/** Bodies up to this size go out as they are: gzip would save a few hundred bytes at best. */
const GZIP_OVER = 1024;

export interface CachedResponse {
  status: 200 | 304;
  /** Shared by every reply of the entry in this coding: read, never change. */
  headers: Readonly<Record<string, string>>;
  /** Undefined for a 304. */
  body: Buffer | undefined;
}

/** An entry's two replies in one coding, built on its first request in that coding. */
export interface CodedReplies {
  etag: string;
  ok: CachedResponse;
  notModified: CachedResponse;
}

/**
 * The one reply of an app read from the AppCache, written by Fastify (sendCached) and by the fast path
 * (fast-reads.ts) alike. A client that sends the ETag it has back in If-None-Match gets a bodiless 304;
 * one that accepts gzip gets the body gzipped once per cache entry. The gzip variant is a different
 * representation, so it has its own strong ETag (`"<hash>-gz"`), and `vary: accept-encoding` tells caches so.
 * Each entry's replies (headers included) are built once per coding and kept on the entry, so a hit
 * allocates nothing of its own.
 */
export function cachedResponse(
  cached: CachedReply,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedResponse {
  const negotiated = cached.body.length > GZIP_OVER;
  const replies =
    negotiated && acceptsGzip(acceptEncoding)
      ? (cached.gzipReplies ??= codedReplies(cached, negotiated, true))
      : (cached.plainReplies ??= codedReplies(cached, negotiated, false));
  return ifNoneMatch !== undefined && etagMatches(ifNoneMatch, replies.etag)
    ? replies.notModified
    : replies.ok;
}

function codedReplies(cached: CachedReply, negotiated: boolean, gzip: boolean): CodedReplies {
  const etag = gzip ? `${cached.etag.slice(0, -1)}-gz"` : cached.etag;
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (negotiated) headers.vary = 'accept-encoding';
  const body = gzip ? gzipSync(cached.body) : cached.body;
  const okHeaders: Record<string, string> = { ...headers, 'content-type': 'application/json; charset=utf-8' };
  if (gzip) okHeaders['content-encoding'] = 'gzip';
  okHeaders['content-length'] = String(body.length);
  return {
    etag,
    ok: { status: 200, headers: Object.freeze(okHeaders), body },
    notModified: { status: 304, headers: Object.freeze(headers), body: undefined },
  };
}

/**
 * Sends an app-facing read from the AppCache through Fastify. For a GET of an app route, it also tells the
 * fast path which cache entry answers this exact URL, so the next identical request is served without
 * Fastify while the entry lasts. `onHit` runs on each of those fast replies, for a route that does more
 * than read (loadCheck counts an app open).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply,
  options: { onHit?: () => void } = {},
): FastifyReply {
  const config = request.routeOptions.config;
  if (request.method === 'GET' && config.auth === 'app' && !config.envelope) {
    request.server.fastReads.record(request.url, cached.key, options.onHit);
  }
  const { status, headers, body } = cachedResponse(
    cached,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  return reply.code(status).headers(headers).send(body);
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): `W/"x"` matches `"x"`; `*` matches any. */
function etagMatches(header: string, etag: string): boolean {
  // What the apps send back: the one ETag they were given, as it was.
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

let lastAcceptEncoding = { header: '', gzip: false };

/**
 * Whether an Accept-Encoding header lets the body go gzipped (RFC 9110 12.5.3): `gzip` (or `x-gzip`, or
 * else `*`) with a q above 0, unless `identity` is listed with a higher q. Names are case-insensitive; a
 * q that is not a number counts as 0.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  // Clients send the same few headers over and over: remember the last answer.
  if (header === lastAcceptEncoding.header) return lastAcceptEncoding.gzip;
  const gzip = parseAcceptsGzip(header);
  lastAcceptEncoding = { header, gzip };
  return gzip;
}

function parseAcceptsGzip(header: string): boolean {
  let gzip: number | undefined;
  let any: number | undefined;
  let identity: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';');
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === 'q') {
        const value = Number(param.slice(eq + 1).trim() || 'x');
        q = Number.isNaN(value) ? 0 : Math.min(Math.max(value, 0), 1);
      }
    }
    const coding = name.trim().toLowerCase();
    if (coding === 'gzip' || coding === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (coding === '*') any = q;
    else if (coding === 'identity') identity = q;
  }
  const q = gzip ?? any ?? 0;
  return q > 0 && (identity === undefined || identity <= q);
}
