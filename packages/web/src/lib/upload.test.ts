import { defineRoute, replyBase } from '@streamdesk/contract/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/test/runtime';
import { writeSession } from './session';
import { uploadWithProgress } from './upload';

const route = defineRoute({
  method: 'POST',
  path: '/api/App/reels',
  auth: 'admin',
  multipart: true,
  summary: 'r',
  reply: replyBase,
});

/** Just enough of XMLHttpRequest: each test drives the last instance by hand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  sent: unknown;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
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
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

beforeEach(() => {
  setRuntimeConfig();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

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
  });

  it('rejects with Network Error when the request fails', async () => {
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.onerror?.();
    await expect(promise).rejects.toThrow('Network Error');
  });

  it('resolves status false with a parse message when the reply is not JSON', async () => {
    const promise = uploadWithProgress(route, new FormData());
    FakeXhr.last.respond(200, '<html>');
    await expect(promise).resolves.toEqual({ status: false, message: 'Error parsing server response' });
  });
});
