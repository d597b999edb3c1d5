import { vi } from 'vitest';

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
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
    this.onloadend?.();
  }
  abort() {
    this.aborted = true;
    this.onloadend?.();
  }
}

/** Puts FakeXhr in place of XMLHttpRequest, with no request made yet (`vi.unstubAllGlobals` undoes it). */
export function stubXhr(): void {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
