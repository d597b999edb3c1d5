import { defineRoute, replyBase } from '@streamdesk/contract/http';
import { IDEMPOTENCY_KEY_PATTERN, idempotencyMessages } from '@streamdesk/contract/idempotency';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, stubXhr } from '@/test/fake-xhr';
import { setRuntimeConfig } from '@/test/runtime';
import { outcomeUnknown } from './api-client';
import { getAuthStatus, setAuthStatus } from './auth-state';
import { DeadlineError } from './deadlines';
import { registerNavigator } from './navigation';
import { readSession, writeSession } from './session';
import { giveUpSigningIn, signedInAgain, signInAgainNeeded } from './session-ended';
import { callApiWithProgress, UploadRefusedError, uploadFailureMessage, uploadWithProgress } from './upload';

const route = defineRoute({
  method: 'POST',
  path: '/api/App/reels',
  auth: 'admin',
  feature: 'reels',
  access: 'write',
  multipart: { files: {} },
  summary: 'r',
  reply: replyBase,
});

beforeEach(() => {
  setRuntimeConfig();
  stubXhr();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uploadWithProgress', () => {
  it('sends the form with the api-key and token, reports progress and resolves with the reply', async () => {
    writeSession('tok');
    const onProgress = vi.fn();
    const form = new FormData();
    const promise = uploadWithProgress(route, form, onProgress);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.sent]).toEqual(['POST', '/api/App/reels', form]);
    expect(xhr.headers).toMatchObject({ 'api-key': 'test-api-key', authorization: 'Bearer tok' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(onProgress).toHaveBeenCalledWith(50, 200, 25);
    xhr.respond(200, JSON.stringify({ status: true, message: 'Reel added' }));
    await expect(promise).resolves.toEqual({ status: true, message: 'Reel added' });
  });

  it('rejects with HTTP Error and the code on a non-2xx status', async () => {
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.respond(413, '{"status":false}');
    await expect(promise).rejects.toThrow('HTTP Error 413');
    await expect(promise).rejects.toMatchObject({ status: 413, serverMessage: undefined });
  });

  it("keeps a refusal's own reason, which a screen shows instead of its fallback", async () => {
    const refused = uploadWithProgress(route, new FormData());
    const reason = 'clip.mp4 could not be read as a video.';
    FakeXhr.last.respond(400, JSON.stringify({ status: false, message: reason }));
    const error: unknown = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect(error).toMatchObject({ message: 'HTTP Error 400', status: 400, serverMessage: reason });
    expect(uploadFailureMessage(error, 'Something went wrong during upload!')).toBe(reason);

    // A server failure's body is not a reason to show; nor is an unreadable one.
    for (const [status, body] of [
      [500, JSON.stringify({ status: false, message: 'Internet Server Error' })],
      [400, '<html>'],
    ] as const) {
      const failed = uploadWithProgress(route, new FormData());
      FakeXhr.last.respond(status, body);
      const failure: unknown = await failed.catch((e: unknown) => e);
      expect(uploadFailureMessage(failure, 'fallback')).toBe('fallback');
    }
    expect(uploadFailureMessage(new DeadlineError('stalled'), 'fallback')).toBe('stalled');
    expect(uploadFailureMessage(new Error('Network Error'), 'fallback')).toBe('fallback');
  });

  it('on a 401 mid-work, waits for the admin to sign in again and sends the upload again', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    const navigate = vi.fn();
    registerNavigator(navigate);
    const form = new FormData();
    const promise = uploadWithProgress(route, form);
    const first = FakeXhr.last;
    first.respond(401, JSON.stringify({ status: false, message: 'Please sign in again' }));
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    expect(readSession()).toBeNull();
    writeSession('tok-new');
    signedInAgain();
    await vi.waitFor(() => expect(FakeXhr.last).not.toBe(first));
    expect([FakeXhr.last.sent, FakeXhr.last.headers.authorization]).toEqual([form, 'Bearer tok-new']);
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'Reel added' }));
    await expect(promise).resolves.toEqual({ status: true, message: 'Reel added' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 401 the admin gives up signing in again for, rejects with HTTP Error 401 and goes to the login page', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    const navigate = vi.fn();
    registerNavigator(navigate);
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.respond(401, JSON.stringify({ status: false, message: 'Please sign in again' }));
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    giveUpSigningIn();
    await expect(promise).rejects.toThrow('HTTP Error 401');
    expect(getAuthStatus()).toBe('signed-out');
    expect(navigate).toHaveBeenCalledWith('/admin/panel/login', {
      replace: true,
      state: { sessionEnded: true },
    });
  });

  it('rejects with Network Error when the request fails', async () => {
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.onerror?.();
    await expect(promise).rejects.toThrow('Network Error');
  });

  it('sends an Idempotency-Key: the same again after no reply, a new one once a reply came', async () => {
    const form = () => {
      const body = new FormData();
      body.append('video', new File(['mp4'], 'clip.mp4', { type: 'video/mp4', lastModified: 7 }));
      return body;
    };
    const keyOf = (xhr: FakeXhr) => xhr.headers['idempotency-key'];
    const failed = uploadWithProgress(route, form());
    const key = keyOf(FakeXhr.last);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toMatchObject({ message: 'Network Error', networkFailure: true });

    const again = uploadWithProgress(route, form());
    expect(keyOf(FakeXhr.last)).toBe(key);
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'Reel added' }));
    await again;
    const next = uploadWithProgress(route, form());
    expect(keyOf(FakeXhr.last)).not.toBe(key);
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'Reel added' }));
    await next;
  });

  it('sends an upload once while it is in flight: the same form sent again gets its reply', async () => {
    const form = () => {
      const body = new FormData();
      body.append('video', new File(['mp4'], 'twice.mp4', { type: 'video/mp4', lastModified: 9 }));
      return body;
    };
    const before = FakeXhr.made.length;
    const first = uploadWithProgress(route, form());
    const second = uploadWithProgress(route, form());
    expect(FakeXhr.made.length).toBe(before + 1);
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'Reel added' }));
    expect(await Promise.all([first, second])).toEqual([
      { status: true, message: 'Reel added' },
      { status: true, message: 'Reel added' },
    ]);
  });

  it('resolves status false with a parse message when the reply is not JSON', async () => {
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.respond(200, '<html>');
    // Not the server's reply (a captive portal, a proxy): the upload may or may not have been stored.
    await expect(promise).resolves.toEqual({
      status: false,
      message: 'Error parsing server response',
      networkFailure: true,
    });
  });

  it('cuts off an upload that sends nothing for 30 s; progress keeps it going', async () => {
    vi.useFakeTimers();
    const promise = uploadWithProgress(route, new FormData());
    const failed = vi.fn();
    promise.catch(failed);
    const xhr = FakeXhr.last;
    await vi.advanceTimersByTimeAsync(20_000);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 100 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect([failed.mock.calls.length, xhr.aborted]).toEqual([0, false]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(xhr.aborted).toBe(true);
    await expect(promise).rejects.toMatchObject({
      message: 'The upload stalled: nothing was sent for 30 seconds. Please try again.',
      timedOut: true,
    });
  });

  it('after the last byte, waits 60 s for the reply, then says the upload may have been saved', async () => {
    vi.useFakeTimers();
    const promise = uploadWithProgress(route, new FormData());
    promise.catch(() => {});
    const xhr = FakeXhr.last;
    xhr.upload.onload?.();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(xhr.aborted).toBe(true);
    await expect(promise).rejects.toThrow(/may still have been saved/);
  });

  it('stops its timer when the reply comes', async () => {
    vi.useFakeTimers();
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.respond(200, JSON.stringify({ status: true, message: 'ok' }));
    await expect(promise).resolves.toEqual({ status: true, message: 'ok' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** How each upload below ends: what the fake server does once the body is out. */
const endings = {
  'no reply (network failure)': (xhr: FakeXhr) => xhr.onerror?.(),
  "a proxy's error page": (xhr: FakeXhr) => xhr.respond(502, '<html>Bad Gateway</html>'),
  'an unreadable 200': (xhr: FakeXhr) => xhr.respond(200, '<html>'),
  '"still being saved" (409)': (xhr: FakeXhr) =>
    xhr.respond(409, JSON.stringify({ status: false, message: idempotencyMessages.stillSaving })),
  'no reply 60 s after the last byte': (xhr: FakeXhr) => {
    xhr.upload.onload?.();
    void vi.advanceTimersByTimeAsync(60_000);
  },
} as const;

describe('an upload whose outcome is unknown', () => {
  it('says so as callApi does, so every query reloads; an answered upload does not', async () => {
    vi.useFakeTimers();
    const outcomeOf = async (end: (xhr: FakeXhr) => void) => {
      const outcome = uploadWithProgress(route, new FormData()).catch((error: unknown) => error);
      end(FakeXhr.last);
      return outcomeUnknown(await outcome);
    };
    for (const [what, end] of Object.entries(endings))
      expect([what, await outcomeOf(end)]).toEqual([what, true]);

    for (const [status, body] of [
      [400, { status: false, message: 'clip.mp4 could not be read as a video.' }],
      [500, { status: false, message: 'Internet Server Error' }],
      [200, { status: true, message: 'Reel added' }],
    ] as const) {
      const answered = (xhr: FakeXhr) => xhr.respond(status, JSON.stringify(body));
      expect([status, await outcomeOf(answered)]).toEqual([status, false]);
    }
  });
});

describe('callApiWithProgress', () => {
  const call = async (end: (xhr: FakeXhr) => void) => {
    const onProgress = vi.fn();
    const result = callApiWithProgress(route, new FormData(), onProgress);
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 });
    expect(onProgress).toHaveBeenCalledWith(3, 4, 75);
    end(FakeXhr.last);
    return result;
  };
  const reply = (status: number, body: unknown) => (xhr: FakeXhr) =>
    xhr.respond(status, JSON.stringify(body));

  it("answers as callApi does: the reply, a refusal's reason, 'Internet Server Error', never a throw", async () => {
    await expect(call(reply(200, { status: true, message: 'Reel added' }))).resolves.toEqual({
      status: true,
      message: 'Reel added',
    });
    await expect(call(reply(400, { status: false, message: 'Not an MP4' }))).resolves.toEqual({
      status: false,
      message: 'Not an MP4',
    });
    // No reason: '' lets the screen say its own fallback, as a `status: false` reply with no message does.
    await expect(call(reply(413, { status: false }))).resolves.toEqual({ status: false, message: '' });
    await expect(call(reply(500, { status: false, message: 'boom' }))).resolves.toEqual({
      status: false,
      message: 'Internet Server Error',
    });
    await expect(call(endings['no reply (network failure)'])).resolves.toEqual({
      status: false,
      message: 'Internet Server Error',
      networkFailure: true,
    });
    await expect(call(endings["a proxy's error page"])).resolves.toEqual({
      status: false,
      message: 'Internet Server Error',
      networkFailure: true,
    });
    await expect(call(endings['"still being saved" (409)'])).resolves.toEqual({
      status: false,
      message: idempotencyMessages.stillSaving,
      stillSaving: true,
    });
  });

  it("keeps a deadline's own message, as a timed-out write", async () => {
    vi.useFakeTimers();
    await expect(call(endings['no reply 60 s after the last byte'])).resolves.toEqual({
      status: false,
      message:
        'The server did not answer in time. The change may still have been saved: check the list before trying again.',
      networkFailure: true,
      timedOut: true,
    });
  });
});
