import { authRoutes } from '@streamdesk/contract/auth';
import { openRequest, sealReply } from '@streamdesk/contract/envelope';
import { systemStatsRoutes } from '@streamdesk/contract/system-stats';
import { videoCategoryRoutes } from '@streamdesk/contract/video-categories';
import { defineRoute, replyBase } from '@streamdesk/contract/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch, jsonResponse, stubbedFetch, TEST_PAYLOAD_KEY } from '@/test/runtime';
import {
  ApiCallError,
  callApi,
  failureMessage,
  isNetworkFailure,
  requestApi,
  somethingGone,
} from './api-client';
import { getAuthStatus, setAuthStatus } from './auth-state';
import { registerNavigator } from './navigation';
import { clearSession, readSession, writeSession } from './session';
import { giveUpSigningIn, signedInAgain, signInAgainNeeded } from './session-ended';
import { fetchApi } from './api-query';

const fetchMock = stubbedFetch();
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

afterEach(() => registerNavigator(null));

describe('callApi', () => {
  it('sends the api-key on every call and the bearer token only to admin routes', async () => {
    writeSession('tok-9');
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'ok' }));
    await callApi(authRoutes.check);
    expect(lastRequest().headers).toMatchObject({ 'api-key': 'test-api-key', authorization: 'Bearer tok-9' });
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'ok', token: 't' }));
    await callApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'p' } });
    expect(lastRequest().headers['api-key']).toBe('test-api-key');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('seals the body of envelope routes and opens a sealed reply', async () => {
    const reply = { status: true, message: 'Login successful', token: 'abc' };
    fetchMock.mockResolvedValue(jsonResponse(await sealReply(reply, TEST_PAYLOAD_KEY)));
    const result = await callApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'secret' } });
    expect(result).toEqual(reply);
    const { url, init } = lastRequest();
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    const sent = JSON.parse(init.body as string) as { encryptedData: string };
    expect(Object.keys(sent)).toEqual(['encryptedData']);
    expect(await openRequest(sent, TEST_PAYLOAD_KEY)).toEqual({ a_email: 'a@b.c', a_password: 'secret' });
  });

  it('fills path parameters and the query string', async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/things/:id',
      auth: 'app',
      summary: 't',
      reply: replyBase,
    });
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: '' }));
    await callApi(route, { params: { id: 'a b' }, query: { page: 1, q: '', skip: undefined } });
    expect(lastRequest().url).toBe('/api/things/a%20b?page=1&q=');
  });

  it('returns a server error body as it is, without throwing', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Invalid email or password' }, 400));
    const result = await callApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'x' } });
    expect(result).toEqual({ status: false, message: 'Invalid email or password' });
    expect(isNetworkFailure(result)).toBe(false);
  });

  it('maps a network failure or an unreadable reply to Internet Server Error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const down = await callApi(systemStatsRoutes.get);
    expect(down).toMatchObject({ status: false, message: 'Internet Server Error' });
    expect(isNetworkFailure(down)).toBe(true);
    fetchMock.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    expect(await callApi(systemStatsRoutes.get)).toMatchObject({
      status: false,
      message: 'Internet Server Error',
    });
  });

  it("a refusal without a message rejects with the spec's fallback, and a screen's own fallback wins", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: '' }, 400));
    const error = await requestApi(systemStatsRoutes.get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as Error).message).toBe('Something went wrong!');
    expect(failureMessage(error, 'Failed to update policy')).toBe('Failed to update policy');
  });

  it("shows a server failure (5xx) as Internet Server Error, not the server's own text", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Something went wrong' }, 500));
    const result = await callApi(systemStatsRoutes.get);
    expect(result).toEqual({ status: false, message: 'Internet Server Error', serverFailure: true });
    expect(isNetworkFailure(result)).toBe(false);
    // A load (fetchApi) throws it, as it does a call with no reply: the shell says it with a Retry.
    await expect(fetchApi(systemStatsRoutes.get)).rejects.toThrow('Internet Server Error');
  });

  it('yields an empty result when a sealed reply cannot be decrypted', async () => {
    const sealed = await sealReply({ status: true }, 'ff'.repeat(32));
    fetchMock.mockResolvedValue(jsonResponse(sealed));
    const result = await callApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'p' } });
    expect(result).toEqual({ status: false, message: '' });
    expect(isNetworkFailure(result)).toBe(false);
  });

  it('on a 401 while signed in, waits for the admin to sign in again, then sends the call again', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    const navigate = vi.fn();
    registerNavigator(navigate);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ status: false, message: 'Please sign in again' }, 401))
      .mockResolvedValueOnce(jsonResponse({ status: true, message: 'Category added' }));
    const body = new FormData();
    body.append('name', 'Sports');
    const result = callApi(videoCategoryRoutes.add, { body });
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    // The old token is forgotten at once (a reload now goes to the login page); the screen stays.
    expect(readSession()).toBeNull();
    expect(getAuthStatus()).toBe('signed-in');
    const firstKey = lastRequest().headers['idempotency-key'];
    writeSession('tok-new');
    signedInAgain();
    expect(await result).toEqual({ status: true, message: 'Category added' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastRequest().headers).toMatchObject({
      authorization: 'Bearer tok-new',
      'idempotency-key': firstKey,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(signInAgainNeeded()).toBe(false);
  });

  it('waits for one sign-in for every call that met the 401, and another tab signing in is one', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    fetchMock.mockImplementation(async (_url, init) =>
      (init?.headers as Record<string, string>).authorization === 'Bearer tok-tab'
        ? jsonResponse({ status: true, message: 'ok' })
        : jsonResponse({ status: false, message: 'Please sign in again' }, 401),
    );
    const both = Promise.all([callApi(systemStatsRoutes.get), callApi(authRoutes.check)]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    // Both replies read (the second one's 401 joins the same wait).
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeSession('tok-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'admin_download' }));
    expect(await both).toEqual([
      { status: true, message: 'ok' },
      { status: true, message: 'ok' },
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends again at once a call whose 401 comes after the admin signed in again, keeping the new session', async () => {
    writeSession('tok-new');
    setAuthStatus('signed-in');
    // A poll sent during the dialog, without a token, answered only after the sign-in stored tok-new.
    let answer!: (response: Response) => void;
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
      .mockResolvedValueOnce(jsonResponse({ status: true, message: 'ok' }));
    clearSession();
    const poll = callApi(systemStatsRoutes.get);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    writeSession('tok-new');
    answer(jsonResponse({ status: false, message: 'Please sign in again' }, 401));
    expect(await poll).toEqual({ status: true, message: 'ok' });
    expect(lastRequest().headers.authorization).toBe('Bearer tok-new');
    expect(signInAgainNeeded()).toBe(false);
    expect(readSession()?.token).toBe('tok-new');
  });

  it('answers with the 401 and goes to the login page when the admin gives up signing in again', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    const navigate = vi.fn();
    registerNavigator(navigate, () => ({ pathname: '/add/video/category', search: '' }));
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Please sign in again' }, 401));
    const result = callApi(systemStatsRoutes.get);
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    giveUpSigningIn();
    expect(await result).toEqual({ status: false, message: 'Please sign in again' });
    expect(getAuthStatus()).toBe('signed-out');
    expect(navigate).toHaveBeenCalledWith('/admin/panel/login?next=%2Fadd%2Fvideo%2Fcategory', {
      replace: true,
      state: { sessionEnded: true },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('goes to the login page at once on a 401 before the admin was signed in (the check on load)', async () => {
    writeSession('expired');
    setAuthStatus('checking');
    const navigate = vi.fn();
    registerNavigator(navigate);
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Please sign in again' }, 401));
    expect(await callApi(authRoutes.check)).toEqual({ status: false, message: 'Please sign in again' });
    expect(signInAgainNeeded()).toBe(false);
    expect(readSession()).toBeNull();
    expect(getAuthStatus()).toBe('signed-out');
    expect(navigate).toHaveBeenCalledWith('/admin/panel/login', {
      replace: true,
      state: { sessionEnded: true },
    });
  });

  it('stops waiting for the sign-in when the call is aborted (a query no longer shown)', async () => {
    writeSession('expired');
    setAuthStatus('signed-in');
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Please sign in again' }, 401));
    const controller = new AbortController();
    const result = callApi(systemStatsRoutes.get, { signal: controller.signal });
    await vi.waitFor(() => expect(signInAgainNeeded()).toBe(true));
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    giveUpSigningIn();
  });

  it('marks a write refused with 404 as gone (the screen reloads), a read as not found', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ status: false, message: 'Live match not found' }, 404),
    );
    expect(await callApi(videoCategoryRoutes.toggleStatus, { params: { id: 'gone-1' } })).toEqual({
      status: false,
      message: 'Live match not found',
      gone: true,
    });
    expect(await callApi(systemStatsRoutes.get)).toEqual({
      status: false,
      message: 'Live match not found',
      notFound: true,
    });
  });

  describe('deadlines', () => {
    const remove = defineRoute({
      method: 'DELETE',
      path: '/api/things',
      auth: 'admin',
      feature: 'stories',
      access: 'write',
      summary: 't',
      reply: replyBase,
    });

    it('gives up on a read after 20 s as a network failure with its own message', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(hangingFetch);
      let result: unknown;
      void callApi(systemStatsRoutes.get).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(19_999);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(result).toEqual({
        status: false,
        message: 'The server did not answer in time. Please try again.',
        networkFailure: true,
        timedOut: true,
      });
      expect(isNetworkFailure(result)).toBe(true);
    });

    it('gives a write 30 s and then says it may still have been saved', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(hangingFetch);
      let result: unknown;
      void callApi(remove, { body: { id: ['a'] } }).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1_100);
      expect(result).toMatchObject({ status: false, timedOut: true });
      expect((result as { message: string }).message).toMatch(/may still have been saved/);
    });

    it("rethrows a caller's own abort (a cancelled query), which is not a timeout", async () => {
      fetchMock.mockImplementation(hangingFetch);
      const controller = new AbortController();
      const call = callApi(systemStatsRoutes.get, { signal: controller.signal });
      controller.abort();
      await expect(call).rejects.toThrow('aborted');
    });

    it('stops its timer once the reply is in', async () => {
      vi.useFakeTimers();
      fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'ok' }));
      await callApi(systemStatsRoutes.get);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

describe('requestApi (the call a mutation makes)', () => {
  const rejection = (call: Promise<unknown>) =>
    call.then(
      () => expect.fail('resolved'),
      (error: unknown) => error as ApiCallError,
    );

  it('resolves with a reply that says status true', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true, message: 'Login successful', token: 't' }));
    await expect(
      requestApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'p' } }),
    ).resolves.toEqual({ status: true, message: 'Login successful', token: 't' });
  });

  it("rejects a status false reply with the server's message and the HTTP status", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Invalid email or password' }, 400));
    const error = await rejection(
      requestApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'x' } }),
    );
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.message).toBe('Invalid email or password');
    expect(error.httpStatus).toBe(400);
    expect(failureMessage(error, 'Failed to update')).toBe('Invalid email or password');
    // A 200 that says no is a failure too.
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Nothing to change' }));
    expect(await rejection(requestApi(systemStatsRoutes.get))).toMatchObject({
      message: 'Nothing to change',
      httpStatus: 200,
    });
  });

  it("rejects a server failure (5xx) with 'Internet Server Error', and no reply with the same, as a network failure", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Something went wrong' }, 500));
    const failed = await rejection(requestApi(systemStatsRoutes.get));
    expect(failed).toMatchObject({ message: 'Internet Server Error', httpStatus: 500 });
    expect(isNetworkFailure(failed.reply)).toBe(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const down = await rejection(requestApi(systemStatsRoutes.get));
    expect(down).toMatchObject({ message: 'Internet Server Error', httpStatus: undefined });
    expect(isNetworkFailure(down.reply)).toBe(true);
  });

  it("lets the screen's fallback stand for a failure with no message (a reply that cannot be opened)", async () => {
    fetchMock.mockResolvedValue(jsonResponse(await sealReply({ status: true }, 'ff'.repeat(32))));
    const error = await rejection(
      requestApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'p' } }),
    );
    expect(failureMessage(error, 'Failed to update')).toBe('Failed to update');
    expect(failureMessage(new Error('a bug'), 'Failed to update')).toBe('Failed to update');
  });

  it('says a write refused with 404 found its record gone', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: false, message: 'Category not found' }, 404));
    const error = await rejection(requestApi(videoCategoryRoutes.toggleStatus, { params: { id: 'gone-1' } }));
    expect(error).toMatchObject({ message: 'Category not found', httpStatus: 404 });
    expect(somethingGone(error)).toBe(true);
  });
});
