import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videoUploadMessages } from '@streamdesk/contract/video-uploads';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { resumableUpload, type ResumableEvents } from './resumable-upload';
import { STALL_MS } from './stall-watchdog';

const SIZE = 1000;
const file = () => new File([new Uint8Array(SIZE)], 'stall.mp4', { type: 'video/mp4', lastModified: 1 });

/** Lets tus-js-client's promises and its zero-delay timers run (20 ms on the clock, against STALL_MS). */
async function settle() {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(1);
}
const made = (method: string) => FakeXhr.made.filter((x) => x.method === method);

/** Starts an upload of `file()`: created as u1, its first PATCH under way with `sent` bytes out. */
async function sending(sent: number) {
  const events = {
    onProgress: vi.fn(),
    onRetrying: vi.fn(),
    onDone: vi.fn(),
    onFailed: vi.fn(),
  } satisfies ResumableEvents;
  resumableUpload(file(), 'c1', events).start();
  await settle();
  made('POST')[0]!.respond(201, '', { location: '/api/App/video/uploads/u1' });
  await settle();
  const patch = made('PATCH')[0]!;
  patch.upload.onprogress?.({ lengthComputable: true, loaded: sent });
  return { events, patch };
}

beforeEach(() => {
  vi.useFakeTimers();
  stubXhr();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('The upload watchdog', () => {
  it('gives up a PATCH that sent nothing for a while and resumes from the server offset', async () => {
    const { events, patch } = await sending(400);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(patch.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(patch.aborted).toBe(true);
    expect(events.onRetrying).toHaveBeenCalledOnce();
    const head = made('HEAD')[0]!;
    expect(head.url).toMatch(/\/api\/App\/video\/uploads\/u1$/);
    head.respond(200, '', { 'upload-offset': '400', 'upload-length': String(SIZE) });
    await settle();
    const rest = made('PATCH')[1]!;
    expect(rest.headers['Upload-Offset']).toBe('400');
    expect((rest.sent as Blob).size).toBe(SIZE - 400);
    rest.respond(200, JSON.stringify({ status: true, data: [] }), { 'upload-offset': String(SIZE) });
    await settle();
    expect(events.onDone).toHaveBeenCalledOnce();
    expect(events.onFailed).not.toHaveBeenCalled();
  });

  it('leaves a PATCH that keeps sending, and one waiting for its answer once every byte is out', async () => {
    const { events, patch } = await sending(100);
    for (const loaded of [300, 500, 700]) {
      await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
      patch.upload.onprogress?.({ lengthComputable: true, loaded });
    }
    patch.upload.onprogress?.({ lengthComputable: true, loaded: SIZE });
    // The last PATCH's answer waits for the video to be made: no byte moves meanwhile.
    await vi.advanceTimersByTimeAsync(STALL_MS * 4);
    expect(patch.aborted).toBe(false);
    expect(events.onProgress).toHaveBeenLastCalledWith(SIZE, SIZE);
    patch.respond(200, JSON.stringify({ status: true, data: [] }), { 'upload-offset': String(SIZE) });
    await settle();
    expect(events.onDone).toHaveBeenCalledOnce();
    expect(made('PATCH')).toHaveLength(1);
  });

  it('gives up at once when the browser goes offline: the file waits for the network', async () => {
    const { events, patch } = await sending(400);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(patch.aborted).toBe(true);
    expect(events.onRetrying).not.toHaveBeenCalled();
    expect(events.onFailed).toHaveBeenCalledWith(videoUploadMessages.offline, true);
  });

  it('stops watching a PATCH that is paused', async () => {
    const events = { onProgress: vi.fn(), onRetrying: vi.fn(), onDone: vi.fn(), onFailed: vi.fn() };
    const upload = resumableUpload(file(), 'c1', events);
    upload.start();
    await settle();
    made('POST')[0]!.respond(201, '', { location: '/api/App/video/uploads/u1' });
    await settle();
    upload.pause();
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(made('PATCH')[0]!.aborted).toBe(true);
    expect(made('HEAD')).toHaveLength(0);
    expect(events.onRetrying).not.toHaveBeenCalled();
    expect(events.onFailed).not.toHaveBeenCalled();
  });
});
