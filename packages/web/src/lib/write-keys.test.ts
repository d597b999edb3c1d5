import { authRoutes } from '@streamdesk/contract/auth';
import { controllerRoutes } from '@streamdesk/contract/controller';
import { IDEMPOTENCY_KEY_PATTERN, idempotencyMessages } from '@streamdesk/contract/idempotency';
import { liveMatchRoutes } from '@streamdesk/contract/live-matches';
import { videoCategoryRoutes } from '@streamdesk/contract/video-categories';
import { describe, expect, it, vi } from 'vitest';
import { hangingFetch, jsonResponse, stubbedFetch } from '@/test/runtime';
import { callApi } from './api-client';

const fetchMock = stubbedFetch();
const toggle = videoCategoryRoutes.toggleStatus;
const sentKey = (call = -1) => {
  const init = fetchMock.mock.calls.at(call)![1]!;
  return (init.headers as Record<string, string>)['idempotency-key'];
};
const ok = () => jsonResponse({ status: true, message: 'ok' });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
let n = 0;
/** A change no other test sends (the kept keys live for the page's lifetime). */
const uniqueId = () => `thing-${++n}`;

describe('the Idempotency-Key of admin writes', () => {
  it('goes with every admin write, and with no read or sign-in', async () => {
    fetchMock.mockImplementation(async () => ok());
    await callApi(toggle, { params: { id: uniqueId() } });
    expect(sentKey()).toMatch(IDEMPOTENCY_KEY_PATTERN);
    await callApi(liveMatchRoutes.webAds);
    expect(sentKey()).toBeUndefined();
    await callApi(authRoutes.login, { body: { a_email: 'a@b.c', a_password: 'p' } });
    expect(sentKey()).toBeUndefined();
  });

  it('is sent again with the same change after no reply, and renewed once a reply came', async () => {
    const params = { id: uniqueId() };
    fetchMock.mockImplementationOnce(networkDown);
    expect(await callApi(toggle, { params })).toMatchObject({ message: 'Internet Server Error' });
    const first = sentKey();
    fetchMock.mockImplementationOnce(async () => ok());
    expect(await callApi(toggle, { params })).toEqual({ status: true, message: 'ok' });
    expect(sentKey()).toBe(first);
    // Answered: pressing the switch again is a new change.
    fetchMock.mockImplementationOnce(async () => ok());
    await callApi(toggle, { params });
    expect(sentKey()).not.toBe(first);
  });

  it('is kept after a deadline, a 5xx and "still being saved"; renewed after a refusal (4xx)', async () => {
    vi.useFakeTimers();
    const params = { id: uniqueId() };
    fetchMock.mockImplementationOnce(hangingFetch);
    const late = callApi(toggle, { params });
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await late).toMatchObject({ timedOut: true });
    const key = sentKey();

    fetchMock.mockImplementationOnce(async () => jsonResponse({ status: false, message: 'x' }, 503));
    await callApi(toggle, { params });
    expect(sentKey()).toBe(key);

    const stillSaving = { status: false, message: idempotencyMessages.stillSaving };
    fetchMock.mockImplementationOnce(async () => jsonResponse(stillSaving, 409));
    expect(await callApi(toggle, { params })).toEqual({ ...stillSaving, stillSaving: true });
    expect(sentKey()).toBe(key);

    fetchMock.mockImplementationOnce(async () => jsonResponse({ status: false, message: 'Not found' }, 404));
    await callApi(toggle, { params });
    expect(sentKey()).toBe(key);
    fetchMock.mockImplementationOnce(async () => ok());
    await callApi(toggle, { params });
    expect(sentKey()).not.toBe(key);
  });

  it('names one change by its method, URL and plain body: a form by its fields and files', async () => {
    fetchMock.mockImplementation(networkDown);
    const image = new File(['png'], 'm.png', { type: 'image/png', lastModified: 1 });
    const form = (title: string, file = image) => {
      const body = new FormData();
      body.append('title', title);
      body.append('image', file);
      return body;
    };
    const add = (body: FormData) => callApi(liveMatchRoutes.add, { body });
    await add(form('Final A'));
    const key = sentKey();
    await add(form('Final A'));
    expect(sentKey()).toBe(key);
    await add(form('Final B'));
    expect(sentKey()).not.toBe(key);
    await add(form('Final A', new File(['png'], 'm.png', { type: 'image/png', lastModified: 2 })));
    expect(sentKey()).not.toBe(key);

    // A sealed body differs each time (a fresh iv); the change is the same.
    const body = { payAmount: '12.5' };
    await callApi(controllerRoutes.payAmount, { body });
    const sealedKey = sentKey();
    await callApi(controllerRoutes.payAmount, { body });
    expect(sentKey()).toBe(sealedKey);
    const [firstBody, secondBody] = fetchMock.mock.calls.slice(-2).map(([, init]) => init!.body);
    expect(firstBody).not.toBe(secondBody);
  });

  it('sends a change once while it is in flight: a second send (a double click) gets the first reply', async () => {
    const params = { id: uniqueId() };
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = callApi(toggle, { params });
    const second = callApi(toggle, { params });
    answer(ok());
    expect(await Promise.all([first, second])).toEqual([
      { status: true, message: 'ok' },
      { status: true, message: 'ok' },
    ]);
    expect(fetchMock).toHaveBeenCalledOnce();
    // Answered: the same change is sent again, as a new one; another change was never held.
    fetchMock.mockImplementation(async () => ok());
    await Promise.all([callApi(toggle, { params }), callApi(toggle, { params: { id: uniqueId() } })]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps at most 100 changes without a reply', async () => {
    fetchMock.mockImplementation(networkDown);
    const oldest = { id: uniqueId() };
    await callApi(toggle, { params: oldest });
    const key = sentKey();
    for (let i = 0; i < 100; i++) await callApi(toggle, { params: { id: uniqueId() } });
    await callApi(toggle, { params: oldest });
    expect(sentKey()).not.toBe(key);
  });
});
