import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@streamdesk/contract/messages';
import { tooManyRequests } from '../errors.js';

export interface BodyLimits {
  /** A body that sends nothing for this long is cut off. */
  idleMs: number;
  /** A JSON (or any non-multipart) body must have arrived whole within this. */
  bodyDeadlineMs: number;
  /** An upload (a multipart body) must have arrived whole within this. */
  uploadDeadlineMs: number;
  /** Uploads one client (an address and its session) may send at once. */
  uploadsPerClient: number;
}

const hasBody = (request: FastifyRequest) => {
  const { headers } = request.raw;
  return Number(headers['content-length']) > 0 || headers['transfer-encoding'] !== undefined;
};

/** 401, 403, 429: refusals of the sender, not of the body's content. */
const REFUSED_UNREAD = new Set([401, 403, 429]);

/** A form upload, or a resumable upload's bytes (a tus PATCH): both may take long on a slow line. */
const isUpload = (request: FastifyRequest) =>
  /^(multipart\/form-data|application\/offset\+octet-stream)\b/i.test(request.headers['content-type'] ?? '');

/**
 * How long a request body may take, and how many uploads a client may send at once
 * (docs/decisions/0004-media-urls.md, issue 38):
 * - A body that stops arriving for `idleMs` is cut off. A phone that leaves its network mid-upload sends
 *   no FIN and no RST, and Fastify's requestTimeout is 0 (a 50-file batch on a slow line may take long),
 *   so without this the socket and the partial file were held for ever.
 * - The idle time resets on every byte, so a body trickled a byte every 20 s was read for ever (2,000
 *   such connections without an api-key were all held): each body also has a deadline from its first
 *   byte, short for JSON, generous for uploads.
 * - A refusal of who is sending (a wrong api-key or token, a role refused, too many uploads) sent before
 *   the body has arrived closes the connection: the rest of the body is never read.
 * - A client (an address with its Authorization header) sends at most `uploadsPerClient` uploads at
 *   once; another is refused with a 429 before its body is read.
 * Only the time a body is being received counts, never the reply's.
 */
export function limitBodies(app: FastifyInstance, limits: BodyLimits): void {
  const uploading = new Map<string, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request) || request.raw.complete) return;
    const upload = isUpload(request);
    if (upload) {
      const client = `${request.ip} ${request.headers.authorization ?? ''}`;
      const sending = uploading.get(client) ?? 0;
      if (sending >= limits.uploadsPerClient) throw tooManyRequests(messages.tooManyUploads);
      uploading.set(client, sending + 1);
      reply.raw.once('close', () => {
        const left = (uploading.get(client) ?? 1) - 1;
        if (left > 0) uploading.set(client, left);
        else uploading.delete(client);
      });
    }
    const socket = request.raw.socket;
    // app.inject()'s requests carry a stand-in socket without timers; they have no network to wait on.
    if (typeof socket.setTimeout !== 'function') return;
    // No callback: with no 'timeout' listener on the request, the server, or the reply, Node's HTTP
    // server destroys the socket, and the upload fails as a cut-off one (no file, no row).
    socket.setTimeout(limits.idleMs);
    const deadline = setTimeout(
      () => socket.destroy(),
      upload ? limits.uploadDeadlineMs : limits.bodyDeadlineMs,
    );
    deadline.unref();
    const received = () => {
      clearTimeout(deadline);
      // Once the reply is out, Node has already set the socket's keep-alive timeout: leave it.
      if (!reply.raw.writableFinished) socket.setTimeout(0);
    };
    request.raw.once('end', received);
    request.raw.once('close', received);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Node would otherwise read (and drop) the rest of the body to keep the connection for the next
    // request, however slowly it comes. Only for these: a form refused for its content keeps its
    // connection (0004), as closing on unread bytes can reset it before the browser reads the reply.
    if (REFUSED_UNREAD.has(reply.statusCode) && hasBody(request) && !request.raw.complete)
      reply.header('connection', 'close');
    return payload;
  });
}
