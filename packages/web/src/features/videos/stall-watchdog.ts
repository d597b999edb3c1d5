import { DefaultHttpStack, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';

/**
 * How long a PATCH may send no byte before it is given up. A dropped network rarely fails the request
 * under way (the connection just stops moving until TCP gives up, minutes later), so the page would sit
 * there; given up, tus-js-client tries again as after any dropped connection: HEAD for the server's
 * offset, then the rest. Long enough for a slow line's pauses, short against the TCP timeout.
 */
export const STALL_MS = 15_000;

/** Why a PATCH was given up: no progress for `STALL_MS`, or the browser said it went offline. */
export class StalledUpload extends Error {}

/**
 * The page's tus HTTP stack: the default one (XMLHttpRequest) with a watchdog on each request that
 * carries bytes. Large PATCHes (VIDEO_UPLOAD_CHUNK_BYTES) are faster, and this keeps a dropped network
 * noticed as soon as smaller ones did: it aborts the request when its upload progress stops for
 * `stallMs`, or at once when the browser fires `offline`. docs/decisions/0045-resumable-uploads.md.
 */
export function watchedHttpStack(stallMs = STALL_MS, inner: HttpStack = new DefaultHttpStack({})): HttpStack {
  return {
    createRequest: (method, url) => new WatchedRequest(inner.createRequest(method, url), stallMs),
    getName: () => `Watched${inner.getName()}`,
  };
}

class WatchedRequest implements HttpRequest {
  #progress: ((bytesSent: number) => void) | undefined;
  /** Ends the watch under way, if any (the request settled or was aborted). */
  #stop: () => void = () => undefined;

  constructor(
    private readonly inner: HttpRequest,
    private readonly stallMs: number,
  ) {}

  getMethod = () => this.inner.getMethod();
  getURL = () => this.inner.getURL();
  setHeader = (header: string, value: string) => this.inner.setHeader(header, value);
  getHeader = (header: string) => this.inner.getHeader(header);
  getUnderlyingObject = (): unknown => this.inner.getUnderlyingObject();

  setProgressHandler(handler: (bytesSent: number) => void) {
    this.#progress = handler;
  }

  abort(): Promise<void> {
    this.#stop();
    return this.inner.abort();
  }

  send(body?: Blob | null): Promise<HttpResponse> {
    const size = body?.size ?? 0;
    // HEAD, POST, DELETE: a short reply, nothing to watch.
    if (!size) {
      if (this.#progress) this.inner.setProgressHandler(this.#progress);
      return this.inner.send(body ?? null);
    }
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = (why: string) => {
        this.#stop();
        // The aborted XHR never settles its own promise: this one says why it ended.
        void this.inner.abort();
        reject(new StalledUpload(why));
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => giveUp(`no byte sent for ${this.stallMs / 1000} s`), this.stallMs);
      };
      const offline = () => giveUp('the browser went offline');
      this.#stop = () => {
        clearTimeout(timer);
        window.removeEventListener('offline', offline);
      };
      this.inner.setProgressHandler((sent) => {
        // Every byte is out: the server's answer (the last PATCH makes the video) may take a while.
        if (sent >= size) clearTimeout(timer);
        else arm();
        this.#progress?.(sent);
      });
      window.addEventListener('offline', offline);
      arm();
      this.inner.send(body).then(
        (response) => {
          this.#stop();
          resolve(response);
        },
        (error: unknown) => {
          this.#stop();
          reject(error instanceof Error ? error : new Error('the request failed'));
        },
      );
    });
  }
}
