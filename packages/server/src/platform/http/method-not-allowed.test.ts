import { messages } from '@streamdesk/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('a known path called with a method it does not answer', () => {
  it('answers 405 naming the methods it does answer, in the Allow header too', async () => {
    const post = await t.request({ method: 'POST', url: '/api/App/Controler/app/loadCheck', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json()).toEqual({
      status: false,
      message: messages.methodNotAllowed('POST', ['GET', 'HEAD']),
    });
    const get = await t.request({ method: 'GET', url: '/api/App/events?x=1' });
    expect([get.statusCode, get.headers.allow]).toEqual([405, 'POST']);
    // A path with a parameter matches its pattern.
    const del = await t.request({ method: 'DELETE', url: '/api/App/liveMatch/admin/status/abc' });
    expect([del.statusCode, del.headers.allow]).toEqual([405, 'PUT']);
  });

  it('still answers 404 for a path no route has', async () => {
    const res = await t.request({ method: 'POST', url: '/api/App/Controler/app/loadChek' });
    expect([res.statusCode, res.json()]).toEqual([404, { status: false, message: messages.routeNotFound }]);
  });

  it('holds for every method every /api route does not answer', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const r of t.app.streamdesk.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    ))
      for (const m of [r.method].flat())
        (byPath.get(r.url) ?? byPath.set(r.url, new Set()).get(r.url)!).add(m);
    const wrong: string[] = [];
    for (const [url, answers] of byPath) {
      const concrete = url.replace(/:([A-Za-z_]+)/g, 'x0');
      for (const method of METHODS.filter((m) => !answers.has(m))) {
        const res = await t.request({ method, url: concrete });
        const allow = String(res.headers.allow ?? '').split(', ');
        // Another route of the same shape (a parameter where this one has text) may answer it.
        if (res.statusCode === 405 && [...answers].every((m) => allow.includes(m))) continue;
        if (res.statusCode !== 405 && METHODS.some((m) => m === method && pathAnswers(byPath, concrete, m)))
          continue;
        wrong.push(`${method} ${url} → ${res.statusCode} allow=${allow.join(',')}`);
      }
    }
    expect(byPath.size).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  });
});

/** Whether some route pattern other than the one walked takes `url` with `method`. */
function pathAnswers(byPath: Map<string, Set<string>>, url: string, method: string): boolean {
  for (const [pattern, methods] of byPath) {
    if (!methods.has(method)) continue;
    const re = new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
    if (re.test(url)) return true;
  }
  return false;
}
