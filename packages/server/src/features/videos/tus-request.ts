import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { NodeRequest } from 'srvx/node';

/**
 * The web Request @tus/server reads a tus call from: srvx's, with a body that hands on the request's own
 * chunks. srvx makes the body with `Readable.toWeb`, which copies every chunk "to detach it from the
 * pool": a second 64 KB buffer per socket read, all of a 200 MB upload copied once more on the event
 * loop and twice the garbage (docs/decisions/0045-resumable-uploads.md, "Speed"). A request's body
 * chunks are the HTTP parser's own copies, never pooled, and go only to the upload's file here.
 */
export function tusRequest(req: IncomingMessage, res: ServerResponse): Request {
  const request = new NodeRequest({ req, res });
  if (req.method === 'GET' || req.method === 'HEAD') return request;
  let body: ReadableStream<Uint8Array> | undefined;
  // Made when first read, as srvx's: a call without bytes never starts the request flowing.
  Object.defineProperty(request, 'body', { get: () => (body ??= bodyOf(req)) });
  return request;
}

/** A request's body as a web stream that pauses the request while its queue is full. */
export function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let stopped = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (stopped) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        finished(req, { writable: false }, (error) => {
          if (stopped) return;
          stopped = true;
          // A connection cut before the end fails the read, as toWeb's does: @tus/server then keeps what
          // came and answers the PATCH as aborted, not as complete.
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        req.resume();
      },
      cancel(reason) {
        stopped = true;
        req.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: req.readableHighWaterMark }),
  );
}
