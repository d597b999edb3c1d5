import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { rolesFor } from '@streamdesk/contract/roles';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOADS_PATH } from '@streamdesk/contract/video-uploads';
import { VIDEO_MAX_BYTES, videoMessages } from '@streamdesk/contract/videos';
import type { FileStore } from '@tus/file-store';
import { Metadata, Server, type Locker, type Upload } from '@tus/server';
import type { FeatureContext } from '../../platform/feature-context.js';
import { runEvery } from '../../platform/jobs/daily.js';
import {
  createVideoUploadsService,
  isTusRefusal,
  type FinishedUpload,
  tusRefusal,
  type VideoUploadsDeps,
  type VideoUploadsService,
} from './video-uploads.service.js';
import { displayName } from './videos.service.js';
import { tusRequest } from './tus-request.js';
import { UploadLocker } from './upload-locker.js';
import { GuardedFileStore } from './video-uploads.store.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether a request's body holds any byte, read up to its first one; the rest is left to flow away (Node
 * discards a body the answer did not read). An error or an abort counts as none: the answer goes nowhere.
 */
function sendsAnyByte(body: NodeJS.ReadableStream): Promise<boolean> {
  return new Promise((resolve) => {
    const data = (chunk: Buffer | string) => {
      if (chunk.length === 0) return;
      body.off('data', data);
      resolve(true);
    };
    body.on('data', data);
    body.once('end', () => resolve(false));
    body.once('error', () => resolve(false));
    body.once('close', () => resolve(false));
  });
}

/** The bytes of a tus PATCH (and of a creation that carries some) go to the store as they arrive. */
const TUS_BYTES = 'application/offset+octet-stream';

/**
 * The tus endpoint of library videos (docs/decisions/0045-resumable-uploads.md). @tus/server speaks the
 * protocol; Fastify routes carry it so the guard, the role check, the idempotency keys and the body
 * limits apply as on every admin call, and its replies are sent through Fastify (not hijacked) so its
 * hooks see them.
 */
export function registerVideoUploads(ctx: FeatureContext, deps: Omit<VideoUploadsDeps, 'directory'>) {
  // Under the data folder, beside the media: what a restart finds there is resumed, not lost.
  const directory = path.join(ctx.config.dataDir, 'uploads');
  const store = new GuardedFileStore({
    directory,
    expirationPeriodInMilliseconds: ctx.config.uploadExpiryMs,
  });
  const uploads = createVideoUploadsService(ctx, {
    ...deps,
    directory,
    getUpload: (id) => store.getUpload(id),
  });
  const requests = new WeakMap<object, FastifyRequest>();
  const locker = new UploadLocker(ctx.locks, { notices: ctx.notices });
  // Before the first request: a resume sent here may wait for a stale PATCH in another process.
  ctx.app.addHook('onReady', () => locker.listen());
  const tus = createTusServer(store, uploads, locker, (req) => requests.get(req)!);

  runEvery(ctx.app, HOUR_MS, 'could not remove expired uploads', () =>
    uploads.removeExpired(ctx.config.uploadExpiryMs),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id?: string };
    const answerFinished = async (done: FinishedUpload) => {
      // A PATCH whose body has no stated length (chunked): whether it sends any byte is known only once
      // read, and its bytes past the end are refused as a stated length's are.
      const chunked = request.method === 'PATCH' && request.headers['content-length'] === undefined;
      const sends = chunked && (await sendsAnyByte(request.raw));
      const answer = uploads.answerFinished(request.method, request.headers, done, sends);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    };
    // A finished upload answers "complete" (0070), and a HEAD finishes one whose bytes all arrived before
    // the process stopped (0045): @tus/server would answer 404, and tus-js-client then sends it all again.
    const isHead = request.method === 'HEAD';
    const done = id === undefined ? undefined : await uploads.finished(request, id, isHead);
    if (done) return answerFinished(done);
    const req = tusRequest(request.raw, reply.raw);
    requests.set(req, request);
    const res = await tus.handleWeb(req);
    // Settled while @tus/server looked: the last PATCH's finish moved the bytes (404), or every byte is in
    // and no finish ran (a PATCH stopped by this HEAD's own lock request). Asked again, as above.
    const complete = res.headers.get('upload-offset') === res.headers.get('upload-length');
    if (isHead && id !== undefined && (res.status >= 400 || complete)) {
      const late = await uploads.finished(request, id, true);
      if (late) return answerFinished(late);
    }
    reply.code(res.status);
    for (const [name, value] of res.headers) if (name !== 'content-length') reply.header(name, value);
    const text = res.body ? await res.text() : '';
    // A refusal @tus/server makes before any hook (a missing Tus-Resumable header, a wrong offset) is
    // plain text: said in the API's own shape, as every other 4xx (tus clients read the status only).
    const body =
      res.status >= 400 && !text.startsWith('{')
        ? tusRefusal(res.status, text.trim() || res.statusText).body
        : text;
    if (body.startsWith('{')) reply.type('application/json; charset=utf-8');
    return reply.send(body);
  };

  ctx.app.register(async (scope: FastifyInstance) => {
    // Left unread here: @tus/server streams it into the store.
    scope.addContentTypeParser(TUS_BYTES, (_request, _payload, done) => done(null));
    const route = (method: HTTPMethods, url: string, summary: string) =>
      scope.route({
        method,
        url,
        config: { auth: 'admin', feature: 'videos', access: 'write' },
        schema: {
          summary,
          security: [{ apiKey: [], bearer: [] }],
          'x-roles': rolesFor('videos', 'write'),
        },
        handler: handle,
      });
    route(
      'POST',
      VIDEO_UPLOADS_PATH,
      'Resumable upload (tus 1.0.0 creation): Upload-Length (at most 200 MB) and Upload-Metadata with filename, filetype and category; answers 201 with its Location',
    );
    route('OPTIONS', VIDEO_UPLOADS_PATH, 'The tus version, extensions and size limit of resumable uploads');
    route('HEAD', VIDEO_UPLOAD_PATH, 'How many bytes of a resumable upload the server has (Upload-Offset)');
    route(
      'PATCH',
      VIDEO_UPLOAD_PATH,
      'The next bytes of a resumable upload from Upload-Offset; the last ones make the library video and answer as POST /api/App/video does',
    );
    route('DELETE', VIDEO_UPLOAD_PATH, 'Cancels an unfinished resumable upload and removes what it sent');
  });

  return uploads;
}

/** The tus server: its store, its size limit, and the rules of `uploads` at creation and at the end. */
function createTusServer(
  store: FileStore,
  uploads: VideoUploadsService,
  locker: Locker,
  fastifyOf: (req: object) => FastifyRequest,
): Server {
  const tus = new Server({
    path: VIDEO_UPLOADS_PATH,
    datastore: store,
    // One PATCH at a time per upload across every server process (its default holds in one only).
    locker,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // The back office is served from this origin: no other may use the endpoint from a browser.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    onUploadCreate: async (_req, upload) => {
      await uploads.checkNew(upload);
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const reply = await uploads.finish(fastifyOf(req), upload);
      // A HEAD that came once the last byte was stored finished it first (finishArrived).
      if (!reply) return { status_code: 204 };
      // tus says 204; tus-js-client takes any 2xx and hands this reply to the page (the new video).
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ status: true, ...reply }),
      };
    },
    onResponseError: async (req, error) => {
      if (isTusRefusal(error) && error.body.startsWith('{')) return error;
      if (!isTusRefusal(error)) {
        fastifyOf(req).log.error({ err: error }, 'resumable upload failed');
        return tusRefusal(500, videoMessages.uploadCrashed);
      }
      // The library's words for a file over the limit, naming it as the form upload does.
      if (error.status_code === 413) {
        const name = await fileNameOf(store, req);
        return tusRefusal(413, videoMessages.tooLarge(displayName(name)));
      }
      return tusRefusal(error.status_code, error.body.trim());
    },
  });
  return tus;
}

/** The client's name of the file a request is about: from its metadata, or from the stored upload. */
async function fileNameOf(store: FileStore, req: Request): Promise<string> {
  const header = req.headers.get('upload-metadata');
  if (header) {
    try {
      return Metadata.parse(header).filename ?? '';
    } catch {
      return '';
    }
  }
  const id = new URL(req.url).pathname.split('/').pop() ?? '';
  const upload: Upload | undefined = await store.getUpload(id).catch(() => undefined);
  return upload?.metadata?.filename ?? '';
}
