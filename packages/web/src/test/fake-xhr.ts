import { waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';

/** Just enough of XMLHttpRequest: each test drives the last instance by hand. */
export class FakeXhr {
  static last: FakeXhr;
  /** Every request made since `stubXhr()`, oldest first. */
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  /** The reply's headers (lower-case names), as `respond` was given them. */
  responseHeaders: Record<string, string> = {};
  sent: unknown;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, text: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = text;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
    this.onloadend?.();
  }
  abort() {
    this.aborted = true;
    this.onloadend?.();
  }
  /** The connection dropped: no reply. */
  fail() {
    this.onerror?.();
    this.onloadend?.();
  }
}

/**
 * Puts FakeXhr in place of XMLHttpRequest, with no request made yet, until the test ends: a worker's files
 * share one window (`isolate: false`, packages/web/vitest.config.ts), and the next file's tests must get the
 * real one. Every global stubbed is undone then, as `signedInScreenTests` does after each test.
 */
export function stubXhr(): void {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  onTestFinished(() => void vi.unstubAllGlobals());
}

/** The requests of `method` made since `stubXhr()`, oldest first. */
export const made = (method: string) => FakeXhr.made.filter((x) => x.method === method);

/** The request of `method` number `n` (from 1) once it is made. */
export const nth = (method: string, n = 1) =>
  waitFor(() => {
    const found = made(method)[n - 1];
    expect(found).toBeDefined();
    return found!;
  });
