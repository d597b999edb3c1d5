import type { FastifyInstance } from 'fastify';

/**
 * Cuts off a request whose body stops arriving for `ms` (docs/decisions/0004-media-urls.md). A phone
 * that leaves its network mid-upload sends no FIN and no RST, and Fastify's requestTimeout is 0 (no
 * limit, since a 50-file batch on a slow line may take long), so without this the socket, the partial
 * file and its spare ffprobe were held for ever. Only the time between body bytes counts, and only
 * while the body is being received, never the reply's.
 */
export function cutOffIdleBodies(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const { headers } = request.raw;
    const hasBody = Number(headers['content-length']) > 0 || headers['transfer-encoding'] !== undefined;
    const socket = request.raw.socket;
    // app.inject()'s requests carry a stand-in socket without timers; they have no network to wait on.
    if (!hasBody || request.raw.complete || typeof socket.setTimeout !== 'function') return;
    // No callback: with no 'timeout' listener on the request, the server, or the reply, Node's HTTP
    // server destroys the socket, and the upload fails as a cut-off one (no file, no row).
    socket.setTimeout(ms);
    const received = () => {
      // Once the reply is out, Node has already set the socket's keep-alive timeout: leave it.
      if (!reply.raw.writableFinished) socket.setTimeout(0);
    };
    request.raw.once('end', received);
    request.raw.once('close', received);
  });
}
