import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { RuntimeConfig } from '@/lib/runtime-config';

export const TEST_PAYLOAD_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

export function setRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): void {
  window.__STREAMDESK__ = {
    apiKey: 'test-api-key',
    payloadKey: TEST_PAYLOAD_KEY,
    blockDevtools: false,
    publicLiveHost: 'https://live.example.com',
    liveHostSet: true,
    playStoreUrl: 'https://play.example.com',
    reportTimeZone: 'Asia/Kolkata',
    ...overrides,
  };
}

/** A fetch mock answering with JSON (or raw text) and recording each request. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A mocked call left unanswered until `answer(body)`: for what a screen does while its request is in
 * flight (buttons held, dialogs closed).
 */
export function pendingResponse() {
  let resolve: (response: Response) => void = () => {};
  const handler = vi.fn(
    () =>
      new Promise<Response>((settle) => {
        resolve = settle;
      }),
  );
  return { handler, answer: (body: unknown) => resolve(jsonResponse(body)) };
}

/** A server that never answers: the fetch ends only when its signal aborts (for deadlines). */
export function hangingFetch(_url: unknown, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
}

/** Stubs the global fetch for every test of the file: the runtime config set, fake timers undone after. */
export function stubbedFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    setRuntimeConfig();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    // Unmounted first: this hook runs before setup.ts's cleanup (after-hooks run in reverse), and a
    // screen still mounted could render once more without the globals a test stubbed (the feed's
    // IntersectionObserver: 'IntersectionObserver is not defined' once, in a run under load).
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });
  return fetchMock;
}
