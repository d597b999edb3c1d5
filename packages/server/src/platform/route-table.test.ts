import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { idempotencyMessages, takesIdempotencyKey } from '@streamdesk/contract/idempotency';
import {
  ACCESS,
  FEATURE_NAMES,
  mayCall,
  refusal,
  ROLES,
  rolesFor,
  type Access,
  type Feature,
} from '@streamdesk/contract/roles';
import { routeMethods, uniqueRoutes } from '../test/routes.js';
import { bearer, signInAs } from '../test/people.js';
import { createTestApp, errorBody, type TestApp } from '../test/test-app.js';

/**
 * Walks the whole route table: every admin route refuses a request without the api-key (403) and
 * without a valid bearer token (401); every app route refuses one without the api-key.
 */
let t: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The table is collected through Fastify's own view of the registered routes.
  routes.push(...uniqueRoutes(t.app.streamdesk.routes));
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:([A-Za-z_]+)/g, 'x0');

describe('route table', () => {
  it('declares who may call every /api route', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(2);
    for (const r of api)
      expect([r.url, r.config?.auth]).toEqual([r.url, expect.stringMatching(/^(app|admin)$/)]);
  });

  it('declares the feature and access of every admin route, a write for every method but GET', () => {
    const admin = routes.filter((r) => r.config?.auth === 'admin');
    expect(admin.length).toBeGreaterThan(60);
    for (const r of admin) {
      const { feature, access } = r.config!;
      const declared = [r.url, FEATURE_NAMES.includes(feature!), ACCESS.includes(access!)];
      expect(declared).toEqual([r.url, true, true]);
      for (const method of routeMethods(r))
        expect([method, r.url, access]).toEqual([method, r.url, method === 'GET' ? 'read' : 'write']);
    }
  });

  it('publishes what each route asks for in the OpenAPI description', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown>; parameters: Record<string, { name: string }> };
      paths: Record<
        string,
        Record<
          string,
          { security?: unknown; parameters?: { in: string; name: string }[]; 'x-roles'?: string[] }
        >
      >;
    }>();
    expect(doc.components.securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.components.parameters.idempotencyKey?.name).toBe('Idempotency-Key');
    const expected = { app: [{ apiKey: [] }], admin: [{ apiKey: [], bearer: [] }] };
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    for (const r of api) {
      const path = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      for (const method of routeMethods(r)) {
        const operation = doc.paths[path]?.[method.toLowerCase()];
        expect([method, r.url, operation?.security]).toEqual([
          method,
          r.url,
          expected[r.config!.auth as 'app' | 'admin'],
        ]);
        const { feature, access } = r.config!;
        const roles = feature && access ? rolesFor(feature, access) : undefined;
        expect([method, r.url, operation?.['x-roles']]).toEqual([method, r.url, roles]);
        const takesKey = takesIdempotencyKey({ auth: r.config?.auth, method });
        const keyHeader = operation?.parameters?.find(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key',
        );
        expect([method, r.url, keyHeader !== undefined]).toEqual([method, r.url, takesKey]);
      }
    }
  });

  it('refuses admin routes without the api-key or without a token', async () => {
    const admin = routes.filter((r) => r.config?.auth === 'admin');
    expect(admin.length).toBeGreaterThan(1);
    for (const r of admin) {
      for (const method of routeMethods(r)) {
        const url = fill(r.url);
        const noKey = await t.app.inject({ method, url, headers: { authorization: `Bearer ${t.token}` } });
        expect([method, url, noKey.statusCode]).toEqual([method, url, 403]);
        expect(noKey.json()).toEqual(errorBody('Invalid or missing api-key header.'));
        const wrongKey = await t.app.inject({ method, url, headers: { 'api-key': 'wrong-key-0123456789' } });
        expect([method, url, wrongKey.statusCode]).toEqual([method, url, 403]);
        const noToken = await t.app.inject({ method, url, headers: { 'api-key': t.config.apiKey } });
        expect([method, url, noToken.statusCode]).toEqual([method, url, 401]);
      }
    }
  });

  it('refuses each role exactly the routes the contract does not grant it, with a 403 naming the role and action', async () => {
    const admin = routes.filter((r) => r.config?.auth === 'admin');
    // Signing out ends the session the other calls use: last.
    const last = (r: RouteOptions) => (r.url === '/api/admin/logout' ? 1 : 0);
    const ordered = [...admin].sort((a, b) => last(a) - last(b));
    for (const role of ROLES) {
      const { token } = await signInAs(t, role);
      let refused = 0;
      for (const r of ordered) {
        const { feature, access } = r.config as { feature: Feature; access: Access };
        for (const method of routeMethods(r)) {
          const res = await t.request({ method, url: fill(r.url), headers: bearer(token) });
          if (mayCall(role, feature, access)) {
            expect([role, method, r.url, res.statusCode === 403]).toEqual([role, method, r.url, false]);
          } else {
            refused++;
            expect([role, method, r.url, res.statusCode, res.json()]).toEqual([
              role,
              method,
              r.url,
              403,
              errorBody(refusal(role, feature, access)),
            ]);
          }
        }
      }
      // The walk saw both sides: an owner is refused nothing, an admin the team, the others much more.
      const least = { owner: 0, admin: 1, editor: 10, analyst: 40 }[role];
      if (role === 'owner') expect(refused).toBe(0);
      else expect([role, refused >= least]).toEqual([role, true]);
    }
  });

  it('lets every admin write take an Idempotency-Key: a bad one is refused, a repeat gets the stored reply', async () => {
    const writes = routes
      .filter((r) => r.config?.auth === 'admin')
      .flatMap((r) => routeMethods(r).map((method) => ({ method, url: fill(r.url) })))
      .filter(({ method }) => takesIdempotencyKey({ auth: 'admin', method }));
    expect(writes.length).toBeGreaterThan(40);
    // Signing out ends the session the others use: last. The walk is another owner's, as "sign out
    // everywhere else" (My account) ends every other session of the person who sends it.
    const signOut = writes.filter(({ url }) => url === '/api/admin/logout');
    expect(signOut).toHaveLength(1);
    const { token } = await signInAs(t, 'owner');
    let n = 0;
    for (const { method, url } of [...writes.filter((w) => !signOut.includes(w)), ...signOut]) {
      const headers = (key: string) => ({ 'idempotency-key': key, authorization: `Bearer ${token}` });
      const bad = await t.request({ method, url, headers: headers('not a key') });
      expect([method, url, bad.statusCode, bad.json()]).toEqual([
        method,
        url,
        400,
        errorBody(idempotencyMessages.badKey),
      ]);
      const key = `route-walk-key-${++n}`;
      // Empty requests: most are refused (400, 404), which is a reply like any other.
      const first = await t.request({ method, url, headers: headers(key) });
      expect([method, url, first.statusCode < 500]).toEqual([method, url, true]);
      // A replayed sign-out meets its ended session first (401), as it should.
      if (signOut.some((w) => w.url === url)) continue;
      const again = await t.request({ method, url, headers: headers(key) });
      expect([method, url, again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([
        method,
        url,
        first.statusCode,
        'true',
        first.body,
      ]);
    }
  });

  it('refuses app routes without the api-key', async () => {
    for (const r of routes.filter((x) => x.config?.auth === 'app')) {
      for (const method of routeMethods(r)) {
        const res = await t.app.inject({ method, url: fill(r.url) });
        expect([method, r.url, res.statusCode]).toEqual([method, r.url, 403]);
      }
    }
  });

  it('answers JSON sent to any form route with 415 naming the type it takes', async () => {
    const forms = routes.filter((r) => (r.schema as { consumes?: string[] } | undefined)?.consumes);
    expect(forms.length).toBeGreaterThan(8);
    for (const r of forms) {
      for (const method of routeMethods(r)) {
        const res = await t.request({ method, url: fill(r.url), payload: { a: 1 } });
        expect([method, r.url, res.statusCode, res.json()]).toEqual([
          method,
          r.url,
          415,
          errorBody('The request is not multipart/form-data'),
        ]);
      }
    }
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('No such route.'));
  });

  it('sends app replies with nosniff but without the page-level headers, which admin replies keep', async () => {
    for (const url of ['/api/App/Controler/maintenance/status', '/api/App/stories']) {
      const appReply = await t.request({ method: 'GET', url, admin: false });
      expect([url, appReply.statusCode]).toEqual([url, 200]);
      expect(appReply.headers['x-content-type-options']).toBe('nosniff');
      expect(appReply.headers['content-security-policy']).toBeUndefined();
    }
    const adminReply = await t.request({ method: 'GET', url: '/api/admin/auth/check' });
    expect(adminReply.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
